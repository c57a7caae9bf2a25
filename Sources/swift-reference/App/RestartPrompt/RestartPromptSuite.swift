import ConformAdapter
import ConformJSON

/// One step of a `restart-prompt` timeline (the spec's table of steps).
enum RestartPromptStep {
  case launch, answer, dismiss, restart, kill
  case status(InstallStatus)
}

/// Why a well-formed case is outside the suite's domain (spec D13), as its `error` reason.
enum RestartPromptRefusal: String, Error {
  case tooManySteps = "too-many-steps"
  case unknownInstallStatus = "unknown-install-status"
  case unknownStep = "unknown-step"
}

extension Adapter {
  /// Suite `restart-prompt`: plays the steps against the app's controller and a simulated Play.
  mutating func registerRestartPrompt(_ controller: RestartPromptController.Type) {
    register("restart-prompt") { input in
      let start: InstallStatus
      let steps: [RestartPromptStep]
      do {
        (start, steps) = try Self.readRestartPrompt(input)
      } catch let refusal as RestartPromptRefusal {
        return ["error": .string(refusal.rawValue)]
      }
      let play = SimulatedPlay(status: start, controller: controller)
      for (index, step) in steps.enumerated() { play.apply(step, index: index) }
      return [
        "effects": .array(play.effects),
        "final": [
          // A process that ended shows nothing: no app, no prompt (D12).
          "installStatus": .string(play.status.rawValue), "prompt": .string(play.app?.promptName ?? "none"),
          "queryPending": .bool(!play.pendingQueries.isEmpty), "running": .bool(play.app != nil),
        ],
      ]
    }
  }

  /// The start and the steps, in the spec's order: the count, the start, then each step.
  ///
  /// - Throws: `RestartPromptRefusal` for the first thing outside the domain; `JSONShapeError`
  ///   for a case that is not well-formed.
  private static func readRestartPrompt(_ input: CaseInput) throws -> (InstallStatus, [RestartPromptStep]) {
    let values = try input.array("steps")
    guard values.count <= 10_000 else { throw RestartPromptRefusal.tooManySteps }
    let start = try input.fields("start").installStatus("installStatus")
    var steps: [RestartPromptStep] = []
    for (index, value) in values.enumerated() {
      let step = try JSONFields(value, path: "input.steps[\(index)]")
      switch try step.string("op") {
      case "launch": steps.append(.launch)
      case "answer": steps.append(.answer)
      case "dismiss": steps.append(.dismiss)
      case "restart": steps.append(.restart)
      case "kill": steps.append(.kill)
      case "status": steps.append(.status(try step.installStatus("installStatus")))
      default: throw RestartPromptRefusal.unknownStep
      }
    }
    return (start, steps)
  }
}

extension JSONFields {
  fileprivate func installStatus(_ key: String) throws -> InstallStatus {
    guard let status = InstallStatus(rawValue: try string(key)) else { throw RestartPromptRefusal.unknownInstallStatus }
    return status
  }
}

/// Play's side and the device: the install status outlives the app's process; the listener and
/// the pending query belong to the process and die with it.
final class SimulatedPlay: AppUpdateManaging, RestartPromptPresenting, PersistentSettings {
  let controller: RestartPromptController.Type
  var status: InstallStatus
  var app: RestartPromptController?
  var listeners: [(InstallStatus) -> Void] = []
  var pendingQueries: [(InstallStatus) -> Void] = []
  var effects: [JSONValue] = []
  var stored: [String: Bool] = [:]
  private var step = 0
  private var completeRequested = false

  init(status: InstallStatus, controller: RestartPromptController.Type) {
    self.status = status
    self.controller = controller
  }

  func apply(_ event: RestartPromptStep, index: Int) {
    step = index
    switch event {
    case .launch:
      guard app == nil else { return }
      let app = controller.init(updates: self, presenter: self, settings: self)
      self.app = app
      app.onLaunch()
    case .answer:
      guard !pendingQueries.isEmpty else { return }
      let query = pendingQueries.removeFirst()
      query(status)
    case .status(let new):
      status = new
      for listener in listeners { listener(new) }
    case .dismiss:
      app?.userDismissed()
    case .restart:
      app?.userTappedRestart()
      if completeRequested {
        completeRequested = false
        status = .installed
        kill()
      }
    case .kill:
      kill()
    }
  }

  private func kill() {
    app = nil
    listeners = []
    pendingQueries = []
  }

  func requestAppUpdateInfo(onSuccess: @escaping (InstallStatus) -> Void) { pendingQueries.append(onSuccess) }
  func registerListener(_ listener: @escaping (InstallStatus) -> Void) { listeners.append(listener) }

  func completeUpdate() {
    effects.append(["effect": "completeUpdate", "step": .int(Int64(step))])
    completeRequested = true
  }

  func showRestartPrompt() { effects.append(["effect": "showPrompt", "step": .int(Int64(step))]) }
  func hideRestartPrompt() { effects.append(["effect": "hidePrompt", "step": .int(Int64(step))]) }

  subscript(key: String) -> Bool {
    get { stored[key] ?? false }
    set { stored[key] = newValue }
  }
}
