package conform.test

import conform.adapter.ConformAdapter
import conform.adapter.ConformSuites
import conform.adapter.ConformSuitesNotFound
import conform.adapter.JsonArray
import conform.adapter.JsonFields
import conform.adapter.JsonInt
import conform.adapter.JsonNumber
import conform.adapter.JsonReader
import conform.adapter.JsonShapeError
import conform.adapter.JsonString
import conform.adapter.JsonSyntaxError
import conform.adapter.jsonOf
import conform.adapter.skip
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.PrintStream
import java.net.URLClassLoader
import java.nio.file.Files
import kotlin.system.exitProcess

/** The adapter's self-test: `build.sh --test` runs it. Prints each failure and exits 1 if any. */
private var failures = 0

private fun expect(condition: Boolean, what: String) {
    if (!condition) {
        failures++
        System.err.println("FAIL: $what")
    }
}

private fun canonical(text: String): String = JsonReader.parse(text).toString()

private fun rejects(text: String, fragment: String) {
    try {
        JsonReader.parse(text.toByteArray(Charsets.ISO_8859_1))
        expect(false, "accepted invalid JSON $text")
    } catch (error: JsonSyntaxError) {
        expect(error.message!!.contains(fragment), "rejecting $text: \"${error.message}\" should mention \"$fragment\"")
    }
}

/** Runs a session over [input] lines and returns (exit status, stdout, stderr). */
private fun session(adapter: ConformAdapter, vararg input: String): Triple<Int, String, String> {
    val output = ByteArrayOutputStream()
    val log = ByteArrayOutputStream()
    val bytes = input.joinToString("") { it + "\n" }.toByteArray(Charsets.UTF_8)
    val status = adapter.serve(ByteArrayInputStream(bytes), output, PrintStream(log, true))
    return Triple(status, output.toString("UTF-8"), log.toString("UTF-8"))
}

private fun testReader() {
    expect(canonical(""" { "b" : 1 , "a" : [ true , null , -0 , 1.50 , 1e3 ] } """) == """{"a":[true,null,-0,1.50,1e3],"b":1}""", "canonical output")
    expect(JsonReader.parse("9223372036854775807") == JsonInt(Long.MAX_VALUE), "Long.MAX_VALUE is an integer")
    expect(JsonReader.parse("-9223372036854775808") == JsonInt(Long.MIN_VALUE), "Long.MIN_VALUE is an integer")
    expect(JsonReader.parse("9223372036854775808") == JsonNumber("9223372036854775808"), "2^63 keeps its text")
    expect(JsonReader.parse("-9223372036854775809") == JsonNumber("-9223372036854775809"), "-2^63-1 keeps its text")
    expect(JsonReader.parse("99999999999999999999") == JsonNumber("99999999999999999999"), "a big integer keeps its text")
    expect(JsonReader.parse("1.5") == JsonNumber("1.5"), "1.5 is never 1")
    expect(JsonReader.parse("-0") == JsonNumber("-0"), "-0 keeps its text")
    expect(JsonReader.parse("\"\\ud83d\\ude00 \\u00e9\"") == JsonString("\uD83D\uDE00 é"), "escaped surrogate pair")
    expect(JsonReader.parse("\"٣ é \uD83D\uDE00\"") == JsonString("٣ é \uD83D\uDE00"), "raw UTF-8")
    expect(canonical("\"a\\u0001\\u001f\\b\\f\\n\\r\\t\\\"\\\\\\/é\"") == "\"a\\u0001\\u001f\\b\\f\\n\\r\\t\\\"\\\\/é\"", "minimal escaping")
    // Code point order: U+FF61 sorts before U+1F600 (UTF-16 order would say the opposite).
    expect(canonical("{\"\uD83D\uDE00\":1,\"\uFF61\":2,\"a\":3}") == "{\"a\":3,\"\uFF61\":2,\"\uD83D\uDE00\":1}", "keys in code point order")
    expect(JsonReader.parse("""{"a":1,"b":2}""") == JsonReader.parse("""{"b":2,"a":1}"""), "member order does not matter")

    rejects("""{"a":1,"a":2}""", "duplicate key")
    rejects("""{"b":1,"a":2,"b":3}""", "duplicate key")
    rejects("""{"a":1} x""", "unexpected text after")
    rejects("01", "leading zeros")
    rejects("-01", "leading zeros")
    rejects("[1,]", "expected a value")
    rejects("{\"a\":1,}", "expected a string key")
    rejects("\"\\ud800\"", "lone high surrogate")
    rejects("\"\\udc00\"", "lone low surrogate")
    rejects("\"\\ud800\\u0041\"", "lone high surrogate")
    rejects("\"a\u0001\"", "control character")
    rejects("\"\\x\"", "invalid escape")
    rejects("1.", "digit after '.'")
    rejects("1e", "exponent")
    rejects("tru", "expected true")
    rejects("\"abc", "unterminated")
    rejects("\"\u00C0\u0080\"", "UTF-8") // overlong encoding, sent as raw bytes
    rejects("\"\u00ED\u00A0\u0080\"", "UTF-8") // an encoded surrogate
    rejects("[".repeat(129) + "]".repeat(129), "nesting")
    rejects("", "unexpected end")
}

