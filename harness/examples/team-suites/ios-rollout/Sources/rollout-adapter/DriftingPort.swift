import Rollout

/// Two copies of `RolloutBucket.assignment` with one realistic porting bug each, chosen by
/// `--port NAME`: what the suite must catch, by a named case and by `conform fuzz`.
enum DriftingPort: String, CaseIterable {
  /// Hashes the key's UTF-16 code units, as Kotlin's `for (c in key)` does: the same bucket for
  /// every ASCII id, another one for "José" or "🦊" (decision D1).
  case utf16
  /// Reads the hash as a signed 32-bit integer before taking the remainder, as Kotlin's `Int % 100`
  /// does: a negative bucket for every hash from 2^31 up, on at 0% (decision D3).
  case signedModulo = "signed-modulo"

  func assignment(userID: String, salt: String, percent: Int) throws(RolloutBucket.PercentOutOfRange) -> RolloutBucket.Assignment
  {
    guard (0...100).contains(percent) else { throw RolloutBucket.PercentOutOfRange(percent: percent) }
    let key = salt + ":" + userID
    let bucket: Int
    switch self {
    case .utf16:
      var hash: UInt32 = 2_166_136_261
      for unit in key.utf16 {
        hash ^= UInt32(unit)
        hash = hash &* 16_777_619
      }
      bucket = Int(hash % 100)
    case .signedModulo:
      bucket = Int(Int32(bitPattern: RolloutBucket.fnv1a32(Array(key.utf8))) % 100)
    }
    return RolloutBucket.Assignment(bucket: bucket, enabled: bucket < percent)
  }
}
