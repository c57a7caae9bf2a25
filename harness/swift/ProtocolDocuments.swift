/// The documents every fixture bundle carries beside its tables: harness/PROTOCOL.md and
/// harness/schema/*.json, embedded in conform (Package.swift lists them), so that a conform far
/// from its checkout, a release binary, packs the same bytes.
public enum ProtocolDocuments {
  /// Each document's path inside a bundle and its bytes, in path order.
  public static let files: [(path: String, bytes: [UInt8])] = [
    ("PROTOCOL.md", PackageResources.PROTOCOL_md),
    ("schema/answer.schema.json", PackageResources.answer_schema_json),
    ("schema/case.schema.json", PackageResources.case_schema_json),
    ("schema/error.schema.json", PackageResources.error_schema_json),
    ("schema/hello-answer.schema.json", PackageResources.hello_answer_schema_json),
    ("schema/hello-request.schema.json", PackageResources.hello_request_schema_json),
    ("schema/result.schema.json", PackageResources.result_schema_json),
    ("schema/skipped.schema.json", PackageResources.skipped_schema_json),
  ]
}
