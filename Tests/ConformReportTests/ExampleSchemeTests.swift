import ConformTestSupport
import Foundation
import Testing

@testable import ConformFixtures

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The iOS example's shared Xcode scheme (harness/examples/ios-app/README.md, "In Xcode") is
/// well-formed XML whose test action runs both test targets with the bundle's two variables set.
/// No Xcode here: this checks the file, not that Xcode runs it.
@Suite struct ExampleSchemeTests {
  static let scheme = TestSupport.packageRoot.appendingPathComponent(
    "harness/examples/ios-app/.swiftpm/xcode/xcshareddata/xcschemes/AppTests.xcscheme")

  /// The test action's testables and environment variables, as the parser met them.
  final class TestAction: NSObject, XMLParserDelegate {
    var inTestAction = false
    var testables: [String] = []
    var variables: [String: String] = [:]
    var inTestable = false

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch element {
      case "TestAction": inTestAction = true
      case "TestableReference": inTestable = inTestAction
      case "BuildableReference" where inTestable: testables.append(attributes["BlueprintName"] ?? "")
      case "EnvironmentVariable" where inTestAction && attributes["isEnabled"] == "YES":
        variables[attributes["key"] ?? ""] = attributes["value"]
      default: break
      }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      if element == "TestAction" { inTestAction = false }
      if element == "TestableReference" { inTestable = false }
    }
  }

  @Test func theTestActionRunsBothTargetsWithTheBundlesVariables() throws {
    let data = try Data(contentsOf: Self.scheme)
    let parser = XMLParser(data: data)
    let action = TestAction()
    parser.delegate = action
    #expect(parser.parse(), "\(Self.scheme.path) is not well-formed: \(String(describing: parser.parserError))")
    #expect(action.testables == ["AppLogicTests", "BundleConformanceTests"])
    #expect(action.variables["CONFORM_FIXTURES"]?.hasSuffix(".tar.gz") == true, "\(action.variables)")
    #expect(action.variables["CONFORM_FIXTURES_DIGEST"]?.hasPrefix("sha256:") == true, "\(action.variables)")
  }
}
