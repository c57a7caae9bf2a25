package conform.adapter

/**
 * A JSON value that never changes what it was given.
 *
 * Integers that fit in 64 bits are [JsonInt]; every other number (a fraction, an exponent, an
 * integer out of range, `-0`) keeps its literal text as [JsonNumber], so `1.5` stays `1.5` and
 * `99999999999999999999` is never wrapped. `toString()` gives the canonical JSON text.
 */
sealed class Json {
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
