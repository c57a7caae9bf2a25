/// The coverage keys of a timeline-shaped case (a start and a sequence of steps) from its model:
/// every abstract state it reaches, every transition (state, step, next state, whether the step
/// had an effect) and, when asked, every pair of consecutive transitions (state, step, step) where
/// both steps did something (changed the state or had an effect): pairs of steps that change
/// nothing are as many as the letters squared and say little. The smoke tier covers every key
/// (`Tier`).
struct StepCoverage {
  private(set) var keys: [String] = []
  /// Whether pairs of transitions are keys too.
  private let pairs: Bool
  private var state: String
  /// The last step and the state it left, when it did something.
  private var previous: (state: String, step: String)?

  /// The keys of running `model` through `steps`: `apply` takes one step, `state` is the
  /// model's abstract state, `effects` how many effects it has had, `label` names a step.
  static func keys<Model, Step>(
    of model: Model, through steps: [Step], apply: (inout Model, Step) -> Void, state: (Model) -> String,
    effects: (Model) -> Int, label: (Step) -> String, pairs: Bool = true
  ) -> [String] {
    var model = model
    var coverage = StepCoverage(start: state(model), pairs: pairs)
    for step in steps {
      let before = effects(model)
      apply(&model, step)
      coverage.step(label(step), to: state(model), effect: effects(model) > before)
    }
    return coverage.keys
  }

  /// Starts at the model's abstract state before the first step.
  init(start: String, pairs: Bool = true) {
    state = start
    self.pairs = pairs
    keys.append("state \(start)")
  }

  /// Records that `step` took the model to `next`, with or without effects.
  mutating func step(_ step: String, to next: String, effect: Bool) {
    keys.append("state \(next)")
    keys.append("transition \(state) | \(step) | \(effect ? "effect" : "quiet") | \(next)")
    let didSomething = effect || next != state
    if pairs, didSomething, let previous { keys.append("pair \(previous.state) | \(previous.step) | \(step)") }
    previous = didSomething ? (state, step) : nil
    state = next
  }
}
