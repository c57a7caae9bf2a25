import ConformTestSupport
import Foundation
import Testing
@testable import ConformFixtures

/// `conform fuzz --suite` asks the model once per distinct input and the implementation for
/// every case: the scaffold's model and the same model as the implementation each write the
/// inputs they are asked about to a file of their own, and the files are compared with what
/// the search says it ran.
@Suite struct TeamFuzzModelCacheTests {
  @Test(.timeLimit(.minutes(30))) func theModelIsAskedOnceAnInputAndTheImplementationEveryCase() async throws {
    let scaffold = try await ScaffoldedSuite.make("model cache")
    let modelLog = scaffold.root.appendingPathComponent("model-inputs.jsonl")
    let appLog = scaffold.root.appendingPathComponent("app-inputs.jsonl")
    let request = "        request = json.loads(line)\n"
    // The model logs each case request's input; a request with a drift is attribution's, not fuzz's.
    let logging = { (log: URL) in
      request
        + "        if request[\"type\"] == \"case\" and \"drift\" not in request:\n"
        + "            with open(\(String(reflecting: log.path)), \"a\") as log:\n"
        + "                log.write(json.dumps(request[\"input\"], sort_keys=True) + \"\\n\")\n"
    }
    let source = try String(contentsOf: scaffold.model, encoding: .utf8)
    let app = scaffold.root.appendingPathComponent("app.py")
    try source.replacingOccurrences(of: request, with: logging(appLog)).write(to: app, atomically: true, encoding: .utf8)
    try scaffold.editModel(replacing: request, with: logging(modelLog))

    let fuzz = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["fuzz", "--suite", scaffold.folder.path, "--impl", "python3", "--impl-arg", app.path, "--seed", "1", "--cases", "20000"])
    #expect(fuzz.status == 0, "\(fuzz.stdout)\n\(fuzz.stderr)")
    #expect(fuzz.stdout.contains("nothing found: 20,000 cases"), "\(fuzz.stdout)")
    let asked = try String(contentsOf: modelLog, encoding: .utf8).split(separator: "\n")
    let answered = try String(contentsOf: appLog, encoding: .utf8).split(separator: "\n")
    #expect(answered.count == 20_000)
    // Every input the implementation answered, the model was asked about, once; the search
    // draws some inputs more than once (boundary values), so the model answers fewer requests.
    #expect(Set(asked).count == asked.count, "the model was asked about an input twice")
    #expect(Set(asked) == Set(answered))
    #expect(asked.count < answered.count, "\(asked.count) model requests for \(answered.count) cases")
  }
}
