package conform.junit5

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonReader
import conform.adapter.JsonShapeError
import conform.adapter.JsonSyntaxError
import java.io.File
import java.io.IOException
import java.net.URI
import java.security.MessageDigest
import java.util.Locale

/** A fixture bundle that cannot be used: missing, not the pinned one, or not matching its manifest. */
class FixtureBundleProblem(message: String) : RuntimeException(message, null, false, false) // the message says it all: no stack trace

/** One line of a `<suite>.jsonl`: a case, with where it came from. */
class BundleCase(
    val id: String,
    val suite: String,
    val note: String,
    val input: Json,
    val expected: Json,
    val file: File,
    val line: Int
) {
    /** `file:…?line=N`, so an IDE (and JUnit's reports) can open the fixture line. */
    fun sourceUri(): URI = URI.create(file.toURI().toString() + "?line=" + line)
}

/** A verified, unpacked bundle: the cases of every suite the app implements, in file order. */
class LoadedBundle(
    val folder: File,
    val bundleVersion: String,
    val cases: List<BundleCase>,
    /** Suites of the bundle the app does not implement (their files are not read). */
    val unsupportedSuites: List<String>
)

/**
 * Reads an unpacked conform fixture bundle (`conform-fixtures-X.Y.Z/`) the way a unit test
 * should: `manifest.json` against the pinned digest, each suite file it reads against the size
 * and SHA-256 in `manifest.json`, each line strictly with the adapter's JSON reader, and each
 * suite's case count. Every problem is a [FixtureBundleProblem] that names the file.
 */
object FixtureBundle {
    const val FOLDER_VARIABLE = "CONFORM_FIXTURES"
    const val DIGEST_VARIABLE = "CONFORM_FIXTURES_DIGEST"

    private const val WHAT_TO_DO =
        "To run the conform bundle tests, get a fixture bundle (`conform bundle create --out DIR`, or the " +
            "conform-fixtures-X.Y.Z.tar.gz release asset), unpack it (tar xzf conform-fixtures-X.Y.Z.tar.gz) " +
            "and set $FOLDER_VARIABLE=/path/to/conform-fixtures-X.Y.Z " +
            "and $DIGEST_VARIABLE=sha256:<the sha256sum of its manifest.json, the pin>."

    private val PIN = Regex("sha256:[0-9a-f]{64}")

    /** The bundle named by `CONFORM_FIXTURES`, pinned by `CONFORM_FIXTURES_DIGEST`, in [environment]. */
    fun fromEnvironment(environment: Map<String, String>, supportedSuites: Set<String>): LoadedBundle {
        val path = environment[FOLDER_VARIABLE]
        if (path == null || path.length == 0) {
            throw FixtureBundleProblem("$FOLDER_VARIABLE is not set: no fixture bundle to test against. $WHAT_TO_DO")
        }
        val folder = File(path)
        if (!folder.isDirectory) {
            throw FixtureBundleProblem("$FOLDER_VARIABLE=$path: no such folder. $WHAT_TO_DO")
        }
        if (!File(folder, "manifest.json").isFile) {
            throw FixtureBundleProblem("$FOLDER_VARIABLE=$path has no manifest.json: it must be an unpacked bundle " +
                "folder (conform-fixtures-X.Y.Z/ with manifest.json and <suite>.jsonl). $WHAT_TO_DO")
        }
        val pin = environment[DIGEST_VARIABLE]
        if (pin == null || pin.length == 0) {
            throw FixtureBundleProblem("$DIGEST_VARIABLE is not set: the bundle in $path is not pinned. $WHAT_TO_DO")
        }
        return load(folder, pin, supportedSuites)
    }

    fun load(folder: File, pin: String, supportedSuites: Set<String>): LoadedBundle {
        val normalizedPin = pin.trim().toLowerCase(Locale.ROOT)
        if (!PIN.matches(normalizedPin)) {
            throw FixtureBundleProblem("$DIGEST_VARIABLE=$pin is not a digest: expected sha256: and 64 hex digits (the sha256sum of manifest.json)")
        }
        val manifestFile = File(folder, "manifest.json")
        val manifestBytes = read(manifestFile)
        val manifestDigest = "sha256:" + sha256(manifestBytes)
        if (manifestDigest != normalizedPin) {
            throw FixtureBundleProblem("${manifestFile.path} is not the pinned one: its digest is $manifestDigest, " +
                "$DIGEST_VARIABLE is $normalizedPin. Use the bundle that was pinned, or pin this one on purpose.")
        }

        val manifest = try {
            JsonFields.of(JsonReader.parse(manifestBytes), "")
        } catch (error: JsonSyntaxError) {
            throw FixtureBundleProblem("${manifestFile.path} is not valid JSON: ${error.message}")
        } catch (error: JsonShapeError) {
            throw FixtureBundleProblem("${manifestFile.path}: ${error.message}")
        }
        return try {
            loadSuites(folder, manifestFile, manifest, supportedSuites)
        } catch (error: JsonShapeError) {
            throw FixtureBundleProblem("${manifestFile.path}: ${error.message}")
        }
    }