private fun testFields() {
    val input = JsonFields.of(JsonReader.parse("""{"config":{"winThreshold":"3","big":2147483648},"n":null}"""), "input")
    try {
        input.fields("config").int("winThreshold")
        expect(false, "a string read as an integer")
    } catch (error: JsonShapeError) {
        expect(error.message == "field \"input.config.winThreshold\": expected an integer, found a string", "message: ${error.message}")
    }
    try {
        input.fields("config").int("big")
        expect(false, "2147483648 read as an Int")
    } catch (error: JsonShapeError) {
        expect(error.message!!.contains("32-bit"), "message: ${error.message}")
    }
    try {
        input.string("missing")
        expect(false, "a missing field read")
    } catch (error: JsonShapeError) {
        expect(error.message == "field \"input.missing\": missing", "message: ${error.message}")
    }
    expect(input.optionalLong("n") == null, "null optional")
}

private fun testSession() {
    val adapter = ConformAdapter("test-adapter", "9.9.9")
        .suite("echo") { input -> jsonOf("got" to input.value("x")) }
        .suite("moody") { input ->
            when (input.string("mood")) {
                "skip" -> skip("not today")
                "throw" -> throw IllegalStateException("precondition failed: sad")
                "surrogate" -> jsonOf("s" to "\uD800")
                else -> JsonArray(listOf())
            }
        }
    val hello = """{"type":"hello","protocol":1,"suites":["echo"]}"""
    val (status, out, _) = session(adapter, hello,
        """{"type":"case","seq":1,"id":"e/1","suite":"echo","input":{"x":[1.5,"é",99999999999999999999]}}""",
        "",
        """{"type":"case","seq":2,"id":"m/2","suite":"moody","input":{"mood":"skip"}}""",
        """{"type":"case","seq":3,"id":"m/3","suite":"moody","input":{"mood":"throw"}}""",
        """{"type":"case","seq":4,"id":"m/4","suite":"moody","input":{"mood":"surrogate"}}""",
        """{"type":"case","seq":5,"id":"m/5","suite":"nope","input":{}}""",
        """{"type":"case","seq":6,"id":"m/6","suite":"moody","input":{"mood":1}}""",
        """{"type":"case","seq":7,"id":"m/7","suite":"moody","input":[]}""")
    val lines = out.trimEnd('\n').split("\n")
    expect(status == 0, "status 0 at the end of input, got $status")
    expect(lines[0] == """{"language":"kotlin","name":"test-adapter","protocol":1,"suites":["echo","moody"],"type":"hello","version":"9.9.9"}""", "hello: ${lines[0]}")
    expect(lines[1] == """{"id":"e/1","output":{"got":[1.5,"é",99999999999999999999]},"seq":1,"type":"result"}""", "result: ${lines[1]}")
    expect(lines[2] == """{"id":"m/2","reason":"not today","seq":2,"type":"skipped"}""", "skip: ${lines[2]}")
    expect(lines[3] == """{"id":"m/3","message":"precondition failed: sad","seq":3,"type":"error"}""", "error: ${lines[3]}")
    expect(lines[4].startsWith("""{"id":"m/4","message":"string has a lone surrogate"""), "lone surrogate output: ${lines[4]}")
    expect(lines[5] == """{"id":"m/5","message":"suite \"nope\" is not supported by test-adapter","seq":5,"type":"error"}""", "unknown suite: ${lines[5]}")
    expect(lines[6] == """{"id":"m/6","message":"field \"input.mood\": expected a string, found an integer","seq":6,"type":"error"}""", "shape: ${lines[6]}")
    expect(lines[7] == """{"id":"m/7","message":"field \"input\": expected an object, found an array","seq":7,"type":"error"}""", "input shape: ${lines[7]}")
    expect(lines.size == 8, "one answer per case, got ${lines.size} lines")

    val (mismatch, mismatchOut, mismatchLog) = session(adapter, """{"type":"hello","protocol":2,"suites":[]}""")
    expect(mismatch == 2, "protocol 2 exits 2, got $mismatch")
    expect(mismatchOut.contains("\"protocol\":1"), "still answers the hello with protocol 1: $mismatchOut")
    expect(mismatchLog.contains("protocol 2") && mismatchLog.contains("protocol 1"), "says both versions: $mismatchLog")

    val (garbage, _, garbageLog) = session(adapter, hello, "{not json")
    expect(garbage == 2 && garbageLog.contains("line 2"), "invalid request: $garbage $garbageLog")
    val (empty, emptyOut, _) = session(adapter)
    expect(empty == 0 && emptyOut.isEmpty(), "input closed before the hello: exit 0, got $empty")
    val (first, _, firstLog) = session(adapter, """{"type":"case","seq":1,"id":"x","suite":"echo","input":{}}""")
    expect(first == 2 && firstLog.contains("expected the hello"), "a case before the hello: $first $firstLog")
}

