package conform.port

import conform.reference.AppStoreLookupDecoder
import conform.reference.AppStoreLookupResponse
import conform.reference.StrictLookupDecoder

/**
 * `lenient-framing`: drops a leading byte order mark and reads only the first JSON value, ignoring
 * the text after it, as `org.json`'s `JSONObject(String)` stops at the closing brace. The spec
 * refuses both: the body must be exactly one JSON text.
 */
object LenientFraming : AppStoreLookupDecoder {
    override fun decode(body: String): AppStoreLookupResponse {
        val text = if (body.startsWith("\uFEFF")) body.substring(1) else body
        return StrictLookupDecoder.decode(firstValue(text))
    }

    /** The text up to the end of the first object or array, or all of it for anything else. */
    private fun firstValue(text: String): String {
        var start = 0
        while (start < text.length && text[start] in " \t\r\n") start++
        if (start == text.length || (text[start] != '{' && text[start] != '[')) return text
        var depth = 0
        var inString = false
        var index = start
        while (index < text.length) {
            val char = text[index]
            if (inString) {
                if (char == '\\') index++ else if (char == '"') inString = false
            } else when (char) {
                '"' -> inString = true
                '{', '[' -> depth++
                '}', ']' -> {
                    depth--
                    if (depth == 0) return text.substring(0, index + 1)
                }
            }
            index++
        }
        return text
    }
}