    private fun loadSuites(folder: File, manifestFile: File, manifest: JsonFields, supportedSuites: Set<String>): LoadedBundle {
        val format = manifest.long("format")
        if (format != 1L) throw FixtureBundleProblem("${manifestFile.path}: format $format; this test reads format 1 (a newer conform wrote it)")
        val bundleVersion = if (manifest.has("bundleVersion")) manifest.string("bundleVersion") else "(unversioned)"
        val listed = HashMap<String, JsonFields>()
        for (entry in manifest.objects("files")) listed[entry.string("path")] = entry

        val cases = ArrayList<BundleCase>()
        val unsupported = ArrayList<String>()
        val seen = HashSet<String>()
        for (suite in manifest.objects("suites")) {
            val name = suite.string("name")
            if (name !in supportedSuites) {
                unsupported.add(name)
                continue
            }
            val path = suite.string("fixtures")
            val entry = listed[path] ?: throw FixtureBundleProblem("${manifestFile.path} gives no size and sha256 for $path (suite $name)")
            val file = inside(folder, path, manifestFile)
            val bytes = read(file)
            val digest = sha256(bytes)
            if (bytes.size.toLong() != entry.long("bytes") || digest != entry.string("sha256")) {
                throw FixtureBundleProblem("${file.path} does not match manifest.json: it has ${bytes.size} bytes, sha256 $digest; " +
                    "manifest.json says ${entry.long("bytes")} bytes, sha256 ${entry.string("sha256")}")
            }
            val count = readCases(bytes, file, name, seen, cases)
            if (count.toLong() != suite.long("cases")) {
                throw FixtureBundleProblem("${file.path} has $count cases, manifest.json says ${suite.long("cases")}")
            }
        }
        return LoadedBundle(folder, bundleVersion, cases, unsupported)
    }

    /** Adds the cases of one `<suite>.jsonl` to [cases] and returns how many it holds. */
    private fun readCases(bytes: ByteArray, file: File, suite: String, seen: MutableSet<String>, cases: MutableList<BundleCase>): Int {
        var count = 0
        var start = 0
        var line = 0
        while (start < bytes.size) {
            var end = start
            while (end < bytes.size && bytes[end] != '\n'.toByte()) end++
            line++
            try {
                val fields = JsonFields.of(JsonReader.parse(bytes, start, end), "")
                fields.rejectUnknown("expected", "id", "input", "note", "suite", "tags")
                val id = fields.string("id")
                fields.array("tags")
                if (fields.string("suite") != suite || !id.startsWith("$suite/")) {
                    throw FixtureBundleProblem("${file.path} line $line: $id is not a case of suite $suite")
                }
                if (!seen.add(id)) throw FixtureBundleProblem("${file.path} line $line: the case id $id appears twice")
                cases.add(BundleCase(id, suite, fields.string("note"), fields.value("input"), fields.value("expected"), file, line))
            } catch (error: JsonSyntaxError) {
                throw FixtureBundleProblem("${file.path} line $line is not valid JSON: ${error.message}")
            } catch (error: JsonShapeError) {
                throw FixtureBundleProblem("${file.path} line $line is not a case: ${error.message}")
            }
            count++
            start = end + 1
        }
        return count
    }

    /** [path] from the manifest as a file inside [folder]; a path that leaves it is refused. */
    private fun inside(folder: File, path: String, manifestFile: File): File {
        val segments = path.split("/")
        if (path.startsWith("/") || path.contains("\\") || segments.any { it.length == 0 || it == "." || it == ".." }) {
            throw FixtureBundleProblem("${manifestFile.path} names the file \"$path\", which is not a plain path inside the bundle")
        }
        return File(folder, path)
    }

    private fun read(file: File): ByteArray = try {
        file.readBytes()
    } catch (error: IOException) {
        throw FixtureBundleProblem("cannot read ${file.path}: ${error.message}")
    }

    fun sha256(bytes: ByteArray): String {
        val digest = MessageDigest.getInstance("SHA-256").digest(bytes)
        val hex = StringBuilder(64)
        for (byte in digest) {
            val value = byte.toInt() and 0xff
            hex.append(HEX[value ushr 4]).append(HEX[value and 0x0f])
        }
        return hex.toString()
    }

    private const val HEX = "0123456789abcdef"
}
