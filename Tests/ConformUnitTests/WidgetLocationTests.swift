import ConformJSON
import Testing

@testable import ConformKit

@Suite struct WidgetLocationTests {
  static func input(
    status: Int64 = 4, widget: Bool = true, wants: Bool = true, age: Int64? = nil, accuracy: Int64 = 65
  ) -> WidgetLocationInput {
    WidgetLocationInput(
      maxCacheAgeSeconds: 600, desiredAccuracyMeters: 100, authorizationStatus: status, widgetUpdatesAuthorized: widget,
      widgetWantsLocation: wants, cachedLocation: age.map { .init(ageSeconds: $0, horizontalAccuracy: accuracy) })
  }

  @Test(arguments: [
    (Int64(0), false, "not-asked"), (1, false, "denied"), (2, false, "denied"), (3, false, "app-only"), (4, false, "app-only"),
    (0, true, "not-asked"), (1, true, "denied"), (2, true, "denied"), (3, true, "granted"), (4, true, "granted"),
    (5, true, "denied"), (-1, true, "denied"),
  ])
  func theLabelFollowsTheWidgetFlagWithinTheStatus(status: Int64, widget: Bool, label: String) {
    #expect(WidgetLocation.label(Self.input(status: status, widget: widget)).rawValue == label)
  }

  @Test func theSameValue4IsTwoPermissions() {
    #expect(WidgetLocation.label(Self.input(status: 4, widget: false)) == .appOnly)
    #expect(WidgetLocation.action(Self.input(status: 4, widget: false)) == .endNow)
    #expect(WidgetLocation.label(Self.input(status: 4, widget: true)) == .granted)
    #expect(WidgetLocation.action(Self.input(status: 4, widget: true)) == .requestLocation)
  }

  @Test func theCacheMustBeRecentAccurateAndValid() {
    #expect(WidgetLocation.action(Self.input(age: 600, accuracy: 100)) == .useCache)
    #expect(WidgetLocation.action(Self.input(age: 0, accuracy: 0)) == .useCache)
    #expect(WidgetLocation.action(Self.input(age: 601)) == .requestLocation)
    #expect(WidgetLocation.action(Self.input(age: 30, accuracy: 101)) == .requestLocation)
    #expect(WidgetLocation.action(Self.input(age: 30, accuracy: -1)) == .requestLocation)
    #expect(WidgetLocation.action(Self.input(age: -1)) == .requestLocation)
  }

  /// Property over the exhaustive family: the widget acts only when the sheet says granted, and
  /// the sheet says granted only when the widget gets a location.
  @Test func theLabelAndTheWidgetNeverContradict() throws {
    var count = 0
    for draft in WidgetLocationSuite.exhaustiveCases {
      let input = try WidgetLocationInput(json: draft.input)
      let granted = WidgetLocation.label(input) == .granted
      #expect(granted == (WidgetLocation.action(input) != .endNow), "\(draft.name)")
      #expect(granted == WidgetLocation.widgetGetsLocation(input), "\(draft.name)")
      count += 1
    }
    #expect(count == 7 * 2 * 2 * 9)
  }

  @Test func inputsOutsideTheDomainAreRefusedWithTheField() throws {
    guard case .object(var object) = Self.input().json else { Issue.record("not an object"); return }
    object["config"] = ["desiredAccuracyMeters": -1, "maxCacheAgeSeconds": 600]
    #expect {
      try WidgetLocationSuite().expected(for: .object(object))
    } throws: { error in
      "\(error)".contains("desiredAccuracyMeters")
    }
  }
}
