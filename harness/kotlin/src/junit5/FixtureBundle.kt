package conform.junit5

import conform.adapter.Json
import conform.adapter.JsonArray
import conform.adapter.JsonFields
import conform.adapter.JsonObject
import conform.adapter.JsonReader
import conform.adapter.JsonShapeError
import conform.adapter.JsonString
import conform.adapter.JsonSyntaxError
import java.io.File
import java.io.IOException
import java.net.URI
import java.security.MessageDigest

/** A fixture bundle that cannot be used: missing, not the pinned one, or not matching its manifest. */
class FixtureBundleProblem(message: String) : RuntimeException(message, null, false, false) // the message says it all: no stack trace

/** One line of a `<suite>.jsonl`: a case, with where it came from. */
class BundleCase(
    val id: String,
    val suite: String,
    val note: String,
    val input: Json,
    val expected: Json,
    /** The suite file as messages show it: its path, or `<archive>:conform-fixtures-X.Y.Z/<suite>.jsonl`. */
    val source: String,
    val line: Int,
    /** The suite file on disk, for an unpacked bundle; null when it was read from a `.tar.gz`. */
    val file: File?,
    /**
     * The spec decisions the case exercises (`version-compare/D8`: entry `### D8.` of the suite's
     * spec in the bundle); empty for a bundle made before cases listed them.
     */
    val decisions: List<String> = emptyList(),
    /**
     * The members of [expected] that may take other values (a random pick the spec allows), by JSON
     * Pointer (`/arm`), each with its allowed values: the line's `"varies"`; empty: [expected] is the
     * only answer.
     */
    val varies: Map<String, List<Json>> = emptyMap()
) {
    /** `file:…?line=N`, so an IDE (and JUnit's reports) can open the fixture line; null inside an archive. */
    fun sourceUri(): URI? = file?.let { URI.create(it.toURI().toString() + "?line=" + line) }

    /**
     * Whether [actual] answers the case: [expected], or it but for varying members, each holding one
     * of its allowed values.
     */
    fun accepts(actual: Json): Boolean {
        if (actual == expected) return true
        if (varies.isEmpty()) return false
        var settled = actual
        for ((pointer, allowed) in varies) {
            val held = valueAt(actual, pointer) ?: return false
            if (held !in allowed) return false
            settled = setting(settled, tokens(pointer), valueAt(expected, pointer) ?: return false)
        }
        return settled == expected
    }

    companion object {
        /** The member names of a JSON Pointer of object members: `/a/b` is a, b (`~1` is `/`, `~0` is `~`). */
        fun tokens(pointer: String): List<String> =
            pointer.removePrefix("/").split("/").map { it.replace("~1", "/").replace("~0", "~") }

        fun valueAt(value: Json, pointer: String): Json? =
            tokens(pointer).fold(value as Json?) { current, token -> (current as? JsonObject)?.get(token) }

        private fun setting(value: Json, tokens: List<String>, member: Json): Json {
            if (tokens.isEmpty()) return member
            val objectValue = value as? JsonObject ?: return value
            val inner = objectValue[tokens[0]] ?: return value
            val members = objectValue.keyList.mapIndexed { index, key ->
                key to (if (key == tokens[0]) setting(inner, tokens.drop(1), member) else objectValue.valueAt(index))
            }
            return JsonObject.of(members)
        }
    }
}

/** A suite of the bundle that the app does not implement, with its number of cases (not run). */
class UnsupportedSuite(val name: String, val cases: Long)

/** A verified bundle: the cases of every suite the app implements, in file order. */
class LoadedBundle(
    /** The `.tar.gz` or the unpacked folder, as given. */
    val path: File,
    /** The pin it matched, `sha256:<hex>`: the archive's digest, or for a folder its manifest's. */
    val digest: String,
    val bundleVersion: String,
    val cases: List<BundleCase>,
    /** The bundle's suites that the app does not implement (their files are not read). */
    val unsupportedSuites: List<UnsupportedSuite>
)

