package conform.junit5.test

import conform.adapter.JsonReader
import conform.junit5.JsonDiff
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class JsonDiffTest {
    private fun diff(expected: String, actual: String) = JsonDiff.lines(JsonReader.parse(expected), JsonReader.parse(actual))

    @Test
    fun `equal values have no diff, whatever the key order`() {
        assertEquals(emptyList<String>(), diff("""{"a":1,"b":[true,null]}""", """{"b":[true,null],"a":1}"""))
    }

    @Test
    fun `a changed leaf is named by its path`() {
        assertEquals(
            listOf("- final.pending: true", "+ final.pending: false", "- effects[0].at: 4000", "+ effects[0].at: 2000").sorted(),
            diff("""{"effects":[{"at":4000}],"final":{"pending":true,"now":1}}""",
                 """{"effects":[{"at":2000}],"final":{"pending":false,"now":1}}""").sorted())
    }

    @Test
    fun `missing and unexpected fields and items are marked`() {
        assertEquals(
            listOf("- a: 1   (missing)", "+ b: 2   (not expected)", "+ list[1]: {\"x\":1}   (not expected)"),
            diff("""{"a":1,"list":[0]}""", """{"b":2,"list":[0,{"x":1}]}"""))
    }

    @Test
    fun `an integer is not a number with the same value`() {
        assertEquals(listOf("- n: 1", "+ n: 1.0"), diff("""{"n":1}""", """{"n":1.0}"""))
    }
}
