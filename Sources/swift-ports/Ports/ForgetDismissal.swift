/// Port `forget-dismissal`: the prompt is a plain shown/not-shown flag, so swiping it away
/// forgets that the user said "not now": the launch query's late answer or a repeated DOWNLOADED
/// callback shows it again in the same session.
final class ForgetDismissalController: RestartPromptController {
  override func userDismissed() {
    if prompt == .visible { prompt = .none }
  }
}
