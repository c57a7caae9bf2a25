import ConformAdapter
import ConformJSON
import Foundation
import Rollout

// The iOS app's rollout as an implementation under test for `conform run --impl`, answering the
// cases of the team's rollout-bucket suite:
//
//   rollout-adapter                       the app's RolloutBucket
//   rollout-adapter --port utf16          a copy hashing UTF-16 code units (drifts on D1)
//   rollout-adapter --port signed-modulo  a copy taking a signed Int32's remainder (drifts on D3)

let arguments = Array(CommandLine.arguments.dropFirst())
let port: DriftingPort?
switch arguments.count {
case 0:
  port = nil
case 2 where arguments[0] == "--port" && DriftingPort(rawValue: arguments[1]) != nil:
  port = DriftingPort(rawValue: arguments[1])
default:
  let ports = DriftingPort.allCases.map(\.rawValue).joined(separator: " or ")
  FileHandle.standardError.write(Data("usage: rollout-adapter [--port \(ports)]\n".utf8))
  exit(2)
}

var adapter = Adapter(name: port.map { "ios-rollout/\($0.rawValue)" } ?? "ios-rollout", version: "1.0.0")
adapter.register("rollout-bucket") { input in
  try input.fields().rejectUnknown(["userId", "salt", "percent"])
  let (userID, salt, percent) = (try input.string("userId"), try input.string("salt"), try input.int("percent"))
  do {
    let assignment =
      try port?.assignment(userID: userID, salt: salt, percent: Int(percent))
      ?? RolloutBucket.assignment(userID: userID, salt: salt, percent: Int(percent))
    return ["bucket": .int(Int64(assignment.bucket)), "enabled": .bool(assignment.enabled)]
  } catch {
    return ["error": "percent-out-of-range"]
  }
}
adapter.run()
