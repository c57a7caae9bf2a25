import ConformJSON
import ConformReport
import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

/// The catalogue ports written from real libraries' behaviours (issue 44), run as a user runs
/// them: every failing case's cause is derived by hand from the port's code (the functions below,
/// one per port, each a mirror of "this input hits bug X because ..."), never from conform's
/// output, and compared with the cause conform files it under.
///
/// A true cause is a list of decisions: one (filed under it), two (a case that hits two bugs:
/// filed under either, where it meets the other), or none: the input hits a bug no documented
/// drift reproduces, which must be filed as `unexplained`, never as a broken decision.
@Suite struct AttributionCataloguePortTests {
  struct Truth: Equatable {
    var decisions: [Int]
    var why: String
    static func unexplained(_ why: String) -> Truth { Truth(decisions: [], why: why) }
  }

  struct Port: Sendable, CustomTestStringConvertible {
    var name: String
    var suite: String
    /// Failing cases in the built-in tables, and how many the hand reasoning calls unexplained.
    var failures: Int
    var unexplained: Int
    /// Failing cases filed under "one of" several decisions, the true one among them, where the
    /// table holds too few cases of each to tell them apart.
    var oneOf = 0
    var truth: @Sendable (JSONValue, JSONValue?) -> Truth
    var testDescription: String { name }
  }

  static let ports: [Port] = [
    Port(name: "strip-non-digits", suite: "version-compare", failures: 18, unexplained: 5) { input, _ in
      stripNonDigits(remote: input["remote"]!.stringValue!, local: input["local"]!.stringValue!)
    },
    Port(name: "saturating-parts", suite: "version-compare", failures: 2, unexplained: 0) { input, _ in
      saturatingParts(remote: input["remote"]!.stringValue!, local: input["local"]!.stringValue!)
    },
    Port(name: "dash-segmenter", suite: "version-compare", failures: 1, unexplained: 0) { input, _ in
      dashSegmenter(remote: input["remote"]!.stringValue!, local: input["local"]!.stringValue!)
    },
    // The table's one empty-version failure, `"1.0"` against `""`, is D2's answer too (an empty
    // piece read 0), and the port passes 4 of the 5 table cases of each: "D2 or D12".
    Port(name: "grapheme-split-empty-zero", suite: "version-compare", failures: 5, unexplained: 0, oneOf: 1) { input, _ in
      graphemeSplitEmptyZero(remote: input["remote"]!.stringValue!, local: input["local"]!.stringValue!)
    },
    Port(name: "notice-snooze-and-utc", suite: "update-notice", failures: 128, unexplained: 0, truth: noticeSnoozeAndUTC),
    Port(name: "widget-label-cache-unknown", suite: "widget-location", failures: 193, unexplained: 120) { input, _ in
      widgetLabelCacheUnknown(input)
    },
    Port(name: "draw-round-and-header", suite: "draw-freshness", failures: 190, unexplained: 0) { input, _ in
      drawRoundAndHeader(input)
    },
    Port(name: "timeline-two-faults", suite: "timeline", failures: 281, unexplained: 0) { input, _ in
      timelineTwoFaults(input)
    },
    Port(name: "every-download-any-restart", suite: "restart-prompt", failures: 1704, unexplained: 0) { input, _ in
      everyDownloadAnyRestart(input)
    },
  ]

