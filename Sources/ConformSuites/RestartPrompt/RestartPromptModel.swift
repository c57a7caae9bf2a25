import ConformJSON

/// Play's install status of a flexible in-app update (Play Core's `InstallStatus`).
public enum InstallStatus: String, Sendable, CaseIterable {
  case unknown, pending, downloading, downloaded, installing, installed, failed, canceled
}

/// One event of a `restart-prompt` timeline (see the spec's table of steps).
public enum RestartPromptStep: Sendable, Equatable {
  case launch
  case answer
  case status(InstallStatus)
  case dismiss
  case restart
  case kill
}

/// What the user sees of the restart prompt in the running process.
public enum PromptState: String, Sendable {
  case none, visible, dismissed
}

/// The reference model of the `restart-prompt` suite: Play's install status, which outlives the
/// app's process, and the app's process with its listener, its pending status query and its
/// prompt.
public struct RestartPromptModel: Sendable {
  public private(set) var status: InstallStatus
  public private(set) var running = false
  public private(set) var queryPending = false
  public private(set) var prompt = PromptState.none
  public private(set) var effects: [JSONValue] = []
  /// The index of the step being applied, from 0.
  private var step = 0
  /// The spec's decisions this model breaks, each in the way its **Drift** names; none for the
  /// reference (`RestartPromptDecisions.swift`).
  let drift: RestartPromptDrift
  /// A dismissal saved across launches (the drift of D7 only).
  private var savedDismissal = false
  /// The prompt of the process that ended, still reported while the app is not running (the
  /// drift of D12 only).
  private var endedPrompt: PromptState?

  public init(status: InstallStatus) { self.init(status: status, drift: []) }

  /// The reference model, or with `drift` a port that breaks those decisions.
  init(status: InstallStatus, drift: RestartPromptDrift) {
    self.status = status
    self.drift = drift
  }

  public mutating func apply(_ event: RestartPromptStep) {
    switch event {
    case .launch:
      guard !running else { break }
      // The listener is registered and the query sent as the process starts.
      running = true
      endedPrompt = nil
      queryPending = !drift.contains(.listenerOnly)
    case .answer:
      guard queryPending else { break }
      queryPending = false
      learn(status)
    case .status(let new):
      status = new
      if running, !drift.contains(.queryOnly) { learn(new) }
    case .dismiss:
      if prompt == .visible {
        prompt = drift.contains(.forgetDismissal) ? .none : .dismissed
        if drift.contains(.dismissalPersists) { savedDismissal = true }
      } else if drift.contains(.dismissWithoutPrompt), running, prompt == .none {
        prompt = .dismissed
      }
    case .restart:
      guard prompt == .visible || (drift.contains(.restartWithoutPrompt) && running) else { break }
      if drift.contains(.restartWithoutInstall) {
        endProcess()
        break
      }
      effects.append(["effect": "completeUpdate", "step": .int(Int64(step))])
      status = .installed
      endProcess()
    case .kill:
      endProcess()
    }
    step += 1
  }

  /// The app learns Play's status, from its listener or from its query's answer.
  private mutating func learn(_ reported: InstallStatus) {
    if reported == .downloaded {
      if drift.contains(.dismissalPersists), savedDismissal { return }
      guard prompt == .none || drift.contains(.promptEveryCallback) else { return }
      prompt = .visible
      effects.append(["effect": "showPrompt", "step": .int(Int64(step))])
    } else {
      if drift.contains(.otherStatusIgnored) { return }
      savedDismissal = false
      if prompt == .visible { effects.append(["effect": "hidePrompt", "step": .int(Int64(step))]) }
      prompt = .none
    }
  }

  private mutating func endProcess() {
    running = false
    if !drift.contains(.queryOutlivesProcess) { queryPending = false }
    if drift.contains(.promptOutlivesProcess) { endedPrompt = prompt }
    prompt = .none
  }

  /// The prompt `final.prompt` reports: none while the app is not running (D12).
  public var reportedPrompt: PromptState { endedPrompt ?? prompt }

  /// Whether `output` is the same as `other`'s, compared field by field without building
  /// either: `decisions(of:)` compares every drifted model with the reference for each case.
  func hasSameOutput(as other: RestartPromptModel) -> Bool {
    status == other.status && reportedPrompt == other.reportedPrompt && queryPending == other.queryPending
      && running == other.running
      && effects == other.effects
  }

