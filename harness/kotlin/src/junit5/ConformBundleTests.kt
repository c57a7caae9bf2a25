package conform.junit5

import conform.adapter.ConformSuites
import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.SkipCase
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.opentest4j.AssertionFailedError
import org.opentest4j.TestAbortedException

/**
 * Every case of the pinned conform fixture bundle as a JUnit test named by its case id. A team's
 * whole bundle test is one line, a subclass (JUnit runs the test classes of the app's own tests):
 *
 * ```
 * class ConformBundleTest : ConformBundleTests()
 * ```
 *
 * whose [suites] are the app's [ConformSuites], the same mapping the adapter's main serves, found
 * by `java.util.ServiceLoader` (`META-INF/services/conform.adapter.ConformSuites`). A subclass may
 * give [suites] itself instead: `override val suites = mapOf("version-compare" to { input -> ... })`.
 *
 * `CONFORM_FIXTURES` names the bundle (`conform-fixtures-X.Y.Z.tar.gz`, or its unpacked folder) and
 * `CONFORM_FIXTURES_DIGEST` its pin (`sha256:…` of the `.tar.gz`, or of `manifest.json` for a
 * folder). Without them the factory fails and says what to do: it never passes with nothing tested.
 * Each suite of the bundle that [suites] does not name is one aborted test, with its case count.
 */
abstract class ConformBundleTests {
    /**
     * The app's code for each suite it implements: a case's `input` to the `output` its spec asks
     * for. By default, the suites the app's [ConformSuites] registers; without one the factory
     * fails, saying what to write.
     */
    open val suites: Map<String, (JsonFields) -> Json> by lazy { ConformSuites.load().adapter().suites }

    @TestFactory
    fun cases(): List<DynamicTest> = dynamicTests(FixtureBundle.fromEnvironment(System.getenv(), suites.keys), suites)

    companion object {
        /** One test per case of [bundle], named by its id; one aborted test per suite [suites] does not name. */
        fun dynamicTests(bundle: LoadedBundle, suites: Map<String, (JsonFields) -> Json>): List<DynamicTest> {
            val tests = ArrayList<DynamicTest>(bundle.cases.size + bundle.unsupportedSuites.size)
            for (case in bundle.cases) {
                val handler = suites[case.suite] ?: continue // the bundle read only the suites named in [suites]
                tests.add(DynamicTest.dynamicTest(case.id, case.sourceUri()) { check(case, handler) })
            }
            for (suite in bundle.unsupportedSuites) {
                val count = if (suite.cases == 1L) "1 case" else "${suite.cases} cases"
                tests.add(DynamicTest.dynamicTest("${suite.name} (not implemented by the app: $count not run)") {
                    throw TestAbortedException("bundle ${bundle.bundleVersion} (${bundle.digest}) has the suite ${suite.name}, " +
                        "which the app does not implement: its $count were not run")
                })
            }
            return tests
        }

        /**
         * Runs [case] through [handler] and fails, naming the case, unless the output is the expected one
         * (or differs from it only in members that may vary, each holding one of its allowed values).
         */
        fun check(case: BundleCase, handler: (JsonFields) -> Json) {
            val actual: Json = try {
                handler(JsonFields.of(case.input, "input"))
            } catch (skipped: SkipCase) {
                throw caseFailure(AssertionFailedError(report(case, "the app skipped it (${skipped.reason}); a skipped case is not a pass", null)))
            } catch (thrown: Exception) {
                // The app's exception is the cause, with its stack trace.
                throw caseFailure(AssertionFailedError(report(case, "the app answered error: ${thrown.message ?: thrown.toString()}", null), thrown))
            }
            if (!case.accepts(actual)) {
                // expected and actual as canonical JSON, so an IDE can show its own diff too.
                throw caseFailure(AssertionFailedError(
                    report(case, "the app's output is not the expected one", actual), case.expected.toString(), actual.toString()))
            }
        }

        /**
         * A case's failure says everything in its message (the case, its fixture line, the diff): the
         * frames of this checker would only push the next case's failure off the screen.
         */
        private fun caseFailure(failure: AssertionFailedError): AssertionFailedError {
            failure.stackTrace = arrayOf()
            return failure
        }

        private fun report(case: BundleCase, headline: String, actual: Json?): String {
            val text = StringBuilder()
            text.append(case.id).append(": ").append(headline).append('\n')
            text.append("  note:     ").append(case.note).append('\n')
            if (case.decisions.isNotEmpty()) {
                text.append("  spec:     ").append(case.decisions.joinToString(", "))
                    .append(" (the suite's spec in the bundle says each rule)\n")
            }
            text.append("  input:    ").append(case.input).append('\n')
            text.append("  expected: ").append(case.expected).append('\n')
            if (actual != null) {
                text.append("  actual:   ").append(actual).append('\n')
                text.append("  (- expected, + actual)\n")
                for (line in JsonDiff.lines(case.expected, actual)) text.append("  ").append(line).append('\n')
            }
            text.append("  fixture:  ").append(case.source).append(" line ").append(case.line)
            return text.toString()
        }
    }
}
