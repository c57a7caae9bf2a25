package conform.port

import conform.adapter.JsonWriter
import conform.adapter.jsonOf
import conform.reference.Implementation

/**
 * A drifting port and what the fixtures must show of it: its one line in the catalogue.
 * `kotlin-port --catalogue` prints each for `conform mutants` (through `harness/mutants.jsonl`)
 * and for the tests that check every port is caught (`KotlinPortsTests`), so adding a port means
 * its file in this folder and one entry in [mutants], nothing else.
 *
 * [name] selects it on the command line, follows `kotlin-port/` in the hello and names it in
 * `conform mutants`' table: unique across the whole catalogue, Swift ports included. [bug] is what
 * the porter got wrong, in one sentence (the table's bug column). [fails] holds fixture case ids
 * it must get wrong, one for each bug; a case id starts with its suite, where that bug shows.
 * [passes] holds suites its bug cannot reach: it must agree with every case of each.
 */
class Mutant(
    val name: String,
    val bug: String,
    val fails: List<String>,
    val passes: List<String>,
    val implementation: Implementation
) {
    /** Its catalogue line: every field of a `harness/mutants.jsonl` line but `impl`, the binary that printed it. */
    fun catalogueLine(): String = JsonWriter.toText(jsonOf(
        "args" to listOf(name), "bug" to bug, "fails" to fails, "kind" to "mutant", "language" to "kotlin",
        "name" to name, "passes" to passes))
}

/** Every drifting port, in the order `conform mutants` lists them. */
val mutants: List<Mutant> = listOf(
    Mutant(
        "split-keeps-empty",
        bug = "Kotlin split(\".\") keeps empty pieces: 1..2 reads as 1.0.2",
        fails = listOf("version-compare/pitfall/double-dot"),
        passes = listOf("eligibility"),
        implementation = Implementation(versions = SplitKeepsEmpty)
    ),
    Mutant(
        "unicode-digits",
        bug = "Kotlin toLongOrNull accepts non-ASCII digits",
        fails = listOf("version-compare/pitfall/arabic-indic-digit"),
        passes = listOf("eligibility"),
        implementation = Implementation(versions = UnicodeDigits)
    ),
    Mutant(
        "int32-parts",
        bug = "version parts parsed as 32-bit Int: 2147483648 becomes 0",
        fails = listOf("version-compare/pitfall/int32-overflow-part"),
        passes = listOf("eligibility"),
        implementation = Implementation(versions = Int32Parts)
    ),
    Mutant(
        "lexicographic",
        bug = "compares version strings lexicographically",
        fails = listOf("version-compare/seed/2.0.10-vs-2.0.9"),
        passes = listOf("eligibility"),
        implementation = Implementation(versions = Lexicographic)
    ),
    Mutant(
        "kotlin-leading-number",
        bug = "a part read as the number a regex finds at its start: 2rc1 is 2",
        fails = listOf("version-compare/fuzz/digits-then-letters"),
        passes = listOf("eligibility"),
        implementation = Implementation(versions = LeadingNumber)
    ),
    Mutant(
        "day-overflow-wraps",
        bug = "today - lastAttempt wraps silently at the Long extremes",
        fails = listOf("eligibility/seed/threshold-met-never-attempted"),
        passes = listOf("version-compare"),
        implementation = Implementation(eligibility = DayOverflowWraps)
    ),
    Mutant(
        "force-override-last",
        bug = "force override checked after the other rules",
        fails = listOf("eligibility/seed/force-override"),
        passes = listOf("version-compare"),
        implementation = Implementation(eligibility = ForceOverrideLast)
    ),
    Mutant(
        "no-ensure-active",
        bug = "no cancellation check after the delay resumes: a late cancel still fires",
        fails = listOf("timeline/seed/cancel-after-sleep"),
        passes = listOf("eligibility", "version-compare"),
        implementation = Implementation(newScheduler = ::NoEnsureActive)
    ),
    Mutant(
        "gson-lenient-lookup",
        bug = "Gson-style type coercion: the number 2 decodes as the version \"2\", the string \"1\" as a count",
        fails = listOf("update-notice/seed/track-id-string-fails-decode"),
        passes = listOf("version-compare", "widget-location"),
        implementation = Implementation(lookupDecoder = GsonLenientLookup)
    ),
    Mutant(
        "lenient-framing",
        bug = "skips a byte order mark and ignores text after the first JSON value, as org.json does",
        fails = listOf("update-notice/pitfall/byte-order-mark"),
        passes = listOf("version-compare", "widget-location"),
        implementation = Implementation(lookupDecoder = LenientFraming)
    ),
    Mutant(
        "lenient-json-text",
        bug = "a lenient JSON reader: raw control characters inside strings and numbers with leading zeros accepted",
        fails = listOf(
            "update-notice/json-grammar/control/raw-tab-in-string", "update-notice/json-grammar/number/leading-zero-result-count"),
        passes = listOf("version-compare", "widget-location"),
        implementation = Implementation(lookupDecoder = LenientJsonText)
    ),
    Mutant(
        "int32-track-id",
        bug = "trackId declared as Int: an App Store id past 2^31 fails the decode, so no dialog",
        fails = listOf("update-notice/pitfall/track-id-past-int32"),
        passes = listOf("version-compare", "widget-location"),
        implementation = Implementation(lookupDecoder = Int32TrackId)
    ),
    Mutant(
        "waits-for-timeout",
        bug = "the widget's guard reads the status, not isAuthorizedForWidgetUpdates: it waits for the timeout",
        fails = listOf("widget-location/seed/app-only-ends-at-once"),
        passes = listOf("update-notice"),
        implementation = Implementation(widgetLocation = WaitsForTimeout)
    ),
    Mutant(
        "widget-flag-alone",
        bug = "the widget trusts a saved widget flag alone: asks for a location after the user denied it",
        fails = listOf("widget-location/pitfall/stale-widget-flag-denied"),
        passes = listOf("update-notice"),
        implementation = Implementation(widgetLocation = WidgetFlagAlone)
    ),
    Mutant(
        "calendar-weekday",
        bug = "java.util.Calendar's DAY_OF_WEEK (Sunday = 1) compared with DayOfWeek.SATURDAY.value (6): the draw falls on Friday",
        fails = listOf("draw-freshness/seed/saturday-night-empty-new-round"),
        passes = listOf("restart-prompt"),
        implementation = Implementation(draws = CalendarWeekday)
    ),
    Mutant(
        "zero-numbers",
        bug = "content checked by counting six numbers: Gson's 0 for missing fields passes",
        fails = listOf("draw-freshness/pitfall/zeros-from-decoder-defaults"),
        passes = listOf("restart-prompt"),
        implementation = Implementation(draws = ZeroNumbers)
    ),
    Mutant(
        "listener-only",
        bug = "only the install-state listener: a download finished while the app was closed never prompts",
        fails = listOf("restart-prompt/seed/downloaded-while-closed"),
        passes = listOf("draw-freshness"),
        implementation = Implementation(newRestartPrompt = ::ListenerOnly)
    ),
    Mutant(
        "prompt-every-callback",
        bug = "shows the restart prompt on every DOWNLOADED report, not once",
        fails = listOf("restart-prompt/seed/listener-and-query-both-report"),
        passes = listOf("draw-freshness"),
        implementation = Implementation(newRestartPrompt = ::PromptEveryCallback)
    )
)

/** The port named [name], or null. */
fun mutantNamed(name: String?): Mutant? = mutants.firstOrNull { it.name == name }