  /// The output's members are written in key order: the generator makes millions of them.
  public var output: JSONValue {
    let final = JSONObject(sortedMembers: [
      ("installStatus", .string(status.rawValue)), ("prompt", .string(reportedPrompt.rawValue)),
      ("queryPending", .bool(queryPending)),
      ("running", .bool(running)),
    ])
    return .object(JSONObject(sortedMembers: [("effects", .array(effects)), ("final", .object(final))]))
  }
}

/// A whole `restart-prompt` case.
public struct RestartPromptInput: Sendable, Equatable {
  public var status: InstallStatus
  public var steps: [RestartPromptStep]

  static let maxSteps = 10_000

  public init(status: InstallStatus, steps: [RestartPromptStep]) {
    self.status = status
    self.steps = steps
  }

  /// The input `json` is, outside the spec's domain or not (D13).
  ///
  /// - Throws: `JSONShapeError` naming the field when `json` is not a `restart-prompt` input at
  ///   all (a member missing, of the wrong type, or unknown), which the tables never hold.
  public static func read(_ json: JSONValue) throws(JSONShapeError) -> RestartPromptCase {
    let fields = try JSONFields(json)
    try fields.rejectUnknown(["start", "steps"])
    let start = try fields.fields("start")
    try start.rejectUnknown(["installStatus"])
    let values = try fields.array("steps")
    // D13's order: the count, then the start, then each step in order; the first refusal answers.
    guard values.count <= Self.maxSteps else { return .refused(.tooManySteps) }
    guard let status = InstallStatus(rawValue: try start.string("installStatus")) else {
      return .refused(.unknownInstallStatus)
    }
    var steps: [RestartPromptStep] = []
    steps.reserveCapacity(values.count)
    for (index, value) in values.enumerated() {
      let step = try JSONFields(value, path: "steps[\(index)]")
      let op = try step.string("op")
      switch op {
      case "launch": steps.append(.launch)
      case "answer": steps.append(.answer)
      case "dismiss": steps.append(.dismiss)
      case "restart": steps.append(.restart)
      case "kill": steps.append(.kill)
      case "status":
        guard let reported = InstallStatus(rawValue: try step.string("installStatus")) else {
          return .refused(.unknownInstallStatus)
        }
        steps.append(.status(reported))
      default: return .refused(.unknownStep)
      }
      try step.rejectUnknown(op == "status" ? ["op", "installStatus"] : ["op"])
    }
    return .timeline(RestartPromptInput(status: status, steps: steps))
  }

  /// The input `json` is, inside the spec's domain.
  ///
  /// - Throws: `JSONShapeError` as `read(_:)` does, and naming the reason when the spec puts
  ///   `json` outside its domain (D13).
  public init(json: JSONValue) throws(JSONShapeError) {
    switch try Self.read(json) {
    case .timeline(let timeline): self = timeline
    case .refused(let reason): throw JSONShapeError(path: "", message: "outside the domain: \(reason.rawValue)")
    }
  }

  public var json: JSONValue {
    ["start": ["installStatus": .string(status.rawValue)], "steps": .array(steps.map(\.json))]
  }
}

extension RestartPromptStep {
  public var json: JSONValue {
    switch self {
    case .launch: ["op": "launch"]
    case .answer: ["op": "answer"]
    case .status(let status): ["installStatus": .string(status.rawValue), "op": "status"]
    case .dismiss: ["op": "dismiss"]
    case .restart: ["op": "restart"]
    case .kill: ["op": "kill"]
    }
  }
}

/// A well-formed `restart-prompt` input: a timeline the model runs, or one the spec puts outside
/// its domain (D13), answered `{"error": reason}`.
public enum RestartPromptCase: Sendable, Equatable {
  case timeline(RestartPromptInput)
  case refused(RestartPromptRefusal)
}

/// Why a well-formed input is outside the `restart-prompt` domain (D13): the reason codes the spec
/// lists.
public enum RestartPromptRefusal: String, Sendable, CaseIterable {
  /// More than `RestartPromptInput.maxSteps` steps.
  case tooManySteps = "too-many-steps"
  /// An install status (the start's or a `status` step's) that is not one of Play's.
  case unknownInstallStatus = "unknown-install-status"
  /// A step whose `op` is not one of the spec's.
  case unknownStep = "unknown-step"

  /// The output the spec requires: `{"error": reason}`.
  public var output: JSONValue { ["error": .string(rawValue)] }
}
