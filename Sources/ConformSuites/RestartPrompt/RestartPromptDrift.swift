/// Decisions of the `restart-prompt` spec that a model breaks, each in the way the spec's
/// **Drift** names: the bit of decision `n` is `1 << n`. The reference model breaks none.
struct RestartPromptDrift: OptionSet, Sendable {
  let rawValue: UInt32

  init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The drift of decision `n` (`### D<n>.`).
  init(decision n: Int) { rawValue = 1 << UInt32(n) }

  /// D1: a launch only registers the listener and sends no query.
  static let listenerOnly = Self(decision: 1)
  /// D2: every DOWNLOADED report shows the prompt, over one visible or dismissed.
  static let promptEveryCallback = Self(decision: 2)
  /// D3: a dismissal is not remembered: the prompt goes back to none.
  static let forgetDismissal = Self(decision: 3)
  /// D4: a status other than DOWNLOADED changes nothing.
  static let otherStatusIgnored = Self(decision: 4)
  /// D5: Restart ends the process without `completeUpdate()`: nothing is installed.
  static let restartWithoutInstall = Self(decision: 5)
  /// D6: a kill does not drop the pending query; it answers later.
  static let queryOutlivesProcess = Self(decision: 6)
  /// D7: the dismissal is saved across launches.
  static let dismissalPersists = Self(decision: 7)
  /// D8: a running app does not hear status changes: only the launch query reports.
  static let queryOnly = Self(decision: 8)
  /// D9: a dismiss with no prompt on screen is remembered as a dismissal.
  static let dismissWithoutPrompt = Self(decision: 9)
  /// D10: Restart acts whenever the app runs, with no prompt visible.
  static let restartWithoutPrompt = Self(decision: 10)
  /// D12: with the app not running, `final.prompt` reports the ended process's prompt.
  static let promptOutlivesProcess = Self(decision: 12)

  /// The decisions that have a drift model, ascending: every decision but the base rule (D11)
  /// and the domain (D13), which no step model breaks.
  static let modelled = Array(1...10) + [12]
}
