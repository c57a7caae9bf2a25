package conform.junit5

import conform.adapter.Json
import conform.adapter.JsonArray
import conform.adapter.JsonObject
import conform.adapter.compareCodePoints

/**
 * Where two JSON values differ, field by field, as conform's reports show it:
 * `- final.pending: true` (expected) and `+ final.pending: false` (actual), one pair per leaf
 * that differs, with paths like `effects[0].at`.
 */
object JsonDiff {

    fun lines(expected: Json, actual: Json): List<String> {
        val lines = ArrayList<String>()
        walk("", expected, actual, lines)
        return lines
    }

    private fun walk(path: String, expected: Json, actual: Json, lines: MutableList<String>) {
        if (expected == actual) return
        if (expected is JsonObject && actual is JsonObject) {
            val keys = (expected.keyList + actual.keyList).distinct().sortedWith(Comparator { a, b -> compareCodePoints(a, b) })
            for (key in keys) {
                val child = if (path.isEmpty()) key else "$path.$key"
                member(child, expected[key], actual[key], lines)
            }
        } else if (expected is JsonArray && actual is JsonArray) {
            for (index in 0 until maxOf(expected.items.size, actual.items.size)) {
                member("$path[$index]", expected.items.getOrNull(index), actual.items.getOrNull(index), lines)
            }
        } else {
            val where = if (path.isEmpty()) "(the whole output)" else path
            lines.add("- $where: $expected")
            lines.add("+ $where: $actual")
        }
    }

    private fun member(path: String, expected: Json?, actual: Json?, lines: MutableList<String>) {
        when {
            expected == null && actual != null -> lines.add("+ $path: $actual   (not expected)")
            actual == null && expected != null -> lines.add("- $path: $expected   (missing)")
            expected != null && actual != null -> walk(path, expected, actual, lines)
        }
    }
}
