// Throughput of the strict JSON layer on lines like the harness's answers (about 93 bytes each).
// Built by harness/json-fuzz/bench.sh with ConformJSON as its own optimised module, as the package links it;
// not part of Package.swift. Usage: json-bench [lines] [rounds]; BENCH_CLOCK=wall for wall time,
// BENCH_ONLY=<word> to run only the measurements whose name holds it (for a profiler).
import ConformJSON
import ConformProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The machine is shared, so wall time mostly measures the neighbours' load: by default this
/// counts the CPU time of this thread.
let clock = getenv("BENCH_CLOCK").map { String(cString: $0) } == "wall" ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID

func now() -> Double {
  var spec = timespec()
  clock_gettime(clock, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

let lineCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 1_000_000
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 5

var input: [UInt8] = []
input.reserveCapacity(lineCount * 100)
let ids = ["version-compare/grid/1.9.10-vs-1.10", "eligibility/edge/age-17-364d", "timeline/exhaustive/a-b-c-d"]
for seq in 0..<lineCount {
  let newer = seq % 2 == 0 ? "true" : "false"
  let line = "{\"type\":\"result\",\"seq\":\(123_456 + seq),\"id\":\"\(ids[seq % 3])\",\"output\":{\"newer\":\(newer)}}\n"
  input.append(contentsOf: line.utf8)
}
print("clock: \(clock == CLOCK_MONOTONIC ? "wall" : "thread CPU time"), best of \(rounds) rounds")
print("input: \(lineCount) lines, \(input.count) bytes (\(input.count / lineCount) bytes a line)")

func format3(_ value: Double) -> String {
  let scaled = Int((value * 1000).rounded())
  let fraction = String(scaled % 1000)
  return "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

/// Only the measurements whose name contains this run (BENCH_ONLY=parse).
let only = getenv("BENCH_ONLY").map { String(cString: $0) }

/// Runs `body` `rounds` times and prints the best rate.
func measure(_ name: String, _ body: () -> Void) {
  if let only, !name.contains(only) { return }
  var seconds: [Double] = []
  for _ in 0..<rounds {
    let start = now()
    body()
    seconds.append(now() - start)
  }
  let best = seconds.min()!
  let padded = name + String(repeating: " ", count: max(0, 34 - name.count))
  print(
    "\(padded) \(Int(Double(lineCount) / best / 1000))k lines/s  (best \(format3(best)) s; \(seconds.map(format3).joined(separator: " ")))"
  )
}

func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
  input.withUnsafeBufferPointer { buffer in JSONLines.forEachLine(in: buffer) { _, line in body(line) } }
}

let expectedSeqSum = (0..<Int64(lineCount)).reduce(0) { $0 &+ 123_456 &+ $1 }

// What the harness does: parse an answer, use it, drop it.
measure("parse, read seq, drop") {
  var sum: Int64 = 0
  forEachLine { line in sum &+= (try! JSONReader.parse(line))["seq"]!.intValue! }
  precondition(sum == expectedSeqSum)
}

// The harness's quick path: the answer's envelope scanned in place, the output not read.
measure("AnswerScanner.scan only") {
  var sum: Int64 = 0
  forEachLine { line in sum &+= AnswerScanner.scan(line)!.seq }
  precondition(sum == expectedSeqSum)
}

var values: [JSONValue] = []
values.reserveCapacity(lineCount)
measure("parse, keep every value") {
  values.removeAll(keepingCapacity: true)
  forEachLine { line in values.append(try! JSONReader.parse(line)) }
}

if values.isEmpty { forEachLine { line in values.append(try! JSONReader.parse(line)) } }

var output: [UInt8] = []
measure("write into one buffer") {
  output.removeAll(keepingCapacity: true)
  for value in values {
    JSONWriter.write(value, into: &output)
    output.append(0x0A)
  }
}
if !output.isEmpty {
  // The answers' keys arrive unsorted; the writer sorts them, so compare with the canonical form.
  let firstLine = String(decoding: output.prefix { $0 != 0x0A }, as: UTF8.self)
  precondition(
    firstLine == #"{"id":"version-compare/grid/1.9.10-vs-1.10","output":{"newer":true},"seq":123456,"type":"result"}"#,
    "unexpected canonical form: \(firstLine)")
  precondition(output.count == input.count, "the writer must give back as many bytes as it read")
}

measure("JSONWriter.bytes, one array a line") {
  var total = 0
  for value in values { total &+= JSONWriter.bytes(value).count }
  precondition(total + lineCount == input.count)
}
