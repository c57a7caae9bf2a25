/// The review prompt's constants. The app ships one value (`.standard`); the conformance suites
/// send their own with every case.
public struct ReviewSettings: Sendable, Equatable {
  /// Games won before the app may ask.
  public var winsBeforeAsking: Int
  /// Whole days that must pass after an attempt before the next one.
  public var cooldownDays: Int
  /// The wait between showing the completion screen and asking.
  public var promptDelay: Delay

  public init(winsBeforeAsking: Int, cooldownDays: Int, promptDelay: Delay = .seconds(2)) {
    self.winsBeforeAsking = winsBeforeAsking
    self.cooldownDays = cooldownDays
    self.promptDelay = promptDelay
  }

  /// What the app ships: three wins, a week between attempts, two seconds after the win.
  public static let standard = ReviewSettings(winsBeforeAsking: 3, cooldownDays: 7)
}