/**
 * Reads a conform fixture bundle the way a unit test should: the `.tar.gz` a release publishes
 * (`conform-fixtures-X.Y.Z.tar.gz`), pinned by its SHA-256, or the unpacked folder, pinned by the
 * SHA-256 of its `manifest.json`. Each suite file it reads is checked against the size and SHA-256
 * in `manifest.json`, each line strictly with the adapter's JSON reader, and each suite's case
 * count. Every problem is a [FixtureBundleProblem] that names the file.
 */
object FixtureBundle {
    const val FOLDER_VARIABLE = "CONFORM_FIXTURES"
    const val DIGEST_VARIABLE = "CONFORM_FIXTURES_DIGEST"

    internal const val WHAT_TO_DO =
        "To pin a bundle: download conform-fixtures-X.Y.Z.tar.gz from a conform release (or make one with " +
            "`conform bundle create --out DIR`, which prints its digest) and set " +
            "$FOLDER_VARIABLE=/path/to/conform-fixtures-X.Y.Z.tar.gz and " +
            "$DIGEST_VARIABLE=sha256:<the SHA-256 of that .tar.gz, as sha256sum prints it>. " +
            "An unpacked bundle folder works too, pinned by the SHA-256 of its manifest.json."

    private val PIN = Regex("sha256:[0-9a-f]{64}")

    /** The bundle named by `CONFORM_FIXTURES`, pinned by `CONFORM_FIXTURES_DIGEST`, in [environment]. */
    fun fromEnvironment(environment: Map<String, String>, supportedSuites: Set<String>): LoadedBundle {
        val path = environment[FOLDER_VARIABLE]
        if (path.isNullOrEmpty()) {
            throw FixtureBundleProblem("$FOLDER_VARIABLE is not set: no fixture bundle to test against. $WHAT_TO_DO")
        }
        val pin = environment[DIGEST_VARIABLE]
        if (pin.isNullOrEmpty()) {
            throw FixtureBundleProblem("$DIGEST_VARIABLE is not set: the bundle $path has no pin. $WHAT_TO_DO")
        }
        return load(File(path), pin, supportedSuites)
    }

    /** Reads and checks the bundle at [path] (a `.tar.gz` or an unpacked folder) against [pin]. */
    fun load(path: File, pin: String, supportedSuites: Set<String>): LoadedBundle {
        val normalizedPin = pin.trim().lowercase()
        if (!PIN.matches(normalizedPin)) {
            throw FixtureBundleProblem("$DIGEST_VARIABLE=$pin is not a digest: expected sha256: and 64 hex digits " +
                "(the sha256sum of the .tar.gz, or of manifest.json for a folder)")
        }
        val files = BundleFiles.open(path, normalizedPin)
        val manifestName = files.shown("manifest.json")
        return try {
            loadSuites(files, JsonFields.of(JsonReader.parse(files.manifest), ""), normalizedPin, supportedSuites)
        } catch (error: JsonSyntaxError) {
            throw FixtureBundleProblem("$manifestName is not valid JSON: ${error.message}")
        } catch (error: JsonShapeError) {
            throw FixtureBundleProblem("$manifestName: ${error.message}")
        }
    }

