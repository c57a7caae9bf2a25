import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

/// `EnumeratedForms`: the spellings a port might trim, fold or normalise back to a suite's name.
@Suite struct EnumeratedFormsTests {
  @Test func formsOfAName() {
    let forms = EnumeratedForms.forms(of: "later")
    #expect(
      forms.map(\.label) == [
        "leading-space", "trailing-space", "trailing-line-feed", "surrounding-tabs", "no-break-space", "upper-case",
        "capitalized",
        "full-width", "zero-width-space",
      ])
    #expect(forms.first { $0.label == "upper-case" }?.text == "LATER")
    #expect(forms.first { $0.label == "capitalized" }?.text == "Later")
    #expect(forms.first { $0.label == "full-width" }?.text == "\u{FF4C}\u{FF41}\u{FF54}\u{FF45}\u{FF52}")
    #expect(forms.allSatisfy { $0.text != "later" })
  }

  /// A form equal to the name itself is left out: a name without letters has no other case.
  @Test func aFormEqualToTheNameIsLeftOut() {
    let labels = EnumeratedForms.forms(of: "2").map(\.label)
    #expect(!labels.contains("upper-case") && !labels.contains("capitalized"))
    #expect(labels.contains("full-width"))
  }

  /// Every form of every restart-prompt name is refused by the model, as D13 says.
  @Test func restartPromptRefusesEveryForm() throws {
    let cases = RestartPromptSuite.enumeratedFormCases(
      raw: { start, steps in ["start": ["installStatus": .string(start)], "steps": .array(steps)] },
      launch: RestartPromptStep.launch.json, answer: RestartPromptStep.answer.json)
    #expect(cases.count == 8 * 9 * 2 - 1 + 6 * 9)
    for draft in cases {
      let error = try RestartPromptSuite().expected(for: draft.input)["error"]?.stringValue
      #expect(error == (draft.name.contains("/op-") ? "unknown-step" : "unknown-install-status"), "\(draft.name)")
    }
  }
}
