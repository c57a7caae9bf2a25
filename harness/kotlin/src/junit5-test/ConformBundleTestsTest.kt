package conform.junit5.test

import conform.adapter.ConformAdapter
import conform.adapter.ConformSuites
import conform.adapter.ConformSuitesNotFound
import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.jsonOf
import conform.adapter.JsonObject
import conform.adapter.JsonString
import conform.junit5.BundleCase
import conform.junit5.ConformBundleTests
import conform.junit5.FixtureBundle
import conform.junit5.FixtureBundleProblem
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.opentest4j.AssertionFailedError
import org.opentest4j.TestAbortedException
import java.io.File
import java.net.URLClassLoader
import java.nio.file.Files
import java.nio.file.Path

/**
 * The library's checks, on small bundles written here (folders, and `.tar.gz` files packed by the
 * system's tar): the pin, the files against the manifest, the counts, one failing case, the
 * suites an app does not implement.
 */
class ConformBundleTestsTest {

    private val versionCases = listOf(
        """{"expected":{"newer":true},"id":"version-compare/seed/2.0.10-vs-2.0.9","input":{"local":"2.0.9","remote":"2.0.10"},"note":"numeric","suite":"version-compare","tags":["seed"]}""",
        """{"expected":{"newer":false},"id":"version-compare/seed/2.0-vs-2.0.0","input":{"local":"2.0.0","remote":"2.0"},"note":"padding","suite":"version-compare","tags":["seed"]}""")
    private val eligibilityCases = listOf(
        """{"expected":{"eligible":true},"id":"eligibility/seed/force","input":{"forceOverride":true},"note":"force","suite":"eligibility","tags":["seed"]}""",
        """{"expected":{"eligible":false},"id":"eligibility/seed/no-force","input":{"forceOverride":false},"note":"no force","suite":"eligibility","tags":["seed"]}""")

    /** A small app: numeric version comparison, and eligibility that is the force flag alone. */
    private val appSuites: Map<String, (JsonFields) -> Json> = mapOf(
        "version-compare" to { input: JsonFields ->
            val remote = input.string("remote").split(".").map { it.toInt() }
            val local = input.string("local").split(".").map { it.toInt() }
            val sign = (0 until maxOf(remote.size, local.size))
                .map { (remote.getOrNull(it) ?: 0).compareTo(local.getOrNull(it) ?: 0) }.firstOrNull { it != 0 } ?: 0
            jsonOf("newer" to (sign > 0))
        },
        "eligibility" to { input: JsonFields -> jsonOf("eligible" to input.bool("forceOverride")) })

