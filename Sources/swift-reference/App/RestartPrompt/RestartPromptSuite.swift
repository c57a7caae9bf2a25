import ConformAdapter
import ConformJSON

/// One step of a `restart-prompt` timeline (the spec's table of steps).
enum RestartPromptStep {
  case launch, answer, dismiss, restart, kill
  case status(InstallStatus)
}

extension Adapter {
  /// Suite `restart-prompt`: plays the steps against the app's controller and a simulated Play.
  mutating func registerRestartPrompt(_ controller: RestartPromptController.Type) {
    register("restart-prompt") { input in
      let start = try input.fields("start")
      var steps: [RestartPromptStep] = []
      let values = try input.array("steps")
      guard values.count <= 10_000 else { throw JSONShapeError(path: "input.steps", message: "more than 10000 steps") }
      for (index, value) in values.enumerated() {
        let step = try JSONFields(value, path: "input.steps[\(index)]")
        switch try step.string("op") {
        case "launch": steps.append(.launch)
        case "answer": steps.append(.answer)
        case "dismiss": steps.append(.dismiss)
        case "restart": steps.append(.restart)
        case "kill": steps.append(.kill)
        case "status": steps.append(.status(try step.installStatus("installStatus")))
        case let op: throw JSONShapeError(path: step.pathOf("op"), message: "unknown step \"\(op)\"")
        }
      }
      let play = SimulatedPlay(status: try start.installStatus("installStatus"), controller: controller)
      for (index, step) in steps.enumerated() { play.apply(step, index: index) }
      return [
        "effects": .array(play.effects),
        "final": [
          "installStatus": .string(play.status.rawValue), "prompt": .string(play.app?.promptName ?? "none"),
          "queryPending": .bool(!play.pendingQueries.isEmpty), "running": .bool(play.app != nil),
        ],
      ]
    }
  }
}

extension JSONFields {
  fileprivate func installStatus(_ key: String) throws(JSONShapeError) -> InstallStatus {
    let name = try string(key)
    guard let status = InstallStatus(rawValue: name) else {
      throw JSONShapeError(path: pathOf(key), message: "unknown install status \"\(name)\"")
    }
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
