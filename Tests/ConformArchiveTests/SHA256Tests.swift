import ConformArchive
import Testing

@testable import ConformFixtures

/// SHA-256 against FIPS 180-4's vectors and the block boundaries, one-shot and fed in pieces.
@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    // 55 bytes: the last that leaves room for the length in one block; 56: the first that does not.
    (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
  ])
  func knownDigests(text: String, digest: String) {
    #expect(SHA256.hex(Array(text.utf8)) == digest)
    // The same bytes fed one at a time.
    var hasher = SHA256()
    for byte in text.utf8 { hasher.update([byte]) }
    #expect(hasher.finalizeHex() == digest)
  }
}
