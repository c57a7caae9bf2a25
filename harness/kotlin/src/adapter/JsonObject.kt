package conform.adapter

/**
 * A JSON object whose members are kept sorted by key in Unicode code point order.
 *
 * Sorted storage makes canonical output free and equality independent of the order the members
 * arrived in. Keys compare by code point ([compareCodePoints]), not by UTF-16 unit, so a key above
 * U+FFFF sorts after U+FFFF, as it does in Swift and in UTF-8 byte order.
 */
class JsonObject private constructor(
    private val keys: Array<String>,
    private val values: Array<Json>
) : Json() {
    override val typeName: String get() = "an object"

    val size: Int get() = keys.size

    /** The keys, sorted. */
    val keyList: List<String> get() = keys.asList()

    /** The member at [index] in key order, for writers and iteration. */
    fun keyAt(index: Int): String = keys[index]

    fun valueAt(index: Int): Json = values[index]

    /** The value of [key], or null when absent. */
    operator fun get(key: String): Json? {
        var low = 0
        var high = keys.size - 1
        while (low <= high) {
            val middle = (low + high) ushr 1
            val order = compareCodePoints(keys[middle], key)
            when {
                order < 0 -> low = middle + 1
                order > 0 -> high = middle - 1
                else -> return values[middle]
            }
        }
        return null
    }

    override fun equals(other: Any?): Boolean =
        other is JsonObject && keys.contentEquals(other.keys) && values.contentEquals(other.values)

    override fun hashCode(): Int = 31 * keys.contentHashCode() + values.contentHashCode()

    companion object {
        /** An object from members in any order; a repeated key is an [IllegalArgumentException]. */
        fun of(members: List<Pair<String, Json>>): JsonObject {
            val sorted = members.sortedWith(Comparator { a, b -> compareCodePoints(a.first, b.first) })
            for (index in 1 until sorted.size) {
                require(sorted[index - 1].first != sorted[index].first) { "duplicate key \"${sorted[index].first}\"" }
            }
            return JsonObject(
                Array(sorted.size) { sorted[it].first },
                Array(sorted.size) { sorted[it].second })
        }

        /** Wraps members the caller has already sorted with no duplicate (the reader does). */
        internal fun ofSorted(keys: Array<String>, values: Array<Json>): JsonObject = JsonObject(keys, values)
    }
}

/**
 * Compares two strings by Unicode code point (the order of their UTF-8 bytes).
 *
 * `String.compareTo` compares UTF-16 units, which puts U+10000 and above (surrogate pairs,
 * 0xD800-0xDFFF) before U+E000-U+FFFF. At the first differing unit this shifts surrogates above
 * the rest of the BMP, which restores code point order for well-formed strings.
 */
fun compareCodePoints(a: String, b: String): Int {
    val length = minOf(a.length, b.length)
    for (index in 0 until length) {
        val x = a[index]
        val y = b[index]
        if (x != y) return codePointRank(x) - codePointRank(y)
    }
    return a.length - b.length
}

private fun codePointRank(unit: Char): Int {
    val code = unit.toInt()
    return when {
        code < 0xD800 -> code
        code <= 0xDFFF -> code + 0x2000
        else -> code - 0x800
    }
}
