package com.example.dailygame.conform

import conform.junit5.BundleCase
import conform.junit5.FixtureBundle
import conform.junit5.FixtureBundleProblem
import conform.junit5.JsonDiff
import conform.junit5.LoadedBundle
import conform.adapter.jsonOf
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.opentest4j.AssertionFailedError
import java.io.File
import java.nio.file.Path

/** The bundle test's own checks, on a small bundle written here: pin, files, counts, one failing case. */
class FixtureBundleTest {

    private val versionCases = listOf(
        """{"expected":{"newer":true},"id":"version-compare/seed/2.0.10-vs-2.0.9","input":{"local":"2.0.9","remote":"2.0.10"},"note":"numeric","suite":"version-compare","tags":["seed"]}""",
        """{"expected":{"newer":false},"id":"version-compare/seed/2.0-vs-2.0.0","input":{"local":"2.0.0","remote":"2.0"},"note":"padding","suite":"version-compare","tags":["seed"]}""")
    private val eligibilityCases = listOf(
        """{"expected":{"eligible":true},"id":"eligibility/seed/force","input":{"config":{"cooldownDays":7,"winThreshold":3},"currentVersion":"1.0.0","forceOverride":true,"lastAttemptEpochDay":null,"lastPromptedVersion":null,"todayEpochDay":20000,"wonCompletionCount":0},"note":"force","suite":"eligibility","tags":["seed"]}""")

    /** Writes a bundle folder whose manifest matches its files, and returns (folder, pin). */
    private fun writeBundle(root: Path, versions: List<String> = versionCases, extraSuite: Boolean = false): Pair<File, String> {
        val folder = root.resolve("conform-fixtures-9.9.9").toFile()
        folder.mkdirs()
        val tables = linkedMapOf("version-compare" to versions, "eligibility" to eligibilityCases)
        if (extraSuite) tables["beta-build"] = listOf("""{"expected":{},"id":"beta-build/x","input":{},"note":"","suite":"beta-build","tags":[]}""")
        val files = ArrayList<Any>()
        val suites = ArrayList<Any>()
        for ((suite, lines) in tables) {
            val bytes = lines.joinToString("") { it + "\n" }.toByteArray(Charsets.UTF_8)
            File(folder, "$suite.jsonl").writeBytes(bytes)
            files.add(mapOf("bytes" to bytes.size, "path" to "$suite.jsonl", "sha256" to FixtureBundle.sha256(bytes)))
            suites.add(mapOf("cases" to lines.size, "fixtures" to "$suite.jsonl", "name" to suite))
        }
        val manifest = jsonOf("bundleVersion" to "9.9.9", "files" to files, "format" to 1, "suites" to suites).toString().toByteArray(Charsets.UTF_8)
        File(folder, "manifest.json").writeBytes(manifest)
        return folder to "sha256:" + FixtureBundle.sha256(manifest)
    }

    private fun environment(folder: File, pin: String) =
        mapOf(FixtureBundle.FOLDER_VARIABLE to folder.path, FixtureBundle.DIGEST_VARIABLE to pin)

    /** Runs every dynamic test; returns the names of those that failed, with their messages. */
    private fun failures(folder: File, pin: String): Map<String, String> {
        val failed = LinkedHashMap<String, String>()
        for (test in BundleCaseTests.fromEnvironment(environment(folder, pin))) {
            try {
                test.executable.execute()
            } catch (failure: AssertionFailedError) {
                failed[test.displayName] = failure.message ?: ""
            }
        }
        return failed
    }

    @Test
    fun `a pinned bundle gives one passing test per case, named by its id`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val tests = BundleCaseTests.fromEnvironment(environment(folder, pin))
        assertEquals(
            listOf("version-compare/seed/2.0.10-vs-2.0.9", "version-compare/seed/2.0-vs-2.0.0", "eligibility/seed/force"),
            tests.map { it.displayName })
        assertEquals(emptyMap<String, String>(), failures(folder, pin))
    }

    @Test
    fun `an altered expected output fails exactly that case, with input, expected, actual and a diff`(@TempDir root: Path) {
        val altered = listOf(versionCases[0], versionCases[1].replace("\"newer\":false", "\"newer\":true"))
        val (folder, pin) = writeBundle(root, altered)
        val failed = failures(folder, pin)
        assertEquals(listOf("version-compare/seed/2.0-vs-2.0.0"), failed.keys.toList())
        val message = failed.getValue("version-compare/seed/2.0-vs-2.0.0")
        assertTrue(message.startsWith("version-compare/seed/2.0-vs-2.0.0: the app's output is not the expected one"), message)
        for (part in listOf("input:    {\"local\":\"2.0.0\",\"remote\":\"2.0\"}", "expected: {\"newer\":true}",
                "actual:   {\"newer\":false}", "- newer: true", "+ newer: false", "version-compare.jsonl line 2")) {
            assertTrue(message.contains(part), "\"$part\" is not in:\n$message")
        }
    }

    @Test
    fun `a manifest that is not the pinned one fails, naming manifest json and both digests`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val otherPin = "sha256:" + "0".repeat(64)
        val problem = assertThrows(FixtureBundleProblem::class.java) { BundleCaseTests.fromEnvironment(environment(folder, otherPin)) }
        val message = problem.message ?: ""
        assertTrue(message.contains("manifest.json is not the pinned one"), message)
        assertTrue(message.contains(pin) && message.contains(otherPin), message)
        val notADigest = assertThrows(FixtureBundleProblem::class.java) { BundleCaseTests.fromEnvironment(environment(folder, "edb1a6e4")) }
        assertTrue(notADigest.message!!.contains("is not a digest"), notADigest.message)
    }

    @Test
    fun `a suite file that does not match manifest json fails, naming the file`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val table = File(folder, "eligibility.jsonl")
        table.writeText(table.readText().replace("\"wonCompletionCount\":0", "\"wonCompletionCount\":1"))
        val problem = assertThrows(FixtureBundleProblem::class.java) { BundleCaseTests.fromEnvironment(environment(folder, pin)) }
        assertTrue(problem.message!!.contains("eligibility.jsonl does not match manifest.json"), problem.message)
    }

    @Test
    fun `without CONFORM_FIXTURES the factory fails and says what to do`(@TempDir root: Path) {
        for (environment in listOf(emptyMap(), mapOf(FixtureBundle.FOLDER_VARIABLE to root.resolve("nowhere").toString()),
                mapOf(FixtureBundle.FOLDER_VARIABLE to root.toString()))) {
            val problem = assertThrows(FixtureBundleProblem::class.java) { BundleCaseTests.fromEnvironment(environment) }
            val message = problem.message ?: ""
            assertTrue(message.contains("conform bundle create") && message.contains("CONFORM_FIXTURES_DIGEST=sha256:") && !message.contains("harness/"), message)
        }
        val (folder, _) = writeBundle(root)
        val unpinned = assertThrows(FixtureBundleProblem::class.java) {
            BundleCaseTests.fromEnvironment(mapOf(FixtureBundle.FOLDER_VARIABLE to folder.path))
        }
        assertTrue(unpinned.message!!.startsWith("CONFORM_FIXTURES_DIGEST is not set"), unpinned.message)
    }

    @Test
    fun `a suite the app does not implement is reported as aborted, not run, not passed`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root, extraSuite = true)
        val tests = BundleCaseTests.fromEnvironment(environment(folder, pin))
        val notImplemented = tests.single { it.displayName.startsWith("beta-build") }
        assertThrows(org.opentest4j.TestAbortedException::class.java) { notImplemented.executable.execute() }
        assertEquals(4, tests.size)
    }
}
