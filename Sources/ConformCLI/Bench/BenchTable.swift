import Foundation

/// One row of the bench: a figure measured once per round, shown as the median.
struct BenchFigure: Sendable {
  enum Unit: Sendable {
    /// Things per second (`cases/s`, `lines/s`).
    case rate(String)
    case seconds
    case milliseconds
    case microseconds
    case kilobytes
    /// A share, in percent.
    case percent
  }

  var name: String
  var unit: Unit
  /// One value per round that measured it.
  var values: [Double] = []
  /// The command measured, `$BIN`/`$TMP` for the folders.
  var command: String
  /// Shown after the value: the workload's size, or why the figure is missing.
  var note: String = ""

  var median: Double? { benchMedian(values) }

  var valueText: String {
    guard let median else { return "—" }
    return BenchFormat.value(median, unit)
  }
}

/// A target of the issue, checked on ratios measured in the same round.
struct BenchTarget: Sendable {
  enum Goal: Sendable {
    case atLeast(Double)
    case atMost(Double)
    case above(Double)
  }

  var name: String
  var goal: Goal
  /// The ratio in each round that measured both sides.
  var values: [Double] = []
  var unit = "×"

  var median: Double? { benchMedian(values) }

  var met: Bool? {
    guard let median else { return nil }
    switch goal {
    case .atLeast(let bound): return median >= bound
    case .atMost(let bound): return median <= bound
    case .above(let bound): return median > bound
    }
  }

  var goalText: String {
    switch goal {
    case .atLeast(let bound): "≥ \(BenchFormat.bound(bound))\(unit == "×" ? "" : " \(unit)")"
    case .atMost(let bound): "≤ \(BenchFormat.bound(bound))\(unit == "×" ? "" : " \(unit)")"
    case .above(let bound): "> \(BenchFormat.bound(bound))\(unit == "×" ? "" : " \(unit)")"
    }
  }

  var verdict: String {
    switch met {
    case true?: "met"
    case false?: "missed"
    case nil: "not measured"
    }
  }
}

func benchMedian(_ values: [Double]) -> Double? {
  guard !values.isEmpty else { return nil }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Numbers as people read them: three significant digits, thousands separated.
enum BenchFormat {
  static func value(_ value: Double, _ unit: BenchFigure.Unit) -> String {
    switch unit {
    case .rate(let what): "\(number(value)) \(what)"
    case .seconds: "\(number(value)) s"
    case .milliseconds: "\(number(value)) ms"
    case .microseconds: "\(number(value)) µs"
    case .kilobytes: "\(number(value / 1024)) MiB"
    case .percent: "\(number(value))%"
    }
  }

  /// A goal as written in the issue: `0.8`, `2.5`, `300`.
  static func bound(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// Three significant digits below 1000 (whole numbers as they are), thousands grouped above.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(value)
    if magnitude >= 1000 || (value == value.rounded() && magnitude >= 10) {
      let whole = Int(value.rounded())
      var digits = String(abs(whole))
      var groups: [Substring] = []
      while digits.count > 3 {
        groups.insert(Substring(digits.suffix(3)), at: 0)
        digits.removeLast(3)
      }
      groups.insert(Substring(digits), at: 0)
      return (whole < 0 ? "-" : "") + groups.joined(separator: ",")
    }
    let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return String(format: "%.\(decimals)f", value)
  }
}

/// The bench's Markdown: what ran where, every figure with its command, the targets.
struct BenchReport {
  var title: String
  var facts: [String]
  var figures: [BenchFigure]
  var targets: [BenchTarget]
  var notes: [String]

  var markdown: String {
    var lines = ["# \(title)", ""]
    lines += facts.map { "- \($0)" }
    lines += ["", "| figure | value | command |", "| --- | --: | --- |"]
    for figure in figures {
      let value = figure.note.isEmpty ? figure.valueText : "\(figure.valueText) (\(figure.note))"
      lines.append("| \(figure.name) | \(value) | `\(figure.command.replacingOccurrences(of: "|", with: "\\|"))` |")
    }
    lines += ["", "## Targets (ratios measured in the same round, median over rounds)", ""]
    lines += ["| target | measured | goal | verdict |", "| --- | --: | --: | --- |"]
    for target in targets {
      let measured = target.median.map { BenchFormat.number($0) + (target.unit == "×" ? "" : " \(target.unit)") } ?? "—"
      lines.append("| \(target.name) | \(measured) | \(target.goalText) | \(target.verdict) |")
    }
    if !notes.isEmpty {
      lines += [""]
      lines += notes.map { "- \($0)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
