import ConformJSON
import ConformProtocol

extension TimelineModel {
  /// Appends the canonical bytes of `output` (`JSONWriter`'s), written straight from the
  /// model's fields: the generator writes one for each of millions of cases, and building the
  /// `JSONValue` first would cost most of a case. `WireFormatPropertyTests` checks it against
  /// `JSONWriter` of `output` on generated models.
  func writeOutput(into output: inout [UInt8]) {
    output.append(#"{"effects":["#)
    for (position, effect) in effects.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      JSONWriter.write(effect, into: &output)
    }
    output.append(#"],"final":{"lastAttemptEpochDay":"#)
    JSONWriter.write(JSONValue(state.lastAttemptEpochDay), into: &output)
    output.append(#","lastPromptedVersion":"#)
    JSONWriter.write(JSONValue(state.lastPromptedVersion), into: &output)
    output.append(#","now":"#)
    JSONWriter.writeInteger(now, into: &output)
    output.append(#","pending":"#)
    JSONWriter.write(.bool(pending), into: &output)
    output.append(#","scheduled":"#)
    JSONWriter.write(.bool(dueAt != nil), into: &output)
    output.append(#","today":"#)
    JSONWriter.writeInteger(state.todayEpochDay, into: &output)
    output.append(#","wonCompletionCount":"#)
    JSONWriter.writeInteger(state.wonCompletionCount, into: &output)
    output.append("}}")
  }
}