    /** Writes a bundle folder whose manifest matches its files; returns (folder, manifest pin). */
    private fun writeBundle(root: Path, versions: List<String> = versionCases, extraSuite: Boolean = false): Pair<File, String> {
        val folder = root.resolve("conform-fixtures-9.9.9").toFile()
        folder.mkdirs()
        val tables = linkedMapOf("version-compare" to versions, "eligibility" to eligibilityCases)
        if (extraSuite) tables["beta-build"] = listOf(
            """{"expected":{},"id":"beta-build/a","input":{},"note":"","suite":"beta-build","tags":[]}""",
            """{"expected":{},"id":"beta-build/b","input":{},"note":"","suite":"beta-build","tags":[]}""")
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

    /** Packs [folder] as the system's tar does with [options]; returns (archive, archive pin). */
    private fun pack(folder: File, vararg options: String): Pair<File, String> {
        val archive = File(folder.parentFile, folder.name + ".tar.gz")
        val command = listOf("tar", "--format=ustar") + options + listOf("-czf", archive.path, "-C", folder.parent, folder.name)
        val process = ProcessBuilder(command).redirectErrorStream(true).start()
        val output = process.inputStream.readBytes().toString(Charsets.UTF_8)
        assertEquals(0, process.waitFor(), "tar failed: $output")
        return archive to "sha256:" + FixtureBundle.sha256(archive.readBytes())
    }

    private fun tests(path: File, pin: String, suites: Map<String, (JsonFields) -> Json> = appSuites): List<DynamicTest> =
        ConformBundleTests.dynamicTests(FixtureBundle.load(path, pin, suites.keys), suites)

    /** Runs every dynamic test; returns the names of those that failed, with their messages. */
    private fun failures(tests: List<DynamicTest>): Map<String, String> {
        val failed = LinkedHashMap<String, String>()
        for (test in tests) {
            try {
                test.executable.execute()
            } catch (failure: AssertionFailedError) {
                failed[test.displayName] = failure.message ?: ""
            }
        }
        return failed
    }

    private val allIds = listOf("version-compare/seed/2.0.10-vs-2.0.9", "version-compare/seed/2.0-vs-2.0.0",
        "eligibility/seed/force", "eligibility/seed/no-force")

    @Test
    fun `a case whose output varies accepts any allowed value there and checks the rest exactly`() {
        fun output(arm: String, why: String) = JsonObject.of(listOf("arm" to JsonString(arm), "why" to JsonString(why)))
        val case = BundleCase("ab/x", "ab", "", JsonObject.of(emptyList()), output("blue", "random"), "ab.jsonl", 1, null,
            emptyList(), mapOf("/arm" to listOf(JsonString("blue"), JsonString("green"))))
        assertTrue(case.accepts(output("green", "random")))
        assertFalse(case.accepts(output("red", "random")))
        assertFalse(case.accepts(output("green", "bucketed")))
    }

    @Test
    fun `a pinned folder gives one passing test per case, named by its id, with its fixture line as source`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val tests = tests(folder, pin)
        assertEquals(allIds, tests.map { it.displayName })
        assertEquals(emptyMap<String, String>(), failures(tests))
        assertEquals(File(folder, "eligibility.jsonl").toURI().toString() + "?line=2", tests[3].testSourceUri.get().toString())
    }

    @Test
    fun `a pinned tar gz gives the same tests, pinned by the archive's digest`(@TempDir root: Path) {
        val (folder, manifestPin) = writeBundle(root)
        val (archive, pin) = pack(folder)
        val tests = tests(archive, pin)
        assertEquals(allIds, tests.map { it.displayName })
        assertEquals(emptyMap<String, String>(), failures(tests))
        assertTrue(!tests[0].testSourceUri.isPresent)
        val wrongPin = assertThrows(FixtureBundleProblem::class.java) { tests(archive, manifestPin) }
        assertTrue(wrongPin.message!!.startsWith("${archive.path} is not the pinned bundle: its archive digest (the SHA-256 of the .tar.gz file) is $pin"),
            wrongPin.message)
    }

    @Test
    fun `an altered expected output fails exactly that case, with input, expected, actual, a diff and its decisions`(@TempDir root: Path) {
        val altered = listOf(versionCases[0], versionCases[1].replace("{\"expected\":{\"newer\":false}",
            "{\"decisions\":[\"version-compare/D1\",\"version-compare/D2\"],\"expected\":{\"newer\":true}"))
        val (archive, pin) = pack(writeBundle(root, altered).first)
        val failed = failures(tests(archive, pin))
        assertEquals(listOf("version-compare/seed/2.0-vs-2.0.0"), failed.keys.toList())
        val message = failed.getValue("version-compare/seed/2.0-vs-2.0.0")
        assertTrue(message.startsWith("version-compare/seed/2.0-vs-2.0.0: the app's output is not the expected one"), message)
        for (part in listOf("input:    {\"local\":\"2.0.0\",\"remote\":\"2.0\"}", "expected: {\"newer\":true}",
                "actual:   {\"newer\":false}", "- newer: true", "+ newer: false",
                "spec:     version-compare/D1, version-compare/D2 (the suite's spec in the bundle says each rule)",
                "fixture:  ${archive.path}:conform-fixtures-9.9.9/version-compare.jsonl line 2")) {
            assertTrue(message.contains(part), "\"$part\" is not in:\n$message")
        }
    }

