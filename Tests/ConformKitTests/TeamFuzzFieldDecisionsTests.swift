import ConformTestSupport
import Foundation
import Testing
@testable import ConformFixtures

/// `conform fuzz --suite` of a suite whose model answers drifts but lists no decisions in its
/// answers, over a domain whose fields list them (the scaffold's): a fuzzed input exercises its
/// fields' decisions, as the table's generated cases do, so each finding is filed under the
/// decision whose drift gives the implementation's answer.
@Suite struct TeamFuzzFieldDecisionsTests {
  /// The scaffold's model, answering D1's drift (the discount rounded half up) and D2's (the
  /// percent clamped to 0...100) when a request names one.
  private static let drifting = """
    def decide(case, drift=None):
        price, percent = case["priceCents"], case["percent"]
        if not 0 <= percent <= 100:
            if drift != "D2":
                return {"error": "percent-out-of-range"}
            percent = max(0, min(100, percent))
        if drift == "D1":
            return {"discountedCents": price - (price * percent + 50) // 100}
        return {"discountedCents": price - price * percent // 100}


    def respond(request):
        drift = request.get("drift")
        if drift not in (None, "D1", "D2"):
            return {"type": "error", "seq": request["seq"], "id": request["id"], "message": "no drift " + drift}
        return {"type": "result", "seq": request["seq"], "id": request["id"], "output": decide(request["input"], drift)}

    """

  /// An app with both bugs: it rounds half up and clamps the percent.
  private static let app = """
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "hello":
            answer = {"type": "hello", "protocol": 1, "name": "app", "language": "python", "version": "1", "suites": ["price-discount"]}
        else:
            price, percent = request["input"]["priceCents"], max(0, min(100, request["input"]["percent"]))
            output = {"discountedCents": price - (price * percent + 50) // 100}
            answer = {"type": "result", "seq": request["seq"], "id": request["id"], "output": output}
        print(json.dumps(answer), flush=True)

    """

  @Test(.timeLimit(.minutes(30))) func aModelThatListsNoDecisionsGetsItsFindingsFiledByTheFieldsDecisions() async throws {
    let scaffold = try await ScaffoldedSuite.make()
    var model = try String(contentsOf: scaffold.model, encoding: .utf8)
    let start = try #require(model.range(of: "def decide(case):"))
    let end = try #require(model.range(of: "def main():"))
    model.replaceSubrange(start.lowerBound..<end.lowerBound, with: Self.drifting)
    let call = """
      answer = {"type": "result", "seq": request["seq"], "id": request["id"],
                            "output": decide(request["input"])}
      """
    #expect(model.contains(call), "the scaffold's model.py answers as this test expects")
    model = model.replacingOccurrences(of: call, with: "answer = respond(request)")
    try model.write(to: scaffold.model, atomically: true, encoding: .utf8)
    let app = scaffold.root.appendingPathComponent("app.py")
    try Self.app.write(to: app, atomically: true, encoding: .utf8)

    let outcome = try await TestSupport.run(
      TestSupport.binary("conform"),
      ["fuzz", "--suite", scaffold.folder.path, "--impl", "python3", "--impl-arg", app.path, "--seed", "1"])
    #expect(outcome.status == 1, "\(outcome.stdout)\n\(outcome.stderr)")
    #expect(outcome.stdout.contains("  cause: price-discount/D1: "), "\(outcome.stdout)")
    #expect(outcome.stdout.contains("  cause: price-discount/D2: "), "\(outcome.stdout)")
  }
}
