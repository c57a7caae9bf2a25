import ConformJSON

extension TimelineSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision `n` is in the list when a port that breaks it in the way its **Drift** names
  /// would answer `input` differently from the reference: the model is run once with each
  /// decision's drift (`TimelineDrift`) and its output compared with the reference's. When no
  /// drift changes the answer, the list holds the decisions of the branches the reference took
  /// (`tracedDecisions`): a request cancelled after its sleep (D1), a fire with no window or not
  /// in the foreground (D2), a fire (D15), an ineligible win (D7), or else the base rule that
  /// nothing fires (D16). Computed from the input alone, never from a case's id, name, tags or
  /// note; 16 short model runs at most.
  ///
  /// - Throws: `JSONShapeError` as `expected(for:)` does, when `input` is outside the domain.
  public func decisions(for input: JSONValue) throws -> [Int] {
    Self.decisions(of: try TimelineInput(json: input))
  }

  /// `decisions(for:)` of a typed input.
  static func decisions(of timeline: TimelineInput) -> [Int] {
    let reference = output(timeline, drift: [])
    let drifted = TimelineDrift.modelled.filter { output(timeline, drift: TimelineDrift(decision: $0)) != reference }
    return drifted.isEmpty ? tracedDecisions(of: timeline) : drifted
  }

  /// The output of the model with `drift` (the reference's for none).
  static func output(_ timeline: TimelineInput, drift: TimelineDrift) -> JSONValue {
    var model = TimelineModel(start: timeline.start, drift: drift)
    for step in timeline.steps { model.apply(step) }
    return model.output
  }

  /// The decisions of the reference's branches that produced the answer, read from its state
  /// around each step: D1 for a request a late cancel stopped, D2 for a fire that found no window
  /// or no foreground-active scene, D15 for a fire, D7 for a win that left the prompt as it was
  /// because it was not eligible; D16 when none of them happened.
  static func tracedDecisions(of timeline: TimelineInput) -> [Int] {
    var model = TimelineModel(start: timeline.start)
    var traced: Set<Int> = []
    for step in timeline.steps {
      let before = model
      model.apply(step)
      switch step {
      case .leaveAfterSleep where before.dueAt != nil:
        traced.insert(1)
      case .advance where before.dueAt != nil && model.dueAt == nil:
        traced.insert(model.effects.count > before.effects.count ? 15 : 2)
      case .win where !before.pending && !model.pending:
        traced.insert(7)
      default:
        break
      }
    }
    return traced.isEmpty ? [16] : traced.sorted()
  }
}

extension TimelineSuite {
  /// The output with the drifts of `decisions` together (`TimelineDrift`).
  public func output(for input: JSONValue, drifting decisions: [Int]) throws -> JSONValue? {
    let drift = TimelineDrift(decisions.filter(TimelineDrift.modelled.contains).map { TimelineDrift(decision: $0) })
    return Self.output(try TimelineInput(json: input), drift: drift)
  }
}
