package com.example.dailygame.conform

import conform.junit5.BundleCase
import conform.junit5.FixtureBundle
import conform.junit5.FixtureBundleProblem
import conform.junit5.JsonDiff
import conform.junit5.LoadedBundle
import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.SkipCase
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.opentest4j.AssertionFailedError
import org.opentest4j.TestAbortedException

/**
 * Every case of the pinned conform fixture bundle as a JUnit test named by its case id, run
 * through the same mapping as the conform adapter ([AppSuites]).
 *
 * `CONFORM_FIXTURES` is the unpacked bundle folder (`conform-fixtures-X.Y.Z/`) and
 * `CONFORM_FIXTURES_DIGEST` the `sha256:…` of its manifest.json. Without them the factory fails
 * and says what to do: it never passes with nothing tested.
 */
class ConformBundleTest {

    @TestFactory
    fun cases(): List<DynamicTest> = BundleCaseTests.fromEnvironment(System.getenv())
}

object BundleCaseTests {

    fun fromEnvironment(environment: Map<String, String>): List<DynamicTest> =
        forBundle(FixtureBundle.fromEnvironment(environment, AppSuites.bySuite.keys))

    /** One test per case, named by its id; one aborted test per suite the app does not implement. */
    fun forBundle(bundle: LoadedBundle): List<DynamicTest> {
        val tests = ArrayList<DynamicTest>(bundle.cases.size + bundle.unsupportedSuites.size)
        for (case in bundle.cases) {
            tests.add(DynamicTest.dynamicTest(case.id, case.sourceUri()) { checkCase(case) })
        }
        for (suite in bundle.unsupportedSuites) {
            tests.add(DynamicTest.dynamicTest("$suite (not implemented by the app)") {
                throw TestAbortedException("bundle ${bundle.bundleVersion} has the suite $suite, which AppSuites does not map: its cases were not run")
            })
        }
        return tests
    }

    /** Runs [case] through the app and fails, naming the case, unless the output is the expected one. */
    fun checkCase(case: BundleCase) {
        val handler = AppSuites.bySuite[case.suite] ?: throw caseFailure(AssertionFailedError("${case.id}: no mapping for suite ${case.suite}"))
        val actual: Json = try {
            handler(JsonFields.of(case.input, "input"))
        } catch (skipped: SkipCase) {
            throw caseFailure(AssertionFailedError(report(case, "the app skipped it (${skipped.reason}); a skipped case is not a pass", null)))
        } catch (thrown: Exception) {
            // The app's exception is the cause, with its stack trace.
            throw caseFailure(AssertionFailedError(report(case, "the app answered error: ${thrown.message ?: thrown.toString()}", null), thrown))
        }
        if (actual != case.expected) {
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
        text.append("  input:    ").append(case.input).append('\n')
        text.append("  expected: ").append(case.expected).append('\n')
        if (actual != null) {
            text.append("  actual:   ").append(actual).append('\n')
            text.append("  (- expected, + actual)\n")
            for (line in JsonDiff.lines(case.expected, actual)) text.append("  ").append(line).append('\n')
        }
        text.append("  fixture:  ").append(case.file.path).append(" line ").append(case.line)
        return text.toString()
    }
}