    @Test
    fun `an app's exception fails its case, naming the case, with the exception as the cause`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val broken = appSuites + ("eligibility" to { _: JsonFields -> throw IllegalStateException("no history") })
        val tests = tests(folder, pin, broken)
        val failure = assertThrows(AssertionFailedError::class.java) { tests[2].executable.execute() }
        assertTrue(failure.message!!.startsWith("eligibility/seed/force: the app answered error: no history"), failure.message)
        assertTrue(failure.cause is IllegalStateException)
    }

    @Test
    fun `a manifest that is not the pinned one fails, naming manifest json and both digests`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val otherPin = "sha256:" + "0".repeat(64)
        val problem = assertThrows(FixtureBundleProblem::class.java) { tests(folder, otherPin) }
        val message = problem.message ?: ""
        assertTrue(message.startsWith(File(folder, "manifest.json").path + " is not the pinned bundle: its manifest digest"), message)
        assertTrue(message.contains(pin) && message.contains(otherPin), message)
        val notADigest = assertThrows(FixtureBundleProblem::class.java) { tests(folder, "edb1a6e4") }
        assertTrue(notADigest.message!!.contains("is not a digest"), notADigest.message)
    }

    @Test
    fun `a suite file that does not match manifest json fails, naming the file`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root)
        val table = File(folder, "eligibility.jsonl")
        table.writeText(table.readText().replace("\"forceOverride\":true", "\"forceOverride\":false"))
        val problem = assertThrows(FixtureBundleProblem::class.java) { tests(folder, pin) }
        assertTrue(problem.message!!.startsWith("${table.path} does not match manifest.json"), problem.message)
    }

    @Test
    fun `a damaged archive, or one that is not a bundle, is refused, naming the archive`(@TempDir root: Path) {
        val (folder, _) = writeBundle(root)
        val (archive, _) = pack(folder)
        val cut = File(root.toFile(), "cut.tar.gz")
        cut.writeBytes(archive.readBytes().copyOf(archive.length().toInt() / 2))
        val damaged = assertThrows(FixtureBundleProblem::class.java) { tests(cut, "sha256:" + FixtureBundle.sha256(cut.readBytes())) }
        assertTrue(damaged.message!!.startsWith("${cut.path} is not a readable .tar.gz"), damaged.message)

        val other = root.resolve("app-fixtures").toFile()
        folder.renameTo(other)
        val (notABundle, pin) = pack(other)
        val refused = assertThrows(FixtureBundleProblem::class.java) { tests(notABundle, pin) }
        assertEquals("${notABundle.path}: its files are not under a conform-fixtures-X.Y.Z/ folder: this is not a conform bundle", refused.message)
    }

    @Test
    fun `an archive holding a link is refused`(@TempDir root: Path) {
        val (folder, _) = writeBundle(root)
        Files.createSymbolicLink(folder.toPath().resolve("extra.jsonl"), folder.toPath().resolve("eligibility.jsonl"))
        val (archive, pin) = pack(folder)
        val refused = assertThrows(FixtureBundleProblem::class.java) { tests(archive, pin) }
        assertTrue(refused.message!!.contains("entry \"conform-fixtures-9.9.9/extra.jsonl\" is of tar type '2'"), refused.message)
    }

    @Test
    fun `without CONFORM_FIXTURES the factory fails and says what to do`(@TempDir root: Path) {
        for (environment in listOf(emptyMap(), mapOf(FixtureBundle.FOLDER_VARIABLE to root.resolve("nowhere").toString()),
                mapOf(FixtureBundle.FOLDER_VARIABLE to root.toString(), FixtureBundle.DIGEST_VARIABLE to "sha256:" + "0".repeat(64)))) {
            val problem = assertThrows(FixtureBundleProblem::class.java) { FixtureBundle.fromEnvironment(environment, appSuites.keys) }
            val message = problem.message ?: ""
            assertTrue(message.contains("conform bundle create") && message.contains("CONFORM_FIXTURES_DIGEST=sha256:") &&
                !message.contains("harness/"), message)
        }
        val (folder, _) = writeBundle(root)
        val unpinned = assertThrows(FixtureBundleProblem::class.java) {
            FixtureBundle.fromEnvironment(mapOf(FixtureBundle.FOLDER_VARIABLE to folder.path), appSuites.keys)
        }
        assertTrue(unpinned.message!!.startsWith("CONFORM_FIXTURES_DIGEST is not set"), unpinned.message)
    }

    @Test
    fun `a suite the app does not implement is one aborted test with its case count, its file not read`(@TempDir root: Path) {
        val (folder, pin) = writeBundle(root, extraSuite = true)
        File(folder, "beta-build.jsonl").delete() // not read: the app does not implement it
        val tests = tests(folder, pin)
        assertEquals(allIds + "beta-build (not implemented by the app: 2 cases not run)", tests.map { it.displayName })
        val aborted = assertThrows(TestAbortedException::class.java) { tests.last().executable.execute() }
        assertTrue(aborted.message!!.startsWith("bundle 9.9.9 ($pin) has the suite beta-build, which the app does not implement: its 2 cases were not run"),
            aborted.message)
    }

    @Test
    fun `a case without decisions has no spec line, and decisions that are not strings are refused, naming the field`(@TempDir root: Path) {
        val altered = listOf(versionCases[0], versionCases[1].replace("\"newer\":false", "\"newer\":true"))
        val (folder, pin) = writeBundle(root, altered)
        val message = failures(tests(folder, pin)).getValue("version-compare/seed/2.0-vs-2.0.0")
        assertTrue(message.contains("note:     padding\n  input:    "), message)
        val wrongType = listOf(versionCases[0], versionCases[1].replace("{\"expected\"", "{\"decisions\":[7],\"expected\""))
        val (other, otherPin) = writeBundle(root.resolve("other"), wrongType)
        val refused = assertThrows(FixtureBundleProblem::class.java) { tests(other, otherPin) }
        assertTrue(refused.message!!.endsWith("version-compare.jsonl line 2 is not a case: field \"decisions[0]\": expected a string, found an integer"),
            refused.message)
    }

    @Test
    fun `without an override the suites are the app's ConformSuites, found by ServiceLoader`(@TempDir root: Path) {
        class Discovered : ConformBundleTests()
        val services = root.resolve("META-INF/services").toFile()
        services.mkdirs()
        File(services, "conform.adapter.ConformSuites").writeText("# the app's mapping\n${TestAppSuites::class.java.name}\n")
        val thread = Thread.currentThread()
        val previous = thread.contextClassLoader
        try {
            thread.contextClassLoader = URLClassLoader(arrayOf(root.toUri().toURL()), previous)
            assertEquals(setOf("eligibility", "version-compare"), Discovered().suites.keys)
            thread.contextClassLoader = URLClassLoader(arrayOf(), previous)
            val missing = assertThrows(ConformSuitesNotFound::class.java) { Discovered().cases() }
            assertTrue(missing.message!!.startsWith("no suite mapping found: write a class that implements conform.adapter.ConformSuites, " +
                "and list its name (with its package) in the resource META-INF/services/conform.adapter.ConformSuites"), missing.message)
        } finally {
            thread.contextClassLoader = previous
        }
    }

    @Test
    fun `a subclass's factory reads the bundle named by the environment`() {
        class NoSuites : ConformBundleTests() {
            override val suites: Map<String, (JsonFields) -> Json> = emptyMap()
        }
        val pinned = System.getenv(FixtureBundle.FOLDER_VARIABLE)
        if (pinned.isNullOrEmpty()) {
            val problem = assertThrows(FixtureBundleProblem::class.java) { NoSuites().cases() }
            assertTrue(problem.message!!.startsWith("CONFORM_FIXTURES is not set"), problem.message)
        } else {
            val tests = NoSuites().cases()
            assertTrue(tests.isNotEmpty() && tests.all { it.displayName.contains("(not implemented by the app: ") }, tests.map { it.displayName }.toString())
        }
    }
}

/** A suite mapping as an app writes it, for the ServiceLoader test. */
class TestAppSuites : ConformSuites {
    override val adapterName = "test-app"
    override val adapterVersion = "1.0.0"
    override fun register(adapter: ConformAdapter) {
        adapter.suite("version-compare") { jsonOf("newer" to false) }
            .suite("eligibility") { jsonOf("eligible" to false) }
    }
}
