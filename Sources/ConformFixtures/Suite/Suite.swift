import ConformJSON

/// A truth table: a written spec, a reference model and a generator of cases.
///
/// Adding a suite means adding one folder under `Suites/` and one line in `SuiteRegistry`; the
/// harness and the reporter know nothing of any suite's shape: what needs a suite by name is
/// given a `SuiteCatalogue`.
public protocol Suite: DriftingModel {
  /// The name used in case ids, fixture file names and the protocol ("version-compare").
  var name: String { get }
  /// The version of the written spec; a change of meaning is a new major version.
  var specVersion: String { get }
  /// The written spec, Markdown, published beside the fixtures.
  var spec: [UInt8] { get }
  /// The reference model: the output the spec requires for `input`.
  ///
  /// - Throws: `JSONShapeError` naming the field when `input` is outside the spec's domain.
  func expected(for input: JSONValue) throws -> JSONValue
  /// The cases of the table, in a stable order; may be long and is produced lazily.
  func drafts(options: GeneratorOptions) -> AnySequence<CaseDraft>
  /// The drafts at the positions of `drafts(options:)` (from 0) that `keep` accepts, in order;
  /// all of them for nil: a shard's part of a generated run. A suite whose tables are long
  /// skips the others without making them.
  func drafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> AnySequence<CaseDraft>
  /// The parameters the generator reads from the options (`GeneratorOptions.parameters`), with
  /// their defaults and ranges; none by default.
  var parameters: [SuiteParameter] { get }
  /// Facts for the manifest beyond case counts (the timeline's depth and alphabets).
  func manifestFacts(options: GeneratorOptions) -> JSONValue
  /// How many cases `drafts(options:)` makes, ideally without making them (a generated run
  /// states its count before the first case).
  func caseCount(options: GeneratorOptions) -> Int
  /// A random input inside the spec's domain, biased toward where ports break (`conform fuzz`);
  /// nil when the suite has no fuzzer. The same generator state gives the same input.
  func fuzzInput(using generator: inout SeededGenerator) -> JSONValue?
  /// The same input as `fuzzInput(using:)` from the same generator state, with the reference
  /// model's output for it; nil when the suite has no fuzzer. A suite whose fuzzer makes a typed
  /// value runs its model on that value instead of parsing the input back (`conform fuzz` makes
  /// hundreds of thousands of cases a second); both ways must give the same output.
  func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)?
  /// The promoted cases' file, `<suite>.promoted.jsonl` in the suite's folder (see
  /// `PromotedCases`); empty when the suite has none.
  var promoted: [UInt8] { get }
  /// Simpler inputs to try when shrinking a failing `input`; those outside the spec's domain are
  /// dropped by the caller (the model throws on them).
  func shrinkCandidates(of input: JSONValue) -> [JSONValue]
  /// What of the reference model `fixture` exercises, as keys: the smoke tier is a small set
  /// of cases that covers every key the full table covers (`Tier`). Decision tables use the generic
  /// `decisionCoverageKeys(of:)`; timeline-shaped ones their model's states and transitions.
  func coverageKeys(of fixture: FixtureCase) -> [String]
  /// The numbers of the spec's decisions (`### D3.` is 3, `SpecDecisions`) that decide `input`'s
  /// answer, ascending, never empty, computed from the reference model: decision n is listed when
  /// a port that breaks it as its spec entry's **Drift** says would answer `input` otherwise; an
  /// input no single drift changes lists the rule that produced its answer. Every fixture line
  /// carries them (`FixtureCase.decisions`) and reports group failures by them.
  ///
  /// - Throws: as `expected(for:)` does, outside the spec's domain.
  func decisions(for input: JSONValue) throws -> [Int]

  /// The members of `expected(for: input)` that may take other values, each with its allowed
  /// values (a team suite's nondeterministic outputs); empty (the default): the expected output
  /// is the only answer.
  func varies(for input: JSONValue) -> OutputVariation
}

extension Suite {
  public func varies(for input: JSONValue) -> OutputVariation { OutputVariation() }
}