/** A suite mapping as an app writes it: found by name, or through META-INF/services. */
class SelfTestSuites : ConformSuites {
    override val adapterName = "self-test-app"
    override val adapterVersion = "2.0.0"
    override fun register(adapter: ConformAdapter) {
        adapter.suite("echo") { input -> jsonOf("said" to input.string("say")) }
    }
}

/** A second mapping: two listed are refused. */
class SecondSuites : ConformSuites by SelfTestSuites()

/** A Kotlin object works when named. */
object ObjectSuites : ConformSuites {
    override val adapterName = "object-app"
    override val adapterVersion = "1.0.0"
    override fun register(adapter: ConformAdapter) {
        adapter.suite("echo") { jsonOf("said" to "object") }
    }
}

private fun notFound(className: String?, loader: ClassLoader): String =
    try {
        ConformSuites.load(className, loader)
        "found"
    } catch (error: ConformSuitesNotFound) {
        error.message ?: ""
    }

/** ConformSuites.load: by name, by ServiceLoader, and what it says when it finds none or two. */
private fun testSuitesDiscovery() {
    val parent = SelfTestSuites::class.java.classLoader
    val named = ConformSuites.load(SelfTestSuites::class.java.name, parent)
    expect(named.adapter().name == "self-test-app" && named.adapter().suites.keys == setOf("echo"), "by name: ${named.adapter().suites.keys}")
    expect(ConformSuites.load(ObjectSuites::class.java.name, parent) === ObjectSuites, "a named object is its instance")
    expect(notFound("com.example.Missing", parent).startsWith("no class com.example.Missing on the class path"), notFound("com.example.Missing", parent))
    expect(notFound("java.lang.String", parent).startsWith("java.lang.String does not implement conform.adapter.ConformSuites"),
        notFound("java.lang.String", parent))
    val none = notFound(null, URLClassLoader(arrayOf(), parent))
    expect(none.startsWith("no suite mapping found: write a class that implements conform.adapter.ConformSuites") &&
        none.contains(ConformSuites.SERVICE_FILE), "none found: $none")

    val root = Files.createTempDirectory("conform-suites")
    try {
        val services = root.resolve("META-INF/services")
        Files.createDirectories(services)
        val file = services.resolve("conform.adapter.ConformSuites")
        Files.write(file, listOf(SelfTestSuites::class.java.name))
        val found = ConformSuites.load(null, URLClassLoader(arrayOf(root.toUri().toURL()), parent))
        expect(found is SelfTestSuites, "the listed class is found: ${found.javaClass.name}")
        val classPath = System.getProperty("java.class.path")
        val discovered = runMain("$root${java.io.File.pathSeparator}$classPath", emptyList(),
            """{"type":"hello","protocol":1,"suites":["echo"]}""" + "\n")
        expect(discovered.first == 0 && discovered.second.contains("\"name\":\"self-test-app\""),
            "ConformMain serves the listed mapping: $discovered")
        Files.write(file, listOf(SelfTestSuites::class.java.name, SecondSuites::class.java.name))
        val two = notFound(null, URLClassLoader(arrayOf(root.toUri().toURL()), parent))
        expect(two.startsWith("more than one suite mapping on the class path"), "two listed: $two")
        Files.write(file, listOf("com.example.Missing"))
        val broken = notFound(null, URLClassLoader(arrayOf(root.toUri().toURL()), parent))
        expect(broken.startsWith("${ConformSuites.SERVICE_FILE} names a class that cannot be used") && broken.contains("com.example.Missing"),
            "a listed class that is missing: $broken")

        // The adapter jar's main, as conform run starts it: by name it serves, without a mapping it exits 2 saying what to write.
        val served = runMain(classPath, listOf(SelfTestSuites::class.java.name),
            """{"type":"hello","protocol":1,"suites":["echo"]}""" + "\n" + """{"type":"case","seq":1,"id":"echo/1","suite":"echo","input":{"say":"hi"}}""" + "\n")
        expect(served.first == 0 && served.second.contains("\"name\":\"self-test-app\"") &&
            served.second.contains("""{"id":"echo/1","output":{"said":"hi"},"seq":1,"type":"result"}"""), "ConformMain by name: $served")
        val missing = runMain(classPath, emptyList(), "")
        expect(missing.first == 2 && missing.third.startsWith("conform adapter: no suite mapping found: write a class that implements conform.adapter.ConformSuites"),
            "ConformMain without a mapping: $missing")
    } finally {
        root.toFile().deleteRecursively()
    }
}

/** Runs conform.adapter.ConformMain in a JVM of its own; returns (exit status, stdout, stderr). */
private fun runMain(classPath: String, arguments: List<String>, input: String): Triple<Int, String, String> {
    val java = java.io.File(System.getProperty("java.home"), "bin/java").path
    val process = ProcessBuilder(listOf(java, "-XX:TieredStopAtLevel=1", "-cp", classPath, "conform.adapter.ConformMain") + arguments).start()
    process.outputStream.use { it.write(input.toByteArray()) }
    val err = StringBuilder()
    val drain = Thread { err.append(process.errorStream.readBytes().toString(Charsets.UTF_8)) }.also { it.start() }
    val out = process.inputStream.readBytes().toString(Charsets.UTF_8)
    drain.join()
    return Triple(process.waitFor(), out, err.toString())
}

fun main() {
    testReader()
    testFields()
    testSession()
    testSuitesDiscovery()
    if (failures > 0) {
        System.err.println("$failures failure(s)")
        exitProcess(1)
    }
    println("adapter self-test: all checks passed")
}
