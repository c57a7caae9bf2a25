package conform.port

import conform.adapter.Json
import conform.adapter.JsonArray
import conform.adapter.JsonBool
import conform.adapter.JsonInt
import conform.adapter.JsonNumber
import conform.adapter.JsonObject
import conform.adapter.JsonReader
import conform.adapter.JsonString
import conform.adapter.JsonSyntaxError
import conform.reference.AppStoreLookupDecoder
import conform.reference.AppStoreLookupResponse
import conform.reference.AppStoreLookupResult
import conform.reference.NoUpdate
import conform.reference.StrictLookupDecoder

/**
 * `gson-lenient-lookup`: decodes the fields as Gson's type adapters do: a number or a boolean where
 * a `String` is declared becomes its text (the number 2 is the version `"2"`), and a numeric string
 * where a `Long` is declared becomes the number. Swift's `JSONDecoder` fails the decode instead.
 */
object GsonLenientLookup : AppStoreLookupDecoder {
    override fun decode(body: String): AppStoreLookupResponse {
        val json = try {
            JsonReader.parse(body)
        } catch (syntax: JsonSyntaxError) {
            throw NoUpdate("not-json")
        }
        val response = json as? JsonObject ?: throw NoUpdate("decode-failed")
        val results = StrictLookupDecoder.optional(response["results"]) { value ->
            val items = (value as? JsonArray)?.items ?: throw NoUpdate("decode-failed")
            items.map { item ->
                val result = item as? JsonObject ?: throw NoUpdate("decode-failed")
                AppStoreLookupResult(
                    StrictLookupDecoder.optional(result["version"], ::string),
                    StrictLookupDecoder.optional(result["trackId"], ::long),
                    StrictLookupDecoder.optional(result["trackViewUrl"], ::string))
            }
        }
        return AppStoreLookupResponse(StrictLookupDecoder.optional(response["resultCount"], ::long), results)
    }

    private fun string(value: Json): String = when (value) {
        is JsonString -> value.value
        is JsonInt -> value.value.toString()
        is JsonNumber -> value.literal
        is JsonBool -> value.value.toString()
        else -> throw NoUpdate("decode-failed")
    }

    private fun long(value: Json): Long = when (value) {
        is JsonInt -> value.value
        is JsonString -> value.value.toLongOrNull() ?: throw NoUpdate("decode-failed")
        else -> throw NoUpdate("decode-failed")
    }
}