extension Suite {
  /// No parameters: the suite's cases are the same whatever the options' parameters.
  public var parameters: [SuiteParameter] { [] }

  public func manifestFacts(options: GeneratorOptions) -> JSONValue { .null }

  /// Makes every draft and drops those `keep` refuses: fine for a short table.
  public func drafts(options: GeneratorOptions, keeping keep: (@Sendable (Int) -> Bool)?) -> AnySequence<CaseDraft> {
    guard let keep else { return drafts(options: options) }
    return AnySequence(drafts(options: options).enumerated().lazy.filter { keep($0.offset) }.map(\.element))
  }

  public func coverageKeys(of fixture: FixtureCase) -> [String] { decisionCoverageKeys(of: fixture) }

  /// No promoted cases.
  public var promoted: [UInt8] { [] }

  /// No drifts: the suite's failures are "exercised", never put down to a decision.
  public var drifts: [DecisionDrift] { [] }

  /// No drifts to answer with.
  public func answer(for input: JSONValue, drifting drifts: [DecisionDrift]) -> DriftedAnswer? { nil }

  /// No fuzzer: `conform fuzz` leaves the suite out.
  public func fuzzInput(using generator: inout SeededGenerator) -> JSONValue? { nil }

  /// The fuzzer's input, its expected output from `expected(for:)`.
  public func fuzzCase(using generator: inout SeededGenerator) -> (input: JSONValue, expected: JSONValue)? {
    guard let input = fuzzInput(using: &generator) else { return nil }
    return (input, fuzzExpected(for: input))
  }

  /// Every one-step simplification of the JSON value, then the joint moves (see `JSONShrinker`).
  public func shrinkCandidates(of input: JSONValue) -> [JSONValue] {
    JSONShrinker.candidates(of: input) + JSONShrinker.jointCandidates(of: input)
  }

  /// Counts the drafts by making them: fine for a short table.
  public func caseCount(options: GeneratorOptions) -> Int {
    var count = 0
    for _ in drafts(options: options) { count += 1 }
    return count
  }

  /// The tier's drafts with expected outputs from the reference model.
  public func cases(options: GeneratorOptions) -> LazyMapSequence<AnySequence<CaseDraft>, FixtureCase> {
    tierDrafts(options: options).lazy.map(fixture(for:))
  }

  /// A draft with its expected output from the reference model.
  public func fixture(for draft: CaseDraft) -> FixtureCase {
    let expected: JSONValue
    do {
      expected = try draft.expected ?? self.expected(for: draft.input)
    } catch {
      preconditionFailure("generator bug: \(self.name)/\(draft.name): \(error)")
    }
    return FixtureCase(
      id: "\(self.name)/\(draft.name)", suite: self.name, tags: draft.tags, note: draft.note,
      input: draft.input, expected: expected,
      decisions: draft.decisions.map { $0.map { Decision.id(suite: name, number: $0) } } ?? decisionIDs(for: draft.input),
      varies: draft.expected == nil ? varies(for: draft.input) : draft.varies)
  }

  /// The ids of the decisions `input` exercises (`decisions(for:)`), as fixture lines list them.
  public func decisionIDs(for input: JSONValue) -> [String] {
    do {
      return try decisions(for: input).map { Decision.id(suite: name, number: $0) }
    } catch {
      preconditionFailure("generator bug: \(name): decisions of \(JSONWriter.string(input)): \(error)")
    }
  }

  /// The decisions the suite's spec lists, read from its text (`SpecDecisions`).
  public var specDecisions: [Decision] {
    do {
      return try SpecDecisions.parse(spec, suite: name)
    } catch {
      preconditionFailure("\(name).md: \(error)")
    }
  }
}

extension Suite {
  /// Whether `conform fuzz` can generate inputs for the suite.
  package var isFuzzable: Bool {
    var generator = SeededGenerator(seed: 0)
    return fuzzInput(using: &generator) != nil
  }
}

