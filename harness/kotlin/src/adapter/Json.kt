package conform.adapter

/**
 * A JSON value that never changes what it was given.
 *
 * Integers that fit in 64 bits are [JsonInt]; every other number (a fraction, an exponent, an
 * integer out of range, `-0`) keeps its literal text as [JsonNumber], so `1.5` stays `1.5` and
 * `99999999999999999999` is never wrapped. `toString()` gives the canonical JSON text.
 */
sealed class Json { // its subclasses must all be in this file (Kotlin 1.3)
    /** The JSON type's name, for error messages ("expected an integer, found a string"). */
    abstract val typeName: String

    final override fun toString(): String = JsonWriter.toText(this)
}

/** JSON `null`. */
object JsonNull : Json() {
    override val typeName: String get() = "null"
}

/** `true` or `false`. */
data class JsonBool(val value: Boolean) : Json() {
    override val typeName: String get() = "a boolean"
}

/** An integer that fits in a signed 64-bit `Long`, held exactly. */
data class JsonInt(val value: Long) : Json() {
    override val typeName: String get() = "an integer"
}

/** Any other number, as its exact literal text (`1.5`, `1e3`, `-0`, `99999999999999999999`). */
data class JsonNumber(val literal: String) : Json() {
    override val typeName: String get() = "a number"
}

/** A string; it never holds a lone surrogate when it comes from [JsonReader]. */
data class JsonString(val value: String) : Json() {
    override val typeName: String get() = "a string"
}

/** An array, in order. */
data class JsonArray(val items: List<Json>) : Json() {
    override val typeName: String get() = "an array"
}

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
            val inOrder = (1 until members.size).all { compareCodePoints(members[it - 1].first, members[it].first) < 0 }
            val sorted = if (inOrder) members else members.sortedWith(Comparator { a, b -> compareCodePoints(a.first, b.first) })
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
