import ConformAdapter

// The Swift reference implementation of every conform suite, written as the app would write it.
var adapter = Adapter(name: "swift-reference", version: "0.1.0")
adapter.registerSuites(of: .reference)
adapter.run()
