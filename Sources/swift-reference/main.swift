import ConformAdapter

// The Swift reference implementation of every conform suite, written as the app would write it.
// "0.1.0" is this implementation's own version (its hello line, reports' labels), not conform's
// (ConformVersion.current): it changes when the reference's answers do, as an app's would.
var adapter = Adapter(name: "swift-reference", version: "0.1.0")
adapter.registerSuites(of: .reference)
adapter.run()
