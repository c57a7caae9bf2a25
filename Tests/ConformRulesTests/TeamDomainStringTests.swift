import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// The random strings `conform fuzz --suite` draws from a domain's character classes: each
/// class's pieces stay in the class, and reach beyond its fixed samples.
@Suite struct TeamDomainStringTests {
  /// Many pieces of `kind`, from one seed.
  private func pieces(_ kind: TeamDomain.StringClass, count: Int = 2_000) -> [String] {
    var generator = SeededGenerator(seed: 7)
    return (0..<count).map { _ in kind.randomPiece(using: &generator) }
  }

  @Test(arguments: TeamDomain.StringClass.allCases.filter { $0 != .empty })
  func piecesGoBeyondTheSamples(_ kind: TeamDomain.StringClass) {
    let drawn = Set(pieces(kind))
    let beyond = drawn.subtracting(kind.samples)
    #expect(beyond.count >= 3, "\(kind): only \(beyond.sorted()) beyond the samples")
  }

  @Test func eachClassKeepsToItsCharacters() {
    for piece in pieces(.nonASCIIDigits) where !TeamDomain.StringClass.nonASCIIDigits.samples.contains(piece) {
      #expect(
        piece.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal && !$0.isASCII }, "\(piece.debugDescription)")
    }
    for piece in pieces(.digits) {
      #expect(!piece.isEmpty && piece.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }, "\(piece.debugDescription)")
    }
    for piece in pieces(.whitespace) where !TeamDomain.StringClass.whitespace.samples.contains(piece) {
      // Unicode's white space, or an invisible character taken for it (zero width space, BOM, Mongolian vowel separator).
      #expect(
        piece.unicodeScalars.allSatisfy { $0.properties.isWhitespace || [0x200B, 0xFEFF, 0x180E].contains($0.value) },
        "\(piece.debugDescription)")
    }
    for piece in pieces(.combining) where !TeamDomain.StringClass.combining.samples.contains(piece) {
      #expect(piece.unicodeScalars.dropFirst().allSatisfy { (0x300...0x36F).contains($0.value) }, "\(piece.debugDescription)")
      #expect(piece.count == 1, "a letter and its marks are one character: \(piece.debugDescription)")
    }
    #expect(pieces(.empty).allSatisfy { $0.isEmpty })
  }

  @Test func theSameSeedDrawsTheSamePieces() {
    for kind in TeamDomain.StringClass.allCases { #expect(pieces(kind, count: 200) == pieces(kind, count: 200)) }
  }
}