/// How much the generator produces.
public struct GeneratorOptions: Sendable, Equatable {
  /// The suites' parameters by name (`SuiteParameter`, e.g. `depth`): each suite reads those it
  /// declares, and one not given here has its default.
  public var parameters: [String: Int]
  /// Every case, or the smoke tier's.
  public var tier: Tier
  /// Whether a timeline-shaped table's exhaustive cases list their decisions
  /// (`FixtureCase.decisions`, a drifted model stepped beside the reference per decision,
  /// `DecisionProbe`). A generated run's stream leaves them out, to make cases at the
  /// generator's rate, and its records get them when a case does not pass (`RunContext`);
  /// published tables and built-in runs list them. Not in `json`.
  public var listsDecisions = true

  /// The published tables' options for `suites`: every parameter they declare, at its default.
  public static func published(for suites: [any Suite]) -> GeneratorOptions {
    var parameters: [String: Int] = [:]
    for suite in suites {
      for parameter in suite.parameters where parameters[parameter.name] == nil {
        parameters[parameter.name] = parameter.defaultValue
      }
    }
    return GeneratorOptions(parameters: parameters)
  }

  public init(parameters: [String: Int], tier: Tier = .full) {
    self.parameters = parameters
    self.tier = tier
  }

  /// The value of `parameter`: the one given, else its default.
  public func value(of parameter: SuiteParameter) -> Int { parameters[parameter.name] ?? parameter.defaultValue }

  /// The options as `suite` reads them: only the parameters it declares, each the one given or
  /// its default. A generated run names its cases by these (`GeneratedStream`).
  public func declared(by suite: any Suite) -> GeneratorOptions {
    var options = self
    options.parameters = Dictionary(uniqueKeysWithValues: suite.parameters.map { ($0.name, value(of: $0)) })
    return options
  }

  /// The manifest's `generator.options`: the parameters by name (`{"depth":5}`), and the tier
  /// only when it is not the full one, so the full tables' manifest stays what it was before
  /// tiers. Older manifests name the depth `timelineDepth`: they still load, as nothing reads
  /// the options back.
  public var json: JSONValue {
    var object = JSONObject(uniqueKeysWithValues: parameters.map { ($0.key, JSONValue.int(Int64($0.value))) })
    if tier != .full { object["tier"] = .string(tier.rawValue) }
    return .object(object)
  }
}

extension Suite {
  /// The reference model's output for a fuzzer's input; one outside the domain is a bug in conform.
  package func fuzzExpected(for input: JSONValue) -> JSONValue {
    do {
      return try expected(for: input)
    } catch {
      preconditionFailure("fuzzer bug: \(name): \(JSONWriter.string(input)): \(error)")
    }
  }
}

/// A suite whose fuzz cases' expected outputs are best asked for many at a time: a team suite,
/// whose model answers a stream of requests far faster than one request at a time.
package protocol BatchFuzzing: Suite {
  /// What `fuzzCase(using:)` makes from each generator, in order, and the inputs' canonical
  /// JSON as they were sent to the model (the batch's case table copies it).
  func fuzzCases(using generators: [SeededGenerator]) -> (cases: [(input: JSONValue, expected: JSONValue)], inputs: EncodedInputs)
}

/// The suites a run, a fixture set's check or a report may name, looked up by name: what the
/// harness and the fixtures are given (`SuiteRegistry.catalogue` for the built-in ones), so
/// that no module below the suites reaches the registry.
public protocol SuiteCatalogue: Sendable {
  /// The suites, in the order reports list them.
  var suites: [any Suite] { get }
}

extension SuiteCatalogue {
  /// The suite called `name`, or nil.
  public func suite(named name: String) -> (any Suite)? { suites.first { $0.name == name } }

  /// The suites' names, in order.
  public var names: [String] { suites.map(\.name) }
}

/// A catalogue of the suites given.
public struct SuiteList: SuiteCatalogue {
  public var suites: [any Suite]

  public init(_ suites: [any Suite]) { self.suites = suites }
}