    private fun loadSuites(files: BundleFiles, manifest: JsonFields, pin: String, supportedSuites: Set<String>): LoadedBundle {
        val manifestName = files.shown("manifest.json")
        val format = manifest.long("format")
        if (format != 1L) throw FixtureBundleProblem("$manifestName: format $format; this test reads format 1 (a newer conform wrote it)")
        val bundleVersion = if (manifest.has("bundleVersion")) manifest.string("bundleVersion") else "(unversioned)"
        val listed = HashMap<String, JsonFields>()
        for (entry in manifest.objects("files")) listed[entry.string("path")] = entry

        val cases = ArrayList<BundleCase>()
        val unsupported = ArrayList<UnsupportedSuite>()
        val seen = HashSet<String>()
        for (suite in manifest.objects("suites")) {
            val name = suite.string("name")
            if (name !in supportedSuites) {
                unsupported.add(UnsupportedSuite(name, suite.long("cases")))
                continue
            }
            val path = suite.string("fixtures")
            val entry = listed[path] ?: throw FixtureBundleProblem("$manifestName gives no size and sha256 for $path (suite $name)")
            val segments = path.split("/")
            if (path.startsWith("/") || path.contains("\\") || segments.any { it.isEmpty() || it == "." || it == ".." }) {
                throw FixtureBundleProblem("$manifestName names the file \"$path\", which is not a plain path inside the bundle")
            }
            val bytes = files.read(path)
            val digest = sha256(bytes)
            if (bytes.size.toLong() != entry.long("bytes") || digest != entry.string("sha256")) {
                throw FixtureBundleProblem("${files.shown(path)} does not match manifest.json: it has ${bytes.size} bytes, sha256 $digest; " +
                    "manifest.json says ${entry.long("bytes")} bytes, sha256 ${entry.string("sha256")}. " +
                    "The bundle was changed after it was published: fetch it again")
            }
            val count = readCases(bytes, files.shown(path), files.onDisk(path), name, seen, cases)
            if (count.toLong() != suite.long("cases")) {
                throw FixtureBundleProblem("${files.shown(path)} has $count cases, manifest.json says ${suite.long("cases")}")
            }
        }
        return LoadedBundle(files.path, pin, bundleVersion, cases, unsupported)
    }

    /** A line's `"varies"`: each JSON Pointer's non-empty array of values, [expected] holding one of them. */
    private fun readVaries(value: Json, expected: Json): Map<String, List<Json>> {
        val members = value as? JsonObject ?: throw JsonShapeError("varies", "expected an object of JSON Pointers to their allowed values, found ${value.typeName}")
        return members.keyList.mapIndexed { index, pointer ->
            val allowed = (members.valueAt(index) as? JsonArray)?.items
            if (!pointer.startsWith("/") || allowed.isNullOrEmpty()) {
                throw JsonShapeError("varies.$pointer", "expected a JSON Pointer (\"/field\") to a non-empty array of values")
            }
            if (BundleCase.valueAt(expected, pointer) !in allowed) {
                throw JsonShapeError("varies.$pointer", "the expected output does not hold one of these values there")
            }
            pointer to allowed
        }.toMap()
    }

