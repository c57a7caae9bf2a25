package conform.port

import conform.adapter.JsonInt
import conform.adapter.JsonObject
import conform.adapter.JsonReader
import conform.adapter.JsonSyntaxError
import conform.reference.AppStoreLookupDecoder
import conform.reference.AppStoreLookupResponse
import conform.reference.NoUpdate
import conform.reference.StrictLookupDecoder

/**
 * `int32-track-id`: the result class declares `trackId: Int`, so an App Store id past 2^31 (every
 * app released since 2022) fails the decode as Gson's `NumberFormatException` does, and the dialog
 * never shows. Swift's `Int` is 64-bit.
 */
object Int32TrackId : AppStoreLookupDecoder {
    override fun decode(body: String): AppStoreLookupResponse {
        val decoded = StrictLookupDecoder.decode(body)
        val json = try {
            JsonReader.parse(body)
        } catch (syntax: JsonSyntaxError) {
            throw NoUpdate("not-json")
        }
        val results = (json as? JsonObject)?.get("results") as? conform.adapter.JsonArray
        for (item in results?.items.orEmpty()) {
            val trackId = (item as? JsonObject)?.get("trackId") as? JsonInt ?: continue
            if (trackId.value < Int.MIN_VALUE || trackId.value > Int.MAX_VALUE) throw NoUpdate("decode-failed")
        }
        return decoded
    }
}
