import ConformJSON

extension RestartPromptSuite {
  /// The numbers of the spec's decisions (`### D3.` is 3) that decide `input`'s answer, ascending,
  /// never empty.
  ///
  /// Decision `n` is in the list when a port that breaks it in the way its **Drift** names
  /// would answer `input` differently from the reference: the model is run once with each
  /// decision's drift (`RestartPromptDrift`) and its output compared with the reference's. When
  /// no drift changes the answer, the list holds the decisions of the branches the reference took
  /// (`tracedDecisions`): D4 when the app learned a status other than DOWNLOADED, or else the
  /// base rule that nothing is shown without a DOWNLOADED report (D11). Computed from the input
  /// alone, never from a case's id, name, tags or note; 11 short model runs at most.
  ///
  /// - Throws: `JSONShapeError` as `expected(for:)` does, when `input` is outside the domain.
  public func decisions(for input: JSONValue) throws -> [Int] {
    Self.decisions(of: try RestartPromptInput(json: input))
  }

  /// `decisions(for:)` of a typed input.
  static func decisions(of timeline: RestartPromptInput) -> [Int] {
    let reference = output(timeline, drift: [])
    let drifted = RestartPromptDrift.modelled.filter { output(timeline, drift: RestartPromptDrift(decision: $0)) != reference }
    return drifted.isEmpty ? tracedDecisions(of: timeline) : drifted
  }

  /// The output of the model with `drift` (the reference's for none).
  static func output(_ timeline: RestartPromptInput, drift: RestartPromptDrift) -> JSONValue {
    var model = RestartPromptModel(status: timeline.status, drift: drift)
    for step in timeline.steps { model.apply(step) }
    return model.output
  }

  /// The decisions of the reference's branches that produced the answer: D4 when the running
  /// app learned a status other than DOWNLOADED (from its listener or its query's answer), D11
  /// when it learned none.
  static func tracedDecisions(of timeline: RestartPromptInput) -> [Int] {
    var model = RestartPromptModel(status: timeline.status)
    for step in timeline.steps {
      let before = model
      model.apply(step)
      let learned: InstallStatus? =
        switch step {
        case .answer where before.queryPending: before.status
        case .status(let status) where before.running: status
        default: nil
        }
      if let learned, learned != .downloaded { return [4] }
    }
    return [11]
  }
}
