import ConformJSON

/// The story's `AppStoreLookupResponse`: every field optional.
struct AppStoreLookupResponse: Sendable {
  var resultCount: Int?
  var results: [AppStoreLookupResult]?
}

/// The story's `AppStoreLookupResult`: every field optional.
struct AppStoreLookupResult: Sendable {
  var version: String?
  var trackId: Int?
  var trackViewUrl: String?
}

/// Why a lookup body gave no response.
enum AppStoreLookupError: Error {
  /// Not one strict JSON text.
  case notJSON
  /// JSON, but a field the structs name has another type.
  case decodeFailed
}

/// Turns the iTunes Lookup body into the structs. The reference is `StrictAppStoreLookupDecoder`; a
/// port brings its own.
protocol AppStoreLookupDecoding: Sendable {
  static func decode(_ body: String) throws(AppStoreLookupError) -> AppStoreLookupResponse
}

/// Decodes as `JSONDecoder` decodes the story's `Decodable` structs, from a strict reading of the
/// body: no byte order mark, no duplicate key, nothing after the value (`JSONDecoder`'s own
/// leniency differs between Foundation versions, so the app reads with ConformJSON first).
enum StrictAppStoreLookupDecoder: AppStoreLookupDecoding {
  static func decode(_ body: String) throws(AppStoreLookupError) -> AppStoreLookupResponse {
    let json: JSONValue
    do {
      json = try JSONReader.parse(Array(body.utf8))
    } catch {
      throw .notJSON
    }
    guard case .object(let object) = json else { throw .decodeFailed }
    var response = AppStoreLookupResponse()
    response.resultCount = try decodeIfPresent(object["resultCount"], Self.int)
    response.results = try decodeIfPresent(object["results"]) { value throws(AppStoreLookupError) in
      guard case .array(let items) = value else { throw .decodeFailed }
      var results: [AppStoreLookupResult] = []
      for item in items {
        guard case .object(let fields) = item else { throw .decodeFailed }
        results.append(
          AppStoreLookupResult(
            version: try decodeIfPresent(fields["version"], Self.string),
            trackId: try decodeIfPresent(fields["trackId"], Self.int),
            trackViewUrl: try decodeIfPresent(fields["trackViewUrl"], Self.string)))
      }
      return results
    }
    return response
  }

  /// `decodeIfPresent`: nil when the key is missing or null, else the value of its type, or a
  /// decode failure.
  static func decodeIfPresent<T>(
    _ value: JSONValue?, _ decode: (JSONValue) throws(AppStoreLookupError) -> T
  ) throws(AppStoreLookupError) -> T? {
    guard let value, !value.isNull else { return nil }
    return try decode(value)
  }

  /// A JSON integer literal within `Int` (64-bit): no fraction, no exponent.
  static func int(_ value: JSONValue) throws(AppStoreLookupError) -> Int {
    guard case .int(let number) = value else { throw .decodeFailed }
    return Int(number)
  }

  static func string(_ value: JSONValue) throws(AppStoreLookupError) -> String {
    guard case .string(let text) = value else { throw .decodeFailed }
    return text
  }
}