  @Test(.timeLimit(.minutes(30)), arguments: ports)
  func everyFailureIsFiledUnderItsTrueCause(_ port: Port) async throws {
    let folder = TestSupport.temporaryDirectory("attribution-\(port.name)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "run", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", port.name, "--suite", port.suite, "--json",
        "report.json",
      ], currentDirectory: folder)
    #expect(run.status == 1, "\(run.stderr)")
    let report = try JSONReader.parse(String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8))
    let problems = try #require(report["problems"]?.arrayValue)
    #expect(problems.count == port.failures)
    var misfiled: [String] = []
    var oneOf: [String] = []
    var unexplained = 0
    for problem in problems {
      let input = try #require(problem["input"])
      let truth = port.truth(input, problem["actual"])
      let filed = problem["cause"]?.stringValue ?? "none"
      let accepted = truth.decisions.isEmpty ? ["\(port.suite)/unexplained"] : truth.decisions.map { "\(port.suite)/D\($0)" }
      if truth.decisions.isEmpty { unexplained += 1 }
      if filed.contains(" or "), !Set(DecisionProfile.numbers(of: filed)).isDisjoint(with: truth.decisions) {
        oneOf.append("\(input): filed \(filed)")
      } else if !accepted.contains(filed) {
        misfiled.append("\(input): filed \(filed), true cause \(accepted) (\(truth.why))")
      }
    }
    #expect(misfiled == [], "\(misfiled.count) misfiled: \(misfiled.prefix(5))")
    #expect(oneOf.count == port.oneOf, "\(oneOf)")
    #expect(unexplained == port.unexplained)
  }

  /// `conform fuzz` finds one minimal case per true cause of each port, labelled with the cause
  /// the hand reasoning gives it: never a wrong decision (misfiled = 0), a decision at most once.
  /// On the one-bit answers of `strip-non-digits` and `dash-segmenter`, unrelated drifts (D9,
  /// D13) flip many fuzzed answers their undocumented readings fail; the search keeps a label
  /// only where the port answers the minimal case's neighbours as the drift does.
  /// `grapheme-split-empty-zero` (a real update checker's two bugs) holds D12, a decision most of
  /// whose cases list it as the rule that gave the answer: weighed by those, it was doubted and
  /// its minimal case `{"local":"","remote":"1"}` called unexplained.
  @Test(
    .timeLimit(.minutes(30)),
    arguments: [
      "strip-non-digits", "dash-segmenter", "saturating-parts", "grapheme-split-empty-zero", "notice-snooze-and-utc",
      "widget-label-cache-unknown",
      "draw-round-and-header", "timeline-two-faults", "every-download-any-restart",
    ])
  func fuzzLabelsEachMinimalCaseWithItsTrueCause(_ name: String) async throws {
    let port = try #require(Self.ports.first { $0.name == name })
    let fuzz = try await TestSupport.run(
      TestSupport.binary("conform"),
      [
        "fuzz", "--impl", TestSupport.binary("swift-ports"), "--impl-arg", port.name, "--suite", port.suite, "--seed", "1",
        "--shrink-time", "400",
      ], currentDirectory: TestSupport.temporaryDirectory("attribution-fuzz"), timeout: 540)
    #expect(fuzz.status == 1, "\(fuzz.stderr)")
    var labels: [String] = []
    var misfiled: [String] = []
    var cause: String?
    for line in fuzz.stdout.split(separator: "\n").map(String.init) {
      if line.hasPrefix("  cause: ") {
        cause = String(line.dropFirst("  cause: ".count).components(separatedBy: ": ")[0])
      } else if line.hasPrefix("  fixture: "), let filed = cause {
        let fixture = try JSONReader.parse(String(line.dropFirst("  fixture: ".count)))
        let input = try #require(fixture["input"])
        let note = fixture["note"]?.stringValue ?? ""
        let answered = note.range(of: " answered ").flatMap { try? JSONReader.parse(String(note[$0.upperBound...])) }
        let truth = port.truth(input, answered)
        let accepted = truth.decisions.isEmpty ? ["\(port.suite)/unexplained"] : truth.decisions.map { "\(port.suite)/D\($0)" }
        // An honest "one of D, E" that names a true cause is no misfiling; a single wrong decision is.
        let oneOf = filed.contains(" or ") && !Set(DecisionProfile.numbers(of: filed)).isDisjoint(with: truth.decisions)
        if !accepted.contains(filed), !oneOf { misfiled.append("\(input): labelled \(filed), true cause \(accepted)") }
        labels.append(filed)
        cause = nil
      }
    }
    #expect(misfiled == [], "\(fuzz.stdout.prefix(3000))")
    let decisions = labels.filter { !$0.hasSuffix("/unexplained") }
    #expect(!labels.isEmpty && Set(decisions).count == decisions.count, "one minimal case per cause: \(labels)")
  }

  // MARK: version-compare ports

  /// The spec's reading of a piece (`VersionComparison.part`): an optional sign and ASCII digits
  /// within Int64, else 0.
  static func specPart(_ piece: Substring) -> Int64 { Int64(piece) ?? 0 }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

  /// The pieces both ways split: at every U+002E scalar (not at `Character`s, where a dot and the
  /// combining mark after it are one), empty ones kept.
  static func pieces(_ version: String) -> [Substring] {
    version.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map { Substring($0) }
  }

  /// The first piece, at the same place in both versions, that `port` reads otherwise than the
  /// spec (nil when none does).
  static func decisivePiece(remote: String, local: String, port: (Substring) -> Int64) -> Substring? {
    for version in [remote, local] { for piece in pieces(version) where port(piece) != specPart(piece) { return piece } }
    return nil
  }

  /// The spec's comparison of parts (padded with zeros; no parts is never newer).
  static func isNewer(_ remote: [Int64], _ local: [Int64]) -> Bool {
    guard !remote.isEmpty, !local.isEmpty else { return false }
    for index in 0..<max(remote.count, local.count) {
      let (r, l) = (index < remote.count ? remote[index] : 0, index < local.count ? local[index] : 0)
      if r != l { return r > l }
    }
    return false
  }

  /// `strip-non-digits` keeps every piece, empty ones as 0, and reads a piece as its ASCII digits
  /// alone. Each piece it reads otherwise than the spec breaks one rule: an empty piece D2 (read
  /// 0, as D2's drift reads it), a signed piece D6 (its sign dropped; D6's drift reads it 0), a
  /// piece that starts with digits after white space D11 (D11's drift reads its leading number);
  /// a piece that starts with anything else (`v2`, a combining mark or a non-ASCII digit then
  /// `1`) has no documented reading but the spec's 0. The case is explained by those decisions
  /// when reading each piece as their drifts do gives the port's answer, else unexplained.
  static func stripNonDigits(remote: String, local: String) -> Truth {
    let strip = { (piece: Substring) -> Int64 in
      Int64(String(String.UnicodeScalarView(piece.unicodeScalars.filter(isDigit)))) ?? 0
    }
    var broken: Set<Int> = []
    let documented = { (piece: Substring) -> Int64 in
      let scalars = Array(piece.unicodeScalars)
      if scalars.isEmpty { broken.insert(2); return 0 }
      guard strip(piece) != specPart(piece) else { return specPart(piece) }
      if scalars.first == "-" || scalars.first == "+" { broken.insert(6); return 0 }
      let digits = scalars.drop { $0 == " " || $0 == "\t" }.prefix(while: isDigit)
      guard !digits.isEmpty else { return specPart(piece) }
      broken.insert(11)
      return Int64(String(String.UnicodeScalarView(digits))) ?? 0
    }
    let answer = isNewer(pieces(remote).map(strip), pieces(local).map(strip))
    let explained = isNewer(pieces(remote).map(documented), pieces(local).map(documented))
    guard answer == explained, !broken.isEmpty else {
      return .unexplained("no documented reading of the pieces \(remote) and \(local) gives \(answer)")
    }
    return Truth(decisions: broken.sorted(), why: "pieces read as D\(broken.sorted()) drift")
  }

  /// `saturating-parts` differs from the spec only on a piece past Int64, which it reads as the
  /// largest value where the spec reads 0: in order against every other part, as D5's exact wide
  /// reading is.
  static func saturatingParts(remote: String, local: String) -> Truth {
    let wide = [remote, local].flatMap(pieces).contains {
      !$0.isEmpty && Int64($0) == nil && $0.unicodeScalars.allSatisfy(isDigit)
    }
    return wide ? Truth(decisions: [5], why: "a part past Int64 saturated") : .unexplained("no part past Int64")
  }

  /// `dash-segmenter` ends each version at its first `-`: after a digit that drops a pre-release
  /// tag (D13's drift: the core alone decides when it differs). Anywhere else it drops the parts
  /// from the `-` on; where those are one signed number, reading it 0 as D6's drift does gives
  /// the port's answer or not: D6 when it does, else unexplained (no drift drops parts).
  static func dashSegmenter(remote: String, local: String) -> Truth {
    let port = { (version: String) -> [Int64] in
      version.unicodeScalars.prefix { $0 != "-" }.split(separator: ".").map { Int64(String(String.UnicodeScalarView($0))) ?? 0 }
    }
    // The spec's parts, a signed number read 0 (D6's drift).
    let documented = { (version: String) -> [Int64] in
      version.unicodeScalars.split(separator: ".").map { piece in
        piece.first == "-" && piece.count > 1 && piece.dropFirst().allSatisfy(isDigit) ? 0 : specPart(Substring(piece))
      }
    }
    for version in [remote, local] {
      let scalars = Array(version.unicodeScalars)
      guard let dash = scalars.firstIndex(of: "-") else { continue }
      if dash > 0, isDigit(scalars[dash - 1]) { return Truth(decisions: [13], why: "a pre-release tag dropped") }
      let answer = isNewer(port(remote), port(local))
      return answer == isNewer(documented(remote), documented(local))
        ? Truth(decisions: [6], why: "a signed part dropped, answered as read 0")
        : .unexplained("parts the spec reads dropped from a `-`")
    }
    return .unexplained("no dash: the port reads as the spec does")
  }

  /// `grapheme-split-empty-zero` splits at Characters, so a dot that a combining mark follows is
  /// no separator (D7's drift), and reads a version with no parts as 0 (D12's drift); every other
  /// piece it reads as the spec does. A failing case is put down to each bug whose path it takes:
  /// a version holding a dot joined to a mark (D7), a version made of dots alone (D12).
  static func graphemeSplitEmptyZero(remote: String, local: String) -> Truth {
    var broken: [Int] = []
    if [remote, local].contains(where: { $0.contains { $0 != "." && $0.unicodeScalars.first == "." } }) { broken.append(7) }
    if [remote, local].contains(where: { $0.unicodeScalars.allSatisfy { $0 == "." } }) { broken.append(12) }
    return broken.isEmpty
      ? .unexplained("no dot joined to a mark and no empty version: the port reads as the spec")
      : Truth(decisions: broken, why: "its bugs' paths: D\(broken)")
  }

  // MARK: newer suites' ports

  /// `notice-snooze-and-utc`: when not snoozed, the check day is the UTC day (D14) where the
  /// local day differs and the stored day does not count both as checked; "later" with a dialog
  /// shown stores now (D2). Whether the dialog showed is the port's answer (`actual.show`), the
  /// cause never conform's. A case that hits both bugs is reproduced by the pair alone, so it is
  /// filed under either where it meets the other.
  @Sendable static func noticeSnoozeAndUTC(_ input: JSONValue, _ actual: JSONValue?) -> Truth {
    let now = input["now"]!.intValue!
    let offset = input["utcOffsetSeconds"]!.intValue!
    let stored = input["stored"]!
    let next = stored["nextDisplayAt"]?.intValue ?? 0
    guard now >= next else { return .unexplained("snoozed: the port answers as the spec does") }
    let day = { (seconds: Int64) -> Int64 in seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400) }
    let local = day(now + offset)
    let utc = day(now)
    let last = stored["lastCheckDay"]?.intValue
    var decisions: [Int] = []
    if local != utc, !(last.map { $0 >= local && $0 >= utc } ?? false) { decisions.append(14) }
    if input["answer"]?.stringValue == "later", actual?["show"]?.boolValue == true { decisions.append(2) }
    let why =
      decisions == [2, 14]
      ? "both bugs: the UTC day, then later stores now" : decisions == [14] ? "the UTC day" : "later stores now"
    return Truth(decisions: decisions, why: why)
  }

  /// `widget-label-cache-unknown`: a status outside 0...4 read as "while using the app" (no
  /// documented drift); else the label granted for any authorized status (D1) and a cached fix
  /// with a negative accuracy used (D7).
  static func widgetLabelCacheUnknown(_ input: JSONValue) -> Truth {
    let status = input["authorizationStatus"]!.intValue!
    guard (0...4).contains(status) else { return .unexplained("status \(status) read as while using the app") }
    let authorized = status == 3 || status == 4
    let widget =
      authorized && input["widgetUpdatesAuthorized"]?.boolValue == true && input["widgetWantsLocation"]?.boolValue == true
    var decisions: [Int] = []
    if authorized, !widget { decisions.append(1) }
    if widget, let fix = input["cachedLocation"], fix != .null, let age = fix["ageSeconds"]?.intValue,
      let accuracy = fix["horizontalAccuracy"]?.intValue, let maxAge = input["config"]?["maxCacheAgeSeconds"]?.intValue,
      (0...maxAge).contains(age), accuracy < 0
    {
      decisions.append(7)
    }
    return Truth(decisions: decisions, why: "label \(decisions.contains(1)), invalid fix \(decisions.contains(7))")
  }

  /// `draw-round-and-header`: every draw counts as content, so the draw shown can differ from the
  /// spec's (D1); the header shows the fetched round, so it can differ from the list (D4).
  static func drawRoundAndHeader(_ input: JSONValue) -> Truth {
    struct Draw { var round: Int64; var content: Bool }
    func draw(_ value: JSONValue?) -> Draw? {
      guard let value, value != .null, let round = value["round"]?.intValue else { return nil }
      let numbers = (value["numbers"]?.arrayValue ?? []).compactMap(\.intValue)
      let bonus = value["bonus"]?.intValue
      let valid = 1...Int64(45)
      let content =
        numbers.count == 6 && numbers.allSatisfy(valid.contains) && Set(numbers).count == 6
        && bonus.map { valid.contains($0) && !numbers.contains($0) } == true && !(value["stores"]?.arrayValue ?? []).isEmpty
      return Draw(round: round, content: content)
    }
    func shown(_ cached: Draw?, _ fetched: Draw?) -> Draw? {
      guard let fetched else { return cached }
      guard let cached else { return fetched }
      return fetched.round >= cached.round ? fetched : cached
    }
    let cached = draw(input["cached"])
    let fetched = draw(input["fetched"])
    let spec = shown(cached.flatMap { $0.content ? $0 : nil }, fetched.flatMap { $0.content ? $0 : nil })
    let port = shown(cached, fetched)
    var decisions: [Int] = []
    if spec?.round != port?.round || spec?.content != port?.content { decisions.append(1) }
    if let fetched, fetched.round != port?.round { decisions.append(4) }
    return Truth(decisions: decisions, why: "shown differs \(decisions.contains(1)), header from fetch \(decisions.contains(4))")
  }

  /// `timeline-two-faults`, played step by step as the port plays them: a request whose sleep
  /// returned fires even when the screen was left after it (`leaveAfterSleep`: D1), and a fire
  /// needs a window but not a foreground-active scene (D2). A fire with no window does nothing, as
  /// the spec's. The true cause is the bugs the port's own path takes: one, or both (at one fire,
  /// or at two), filed under either where it meets the other. Eligibility is the reference's.
  static func timelineTwoFaults(_ input: JSONValue) -> Truth {
    let config = input["config"]!
    let start = input["start"]!
    let threshold = config["winThreshold"]!.intValue!
    let cooldown = config["cooldownDays"]!.intValue!
    let delay = config["delayMs"]!.intValue!
    var count = start["wonCompletionCount"]!.intValue!
    var lastDay = start["lastAttemptEpochDay"]?.intValue
    var lastVersion = start["lastPromptedVersion"]?.stringValue
    var today = start["todayEpochDay"]!.intValue!
    var version = start["currentVersion"]!.stringValue!
    let force = start["forceOverride"]!.boolValue!
    var active = start["sceneState"]!.stringValue! == "foregroundActive"
    var window = start["windowAttached"]!.boolValue!
    var now: Int64 = 0
    var pending = false
    var due: Int64?
    var hit: Set<Int> = []
    func eligible() -> Bool {
      if force { return true }
      guard count >= threshold else { return false }
      if let lastDay {
        let (since, overflow) = today.subtractingReportingOverflow(lastDay)
        guard overflow ? today > lastDay : since >= cooldown else { return false }
      }
      return lastVersion.map { !$0.unicodeScalars.elementsEqual(version.unicodeScalars) } ?? true
    }
    /// The port's fire; `late` when the screen was left after the sleep returned.
    func fire(late: Bool) {
      guard window else { return }
      if late { hit.insert(1) }
      if !active { hit.insert(2) }
      lastDay = today
      lastVersion = version
      pending = false
    }
    for step in input["steps"]!.arrayValue! {
      switch step["op"]!.stringValue! {
      case "win":
        count += 1
        if eligible() { pending = true }
      case "show":
        if pending, due == nil { due = now + delay }
      case "leave": due = nil
      case "leaveAfterSleep":
        guard let time = due else { break }
        now = time
        due = nil
        fire(late: true)
      case "advance":
        let target = now + step["ms"]!.intValue!
        while let time = due, time <= target {
          now = time
          due = nil
          fire(late: false)
        }
        now = target
      case "scene": active = step["state"]!.stringValue! == "foregroundActive"
      case "detachWindow": window = false
      case "attachWindow": window = true
      case "nextDay": today += step["days"]!.intValue!
      case "setVersion": version = step["version"]!.stringValue!
      default: break
      }
    }
    guard !hit.isEmpty else { return .unexplained("the port's path takes neither bug") }
    return Truth(
      decisions: hit.sorted(), why: "late cancel fired \(hit.contains(1)), fired not foreground-active \(hit.contains(2))")
  }

  /// `every-download-any-restart`, played step by step as the port's controller and the simulated
  /// Play play them: learning DOWNLOADED shows the prompt whatever it was, so over a visible or a
  /// dismissed prompt it shows it again (D2), and Restart in a running app calls
  /// `completeUpdate()` with no prompt visible too (D10). Each bug adds an effect the spec's app
  /// does not, at the step that takes it, so the true cause is the bugs the port's path takes:
  /// one, or both (filed under either where it meets the other).
  static func everyDownloadAnyRestart(_ input: JSONValue) -> Truth {
    var status = input["start"]!["installStatus"]!.stringValue!
    var running = false
    var queryPending = false
    var prompt = "none"
    var hit: Set<Int> = []
    func learn(_ reported: String) {
      if reported == "downloaded" {
        if prompt != "none" { hit.insert(2) }
        prompt = "visible"
      } else {
        prompt = "none"
      }
    }
    func kill() {
      running = false
      queryPending = false
      prompt = "none"
    }
    for step in input["steps"]!.arrayValue! {
      switch step["op"]!.stringValue! {
      case "launch":
        guard !running else { break }
        running = true
        queryPending = true
      case "answer":
        guard queryPending else { break }
        queryPending = false
        learn(status)
      case "status":
        status = step["installStatus"]!.stringValue!
        if running { learn(status) }
      case "dismiss":
        if running, prompt == "visible" { prompt = "dismissed" }
      case "restart":
        guard running else { break }
        if prompt != "visible" { hit.insert(10) }
        status = "installed"
        kill()
      case "kill": kill()
      default: break
      }
    }
    guard !hit.isEmpty else { return .unexplained("the port's path takes neither bug") }
    return Truth(
      decisions: hit.sorted(), why: "shown again \(hit.contains(2)), restart with no prompt \(hit.contains(10))")
  }
}
