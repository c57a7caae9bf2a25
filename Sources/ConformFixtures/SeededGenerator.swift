/// SplitMix64: a small, well-mixed generator whose sequence depends only on its seed, on every
/// platform and Swift version (the standard library's generator promises neither), so that
/// `--shuffle SEED` replays the same order anywhere, and `conform fuzz --seed N` the same cases.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`, without modulo bias (Lemire's method with rejection).
  public mutating func below(_ bound: UInt64) -> UInt64 {
    precondition(bound > 0)
    while true {
      let product = next().multipliedFullWidth(by: bound)
      if product.low >= (0 &- bound) % bound { return product.high }
    }
  }
}

extension Array {
  /// Fisher–Yates with `SeededGenerator`: the same seed gives the same order everywhere.
  package mutating func shuffle(seed: UInt64) {
    guard count > 1 else { return }
    var generator = SeededGenerator(seed: seed)
    for index in stride(from: count - 1, to: 0, by: -1) {
      let other = Int(generator.below(UInt64(index + 1)))
      if other != index { swapAt(index, other) }
    }
  }
}
