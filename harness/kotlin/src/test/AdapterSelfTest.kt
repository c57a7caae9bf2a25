package conform.test

import conform.adapter.ConformAdapter
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

fun main() {
    testReader()
    testFields()
    testSession()
    if (failures > 0) {
        System.err.println("$failures failure(s)")
        exitProcess(1)
    }
    println("adapter self-test: all checks passed")
}