    /** Adds the cases of one `<suite>.jsonl` to [cases] and returns how many it holds. */
    private fun readCases(bytes: ByteArray, source: String, file: File?, suite: String, seen: MutableSet<String>,
                          cases: MutableList<BundleCase>): Int {
        var count = 0
        var start = 0
        var line = 0
        while (start < bytes.size) {
            var end = start
            while (end < bytes.size && bytes[end] != '\n'.code.toByte()) end++
            line++
            try {
                val fields = JsonFields.of(JsonReader.parse(bytes, start, end), "")
                fields.rejectUnknown("decisions", "expected", "id", "input", "note", "suite", "tags", "varies")
                val id = fields.string("id")
                fields.array("tags")
                if (fields.string("suite") != suite || !id.startsWith("$suite/")) {
                    throw FixtureBundleProblem("$source line $line: $id is not a case of suite $suite")
                }
                if (!seen.add(id)) throw FixtureBundleProblem("$source line $line: the case id $id appears twice")
                val decisions = if (fields.has("decisions")) {
                    fields.array("decisions").mapIndexed { index, decision ->
                        (decision as? JsonString)?.value ?: throw JsonShapeError("decisions[$index]", "expected a string, found ${decision.typeName}")
                    }
                } else {
                    emptyList()
                }
                val expected = fields.value("expected")
                val varies = if (fields.has("varies")) readVaries(fields.value("varies"), expected) else emptyMap()
                cases.add(BundleCase(id, suite, fields.string("note"), fields.value("input"), expected, source, line, file, decisions, varies))
            } catch (error: JsonSyntaxError) {
                throw FixtureBundleProblem("$source line $line is not valid JSON: ${error.message}")
            } catch (error: JsonShapeError) {
                throw FixtureBundleProblem("$source line $line is not a case: ${error.message}")
            }
            count++
            start = end + 1
        }
        return count
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

/** A bundle's files once its pin matched: an unpacked folder, or a `.tar.gz` held in memory. */
private class BundleFiles(
    val path: File,
    /** How a file's name is shown: `<folder>/` or `<archive>:conform-fixtures-X.Y.Z/`. */
    private val prefix: String,
    val manifest: ByteArray,
    /** The archive's files by their path under its top folder; null for a folder, read from disk. */
    private val entries: Map<String, ByteArray>?
) {
    fun shown(name: String): String = prefix + name

    /** The file on disk, for an unpacked bundle. */
    fun onDisk(name: String): File? = if (entries == null) File(path, name) else null

    fun read(name: String): ByteArray {
        val bytes = if (entries != null) entries[name] else File(path, name).takeIf { it.isFile }?.let { readBytes(it) }
        return bytes ?: throw FixtureBundleProblem("${shown(name)} is listed in manifest.json but missing: the bundle is incomplete; fetch it again")
    }

    companion object {
        /** A bundle is about 1 MB packed: a far bigger file is not one. */
        private const val MAX_ARCHIVE_BYTES = 256L shl 20

        /** Opens [path] and checks it against [pin]: the archive's digest, or for a folder its manifest's. */
        fun open(path: File, pin: String): BundleFiles {
            val variable = FixtureBundle.FOLDER_VARIABLE
            if (path.isDirectory) {
                val manifestFile = File(path, "manifest.json")
                if (!manifestFile.isFile) {
                    throw FixtureBundleProblem("$variable=${path.path} has no manifest.json: a folder must be an unpacked bundle " +
                        "(conform-fixtures-X.Y.Z/ with manifest.json and <suite>.jsonl). ${FixtureBundle.WHAT_TO_DO}")
                }
                val manifest = readBytes(manifestFile)
                check(FixtureBundle.sha256(manifest), pin, manifestFile.path, "manifest digest (the SHA-256 of manifest.json)")
                return BundleFiles(path, path.path.trimEnd('/') + "/", manifest, null)
            }
            if (!path.isFile) throw FixtureBundleProblem("$variable=${path.path}: no such file or folder. ${FixtureBundle.WHAT_TO_DO}")
            if (path.length() > MAX_ARCHIVE_BYTES) {
                throw FixtureBundleProblem("${path.path}: ${path.length()} bytes, over the $MAX_ARCHIVE_BYTES a bundle may have: this is not a conform bundle")
            }
            val archive = readBytes(path)
            check(FixtureBundle.sha256(archive), pin, path.path, "archive digest (the SHA-256 of the .tar.gz file)")
            val (top, files) = BundleArchive.unpack(archive, path.path)
            val prefix = "${path.path}:$top/"
            val manifest = files["manifest.json"] ?: throw FixtureBundleProblem("${prefix}manifest.json is missing: this is not a conform bundle")
            return BundleFiles(path, prefix, manifest, files)
        }

        private fun check(hex: String, pin: String, shown: String, kind: String) {
            if ("sha256:$hex" == pin) return
            throw FixtureBundleProblem("$shown is not the pinned bundle: its $kind is sha256:$hex, ${FixtureBundle.DIGEST_VARIABLE} is $pin. " +
                "Use the bundle that was pinned, or pin this one on purpose.")
        }

        private fun readBytes(file: File): ByteArray = try {
            file.readBytes()
        } catch (error: IOException) {
            throw FixtureBundleProblem("cannot read ${file.path}: ${error.message}")
        }
    }
}
