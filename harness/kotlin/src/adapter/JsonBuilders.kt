package conform.adapter

/**
 * Builds a JSON object from Kotlin values: `jsonOf("newer" to true)`.
 *
 * Values are converted by [toJson]; a repeated key is an [IllegalArgumentException].
 */
fun jsonOf(vararg members: Pair<String, Any?>): JsonObject =
    JsonObject.of(members.map { it.first to toJson(it.second) })

/**
 * Converts a Kotlin value to [Json]: `null`, `Boolean`, `Int`/`Long`/`Short`/`Byte`, `String`,
 * `List`/`Array` of these, `Map` with `String` keys, or a [Json] as is.
 *
 * `Double` and `Float` are refused: their text differs between platforms (`1.0E20` here, `1e+20`
 * in Swift). Pass the exact literal as [JsonNumber] instead.
 */
fun toJson(value: Any?): Json = when (value) {
    null -> JsonNull
    is Json -> value
    is Boolean -> JsonBool(value)
    is Long -> JsonInt(value)
    is Int -> JsonInt(value.toLong())
    is Short -> JsonInt(value.toLong())
    is Byte -> JsonInt(value.toLong())
    is String -> JsonString(value)
    is List<*> -> JsonArray(value.map(::toJson))
    is Array<*> -> JsonArray(value.map(::toJson))
    is Map<*, *> -> JsonObject.of(value.entries.map { entry ->
        val key = entry.key as? String ?: throw IllegalArgumentException("a JSON object key must be a String, found ${entry.key}")
        key to toJson(entry.value)
    })
    is Double, is Float -> throw IllegalArgumentException("cannot write $value exactly; pass its literal as JsonNumber(\"...\")")
    else -> throw IllegalArgumentException("cannot convert ${value.javaClass.name} to JSON")
}
