import AppConformance
import ConformAdapter
import Dispatch
import Foundation

// The iOS app's logic as an implementation under test for `conform run --impl`.
//
// The app's review prompt scheduler is @MainActor, as in the iOS target, and `run()` blocks the
// thread that calls it while an async handler runs. So the adapter serves from a thread of its own
// and the main thread stays free to run the main actor (`dispatchMain()`); `run()` exits the
// process when the harness closes standard input. An app with no @MainActor code under test can
// call `adapter.run()` straight from here instead.
let server = Thread {
  var adapter = Adapter(name: "ios-app", version: "1.0.0")
  adapter.registerAppSuites()
  adapter.run()
}
server.start()
dispatchMain()
