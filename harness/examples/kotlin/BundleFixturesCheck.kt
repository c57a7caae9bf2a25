package conform.examples

import conform.adapter.JsonFields
import conform.adapter.JsonReader
import conform.reference.StoreVersionComparator
import java.io.File
import java.security.MessageDigest
import kotlin.system.exitProcess

/*
 * conform's truth tables inside your own unit tests, without conform: read an unpacked bundle's
 * manifest.json and <suite>.jsonl directly, check them, and run the cases against your code (here
 * the version-compare cases against StoreVersionComparator). A plain main with checks; in a JUnit
 * test each check() is an assert.
 *
 *   java -jar bundle-check.jar conform-fixtures-X.Y.Z [sha256:DIGEST-OF-manifest.json]
 */

private var failures = 0

private fun check(condition: Boolean, message: () -> String) {
    if (!condition) {
        failures++
        System.err.println("FAIL: ${message()}")
    }
}

private fun sha256(bytes: ByteArray): String =
    MessageDigest.getInstance("SHA-256").digest(bytes).joinToString("") { String.format("%02x", it) }

fun main(args: Array<String>) {
    if (args.size == 0) {
        System.err.println("usage: bundle-check BUNDLE_FOLDER [sha256:DIGEST-OF-manifest.json]")
        exitProcess(2)
    }
    val folder = File(args[0])
    val manifestBytes = File(folder, "manifest.json").readBytes()
    // The pin: manifest.json holds every other file's digest, so its digest names the whole set.
    if (args.size > 1) check("sha256:" + sha256(manifestBytes) == args[1]) { "manifest.json is not the pinned one" }
    val manifest = JsonFields.of(JsonReader.parse(manifestBytes), "")
    check(manifest.long("format") == 1L) { "manifest format ${manifest.long("format")}: this test reads format 1" }

    for (file in manifest.objects("files")) {
        val path = file.string("path")
        val bytes = File(folder, path).readBytes()
        check(bytes.size.toLong() == file.long("bytes") && sha256(bytes) == file.string("sha256")) {
            "$path does not match manifest.json"
        }
    }

    var total = 0
    var run = 0
    val suites = manifest.objects("suites")
    for (suite in suites) {
        val name = suite.string("name")
        val table = File(folder, suite.string("fixtures")).readBytes()
        var count = 0
        var start = 0
        while (start < table.size) {
            var end = start
            while (end < table.size && table[end] != '\n'.toByte()) end++
            try {
                val case = JsonFields.of(JsonReader.parse(table, start, end), "")
                val id = case.string("id")
                check(id.startsWith("$name/")) { "$id is not a case of $name" }
                if (name == "version-compare") {
                    val input = case.fields("input")
                    val newer = StoreVersionComparator.isNewerVersion(input.string("remote"), input.string("local"))
                    check(newer == case.fields("expected").bool("newer")) { "$id: expected ${case.value("expected")}, got newer=$newer" }
                    run++
                }
            } catch (error: Exception) {
                check(false) { "${suite.string("fixtures")} line ${count + 1} is not a case: ${error.message}" }
            }
            count++
            start = end + 1
        }
        check(count.toLong() == suite.long("cases")) { "$name has $count cases, manifest.json says ${suite.long("cases")}" }
        total += count
    }

    if (failures > 0) {
        System.err.println("kotlin bundle-check: $failures failures in ${folder.path}")
        exitProcess(1)
    }
    val version = if (manifest.has("bundleVersion")) "bundle ${manifest.string("bundleVersion")}" else "fixtures"
    println("kotlin: ok $version: $total cases in ${suites.size} suites, every file matches manifest.json, $run version-compare cases pass")
}
