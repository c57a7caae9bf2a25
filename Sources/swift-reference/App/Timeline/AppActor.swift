/// Where the app's UI code runs in these suites: a stand-in for the main actor.
///
/// In the app the scheduler, UIKit and StoreKit calls live on `@MainActor`. Here the main thread
/// runs the protocol loop and waits while a case runs, so nothing scheduled on the main actor
/// would ever run. This global actor gives the code the same guarantee (one piece of UI code at a
/// time, in order) on the cooperative pool instead.
@globalActor
actor AppActor {
  static let shared = AppActor()
}
