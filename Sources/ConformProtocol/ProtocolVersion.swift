/// The version of the harness protocol this build speaks (harness/PROTOCOL.md): the harness
/// sends it in its hello and the Swift adapter answers with it.
public enum ProtocolVersion {
  public static let current: Int64 = 1
}
