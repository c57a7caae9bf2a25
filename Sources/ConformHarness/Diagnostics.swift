/// Where the harness says what it noticed along the way: a signal, a restarted implementation
/// that did not start, a fault that did not recur, an implementation that did not exit.
///
/// The harness never writes to stderr itself: the command line passes a sink that does, and a
/// test or a tool that embeds the harness passes one that collects the messages.
package struct Diagnostics: Sendable {
  private let emit: @Sendable (String) -> Void

  package init(_ emit: @escaping @Sendable (String) -> Void) { self.emit = emit }

  /// Says one thing, a line without its trailing newline.
  func note(_ message: String) { emit(message) }
}
