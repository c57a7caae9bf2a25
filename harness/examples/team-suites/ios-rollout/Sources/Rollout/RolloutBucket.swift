/// Which of 100 buckets a user falls in for a percentage rollout, and whether the feature is on
/// for them: the same answer as the Android app and the backend (the rollout-bucket suite).
public enum RolloutBucket {
  /// One user's place in one rollout.
  public struct Assignment: Equatable, Sendable {
    /// 0 to 99.
    public var bucket: Int
    public var enabled: Bool

    public init(bucket: Int, enabled: Bool) {
      self.bucket = bucket
      self.enabled = enabled
    }
  }

  /// A rollout configured with a percent outside 0 to 100.
  public struct PercentOutOfRange: Error, Equatable, Sendable {
    public var percent: Int

    public init(percent: Int) { self.percent = percent }
  }

  /// The assignment of `userID` in the rollout named `salt` at `percent` (0 to 100).
  public static func assignment(userID: String, salt: String, percent: Int) throws(PercentOutOfRange) -> Assignment {
    guard (0...100).contains(percent) else { throw PercentOutOfRange(percent: percent) }
    let bucket = self.bucket(userID: userID, salt: salt)
    return Assignment(bucket: bucket, enabled: bucket < percent)
  }

  /// The user's bucket, 0 to 99: FNV-1a of the key's UTF-8 bytes, modulo 100.
  public static func bucket(userID: String, salt: String) -> Int {
    Int(fnv1a32(Array((salt + ":" + userID).utf8)) % 100)
  }

  /// 32-bit FNV-1a of `bytes`.
  public static func fnv1a32(_ bytes: [UInt8]) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return hash
  }
}
