/// "Did you mean …?" for a mistyped command or option, by edit distance.
enum Suggestion {
  /// The candidate closest to `word`, when it is close enough to be a typo: at most one edit for
  /// a word of up to 4 letters, two for a longer one (leading dashes not counted). An edit is
  /// inserting, deleting or changing a letter, or swapping two neighbours. Ties go to the first.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let core = Array(word.drop { $0 == "-" })
    guard !core.isEmpty else { return nil }
    let allowed = core.count <= 4 ? 1 : 2
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = distance(Array(word), Array(candidate))
      if distance <= allowed, distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// ` did you mean "run"?` to append to a message, or nothing.
  static func phrase(for word: String, among candidates: [String]) -> String {
    closest(to: word, among: candidates).map { ": did you mean \"\($0)\"?" } ?? ""
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours, each 1.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
