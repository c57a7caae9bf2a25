import ConformJSON
import Testing

@testable import ConformFixtures
@testable import ConformSuites

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

  @Test func malformedInputsAreRefusedWithTheField() throws {
    guard case .object(var object) = Self.input().json else { Issue.record("not an object"); return }
    object["config"] = ["desiredAccuracyMeters": "100", "maxCacheAgeSeconds": 600]
    #expect {
      try WidgetLocationSuite().expected(for: .object(object))
    } throws: { error in
      "\(error)".contains("desiredAccuracyMeters")
    }
  }

  /// D17: each limit and the status just inside and just outside its range; the limits first.
  @Test(arguments: [
    (Int64(600), Int64(100), Int64(4), nil as String?),
    (-1, 100, 4, "limit-out-of-range"), (600, -1, 4, "limit-out-of-range"),
    (2_147_483_647, 2_147_483_647, 4, nil), (2_147_483_648, 100, 4, "limit-out-of-range"),
    (600, 4_294_967_296 + 100, 4, "limit-out-of-range"), (.min, 100, 4, "limit-out-of-range"),
    (600, 100, 2_147_483_647, nil), (600, 100, -2_147_483_648, nil),
    (600, 100, 2_147_483_648, "status-out-of-range"), (600, 100, -2_147_483_649, "status-out-of-range"),
    (600, 100, 4_294_967_300, "status-out-of-range"), (-1, 100, .max, "limit-out-of-range"),
  ])
  func inputsOutsideTheDomainAreRefusedWithTheirReason(maxAge: Int64, accuracy: Int64, status: Int64, reason: String?) throws {
    var input = Self.input(status: status, age: 0, accuracy: 0)
    input.maxCacheAgeSeconds = maxAge
    input.desiredAccuracyMeters = accuracy
    #expect(input.refusal?.rawValue == reason)
    let output = try WidgetLocationSuite().expected(for: input.json)
    if let reason {
      #expect(output == ["error": .string(reason)])
      #expect(try WidgetLocationSuite().decisions(for: input.json) == [17])
    } else {
      #expect(output["error"] == nil && output["label"] != nil)
    }
  }

  /// D16: a limit of 0 accepts a fix of this second, or a perfect one, and nothing else.
  @Test func aLimitOfZeroIsALimit() {
    var input = Self.input(age: 0, accuracy: 0)
    input.maxCacheAgeSeconds = 0
    input.desiredAccuracyMeters = 0
    #expect(WidgetLocation.action(input) == .useCache)
    input.cachedLocation = .init(ageSeconds: 1, horizontalAccuracy: 0)
    #expect(WidgetLocation.action(input) == .requestLocation)
    #expect(WidgetLocation.action(input, drifts: .zeroIsNoLimit) == .useCache)
    input.cachedLocation = .init(ageSeconds: 0, horizontalAccuracy: 1)
    #expect(WidgetLocation.action(input) == .requestLocation)
    #expect(WidgetLocation.action(input, drifts: .zeroIsNoLimit) == .useCache)
  }

  /// The pairwise family holds every pair of every field's levels, each row once.
  @Test func thePairwiseFamilyCoversEveryPairOfLevels() throws {
    let levels = WidgetLocationSuite.pairwiseLevels
    #expect(levels.map(\.levels.count) == [9, 2, 2, 4, 4, 10, 9])
    let rows = Pairwise.rows(levels: levels.map(\.levels.count))
    for a in levels.indices {
      for b in levels.indices where b > a {
        for i in levels[a].levels.indices {
          for j in levels[b].levels.indices {
            #expect(rows.contains { $0[a] == i && $0[b] == j }, "\(levels[a].levels[i].label) with \(levels[b].levels[j].label)")
          }
        }
      }
    }
    let cases = WidgetLocationSuite.pairwiseCases
    #expect(Set(cases.map(\.name)).count == cases.count)
    #expect(cases.allSatisfy { (try? WidgetLocationInput(json: $0.input))?.refusal == nil })
  }
}
