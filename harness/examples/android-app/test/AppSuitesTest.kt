package com.example.dailygame.conform

import conform.adapter.ConformSuites
import conform.adapter.JsonFields
import conform.adapter.JsonReader
import conform.adapter.JsonShapeError
import conform.adapter.JsonString
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.PrintStream

class AppSuitesTest {
    private fun input(json: String) = JsonFields.of(JsonReader.parse(json), "input")
    private fun canonical(json: String) = JsonReader.parse(json).toString()

    private val eligibilityInput = """{"config":{"cooldownDays":7,"winThreshold":3},"currentVersion":"1.0.0",
        "forceOverride":false,"lastAttemptEpochDay":null,"lastPromptedVersion":null,"todayEpochDay":20000,"wonCompletionCount":3}"""

    @Test
    fun `eligibility and version-compare map to the app's functions`() {
        assertEquals(canonical("""{"eligible":true}"""), AppSuites.eligibility(input(eligibilityInput)).toString())
        assertEquals(canonical("""{"newer":true}"""), AppSuites.versionCompare(input("""{"local":"2.0.9","remote":"2.0.10"}""")).toString())
        assertEquals(canonical("""{"newer":false}"""), AppSuites.versionCompare(input("""{"local":"2.0.10","remote":"2.0.9"}""")).toString())
    }

    @Test
    fun `a field of the wrong type, missing or unknown is an error naming it`() {
        val wrongType = assertThrows(JsonShapeError::class.java) {
            AppSuites.eligibility(input(eligibilityInput.replace("\"winThreshold\":3", "\"winThreshold\":\"3\"")))
        }
        assertEquals("field \"input.config.winThreshold\": expected an integer, found a string", wrongType.message)
        val missing = assertThrows(JsonShapeError::class.java) { AppSuites.versionCompare(input("""{"remote":"1"}""")) }
        assertEquals("field \"input.local\": missing", missing.message)
        val unknown = assertThrows(JsonShapeError::class.java) { AppSuites.versionCompare(input("""{"local":"1","remote":"2","beta":true}""")) }
        assertEquals("field \"input.beta\": unknown field", unknown.message)
    }

    @Test
    fun `the timeline spec's own example gives the spec's output`() {
        val example = """{"config": {"cooldownDays": 7, "delayMs": 2000, "winThreshold": 3},
            "start": {"currentVersion": "1.0.0", "forceOverride": false, "lastAttemptEpochDay": null,
                      "lastPromptedVersion": null, "sceneState": "foregroundActive", "todayEpochDay": 20000,
                      "windowAttached": true, "wonCompletionCount": 2},
            "steps": [{"op": "win"}, {"op": "show"}, {"op": "advance", "ms": 2000}]}"""
        val expected = """{"effects": [{"at": 2000, "day": 20000, "effect": "recordAttempt", "version": "1.0.0"},
                         {"at": 2000, "effect": "requestReview"}],
            "final": {"lastAttemptEpochDay": 20000, "lastPromptedVersion": "1.0.0", "now": 2000,
                      "pending": false, "scheduled": false, "today": 20000, "wonCompletionCount": 3}}"""
        assertEquals(canonical(expected), AppSuites.timeline(input(example)).toString())
    }

    @Test
    fun `a timeline outside the spec's domain answers its reason (D17), before any step counts`() {
        val start = """"start":{"currentVersion":"1.0.0","forceOverride":false,"lastAttemptEpochDay":null,"lastPromptedVersion":null,
            "sceneState":"foregroundActive","todayEpochDay":9223372036854775807,"windowAttached":true,"wonCompletionCount":2}"""
        val config = """"config":{"cooldownDays":7,"delayMs":2000,"winThreshold":3}"""
        fun timeline(steps: String, withConfig: String = config) =
            AppSuites.timeline(input("{$withConfig,$start,\"steps\":$steps}")).toString()
        fun refused(reason: String) = canonical("""{"error":"$reason"}""")

        assertEquals(refused("time-out-of-range"), timeline("""[{"op":"advance","ms":-1}]"""))
        assertEquals(refused("time-out-of-range"), timeline("""[{"op":"advance","ms":4503599627370495}]"""))
        assertEquals(refused("time-out-of-range"), timeline("[]", config.replace("2000", "4503599627370497")))
        assertEquals(refused("day-out-of-range"), timeline("""[{"op":"nextDay","days":1}]"""))
        assertEquals(refused("count-out-of-range"), timeline("[]", config.replace("\"winThreshold\":3", "\"winThreshold\":2147483648")))
        assertEquals(refused("unknown-step"), timeline("""[{"op":"dance","ms":1},{"op":"advance","ms":-1}]"""))
        assertEquals(refused("unknown-scene-state"), timeline("""[{"op":"scene","state":" background"}]"""))
        // The three steps fire a request, then an unknown step refuses the whole case: no effects.
        assertEquals(refused("unknown-step"), timeline("""[{"op":"win"},{"op":"show"},{"op":"advance","ms":2000},{"op":"WIN"}]"""))
        // A malformed step is still the protocol's error, naming the field.
        val extra = assertThrows(JsonShapeError::class.java) { timeline("""[{"op":"win","ms":1}]""") }
        assertEquals("field \"input.steps[0].ms\": unknown field", extra.message)
    }

    @Test
    fun `the adapter over AppConformSuites serves every suite of AppSuites, answering as the mapping does`() {
        val requests = listOf(
            """{"type":"hello","protocol":1,"suites":["eligibility","timeline","version-compare"]}""",
            """{"type":"case","seq":1,"id":"version-compare/x","suite":"version-compare","input":{"local":"1..2","remote":"1.0.2"}}""",
            """{"type":"case","seq":2,"id":"eligibility/x","suite":"eligibility","input":{"local":"1"}}""")
        val output = ByteArrayOutputStream()
        val log = ByteArrayOutputStream()
        val status = AppConformSuites().adapter().serve(
            ByteArrayInputStream(requests.joinToString("\n", postfix = "\n").toByteArray(Charsets.UTF_8)), output, PrintStream(log, true))
        val answers = output.toString("UTF-8").trim().split("\n").map { JsonFields.of(JsonReader.parse(it), "") }

        assertEquals(0, status, log.toString("UTF-8"))
        assertEquals(AppSuites.bySuite.keys.sorted(), answers[0].array("suites").map { it.toString().trim('"') })
        assertEquals("android-app", answers[0].string("name"))
        assertEquals(canonical("""{"id":"version-compare/x","output":{"newer":false},"seq":1,"type":"result"}"""), answers[1].obj.toString())
        assertEquals("error", answers[2].string("type"))
        assertTrue(answers[2].string("message").startsWith("field \"input."), answers[2].string("message"))
    }

    @Test
    fun `conform finds AppConformSuites through the service file in resources`() {
        assertTrue(ConformSuites.load() is AppConformSuites, "resources/${ConformSuites.SERVICE_FILE} must name AppConformSuites")
    }
}
