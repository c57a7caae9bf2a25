package conform.adapter

/** A value of the wrong shape: a missing or unknown field, or a field of the wrong type. */
class JsonShapeError(val path: String, val detail: String) :
    Exception(if (path.isEmpty()) detail else "field \"$path\": $detail")

/**
 * Reads the fields of a JSON object strictly: every field required unless asked for as
 * optional (then it must still be present, as `null`), every type checked, nothing converted.
 * Errors name the field by its path: `field "input.config.winThreshold": expected an integer,
 * found a string`.
 */
class JsonFields(val obj: JsonObject, val path: String = "") {
    companion object {
        /** [value] as fields at [path], or a [JsonShapeError] when it is not an object. */
        fun of(value: Json, path: String): JsonFields {
            if (value !is JsonObject) throw JsonShapeError(path, "expected an object, found ${value.typeName}")
            return JsonFields(value, path)
        }
    }

    fun pathOf(key: String): String = if (path.isEmpty()) key else "$path.$key"

    fun has(key: String): Boolean = obj[key] != null

    /** The field's value; missing is an error. */
    fun value(key: String): Json = obj[key] ?: throw JsonShapeError(pathOf(key), "missing")

    fun long(key: String): Long {
        val value = value(key)
        return (value as? JsonInt)?.value ?: throw wrongType(key, "an integer", value)
    }

    /** A 64-bit integer field that may be `null`. */
    fun optionalLong(key: String): Long? {
        val value = value(key)
        if (value === JsonNull) return null
        return (value as? JsonInt)?.value ?: throw wrongType(key, "an integer or null", value)
    }

    /** An integer field that must fit in a 32-bit `Int`. */
    fun int(key: String): Int {
        val number = long(key)
        if (number < Int.MIN_VALUE || number > Int.MAX_VALUE) {
            throw JsonShapeError(pathOf(key), "expected a 32-bit integer, found $number")
        }
        return number.toInt()
    }

    fun string(key: String): String {
        val value = value(key)
        return (value as? JsonString)?.value ?: throw wrongType(key, "a string", value)
    }

    /** A string field that may be `null`. */
    fun optionalString(key: String): String? {
        val value = value(key)
        if (value === JsonNull) return null
        return (value as? JsonString)?.value ?: throw wrongType(key, "a string or null", value)
    }

    fun bool(key: String): Boolean {
        val value = value(key)
        return (value as? JsonBool)?.value ?: throw wrongType(key, "a boolean", value)
    }

    fun array(key: String): List<Json> {
        val value = value(key)
        return (value as? JsonArray)?.items ?: throw wrongType(key, "an array", value)
    }

    /** A nested object, read with the same strictness. */
    fun fields(key: String): JsonFields = of(value(key), pathOf(key))

    /** An array of objects, each at the path `key[i]`. */
    fun objects(key: String): List<JsonFields> =
        array(key).mapIndexed { index, item -> of(item, "${pathOf(key)}[$index]") }

    /** Fails on any field not in [known], so a misspelt field is never silently ignored. */
    fun rejectUnknown(vararg known: String) {
        for (key in obj.keyList) {
            if (key !in known) throw JsonShapeError(pathOf(key), "unknown field")
        }
    }

    private fun wrongType(key: String, expected: String, found: Json) =
        JsonShapeError(pathOf(key), "expected $expected, found ${found.typeName}")
}
