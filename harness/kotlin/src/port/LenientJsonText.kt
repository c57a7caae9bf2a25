package conform.port

import conform.reference.AppStoreLookupDecoder
import conform.reference.AppStoreLookupResponse
import conform.reference.StrictLookupDecoder

/**
 * `lenient-json-text`: a JSON reader more forgiving than RFC 8259, as hand-written tokenizers and
 * lenient modes are: a raw control character inside a string is taken as that character, and a
 * number with leading zeros (`01`, `-007`) as the number without them. The spec refuses both
 * (update-notice D5: `"not-json"`), even in a field the structs do not read.
 */
object LenientJsonText : AppStoreLookupDecoder {
    override fun decode(body: String): AppStoreLookupResponse = StrictLookupDecoder.decode(forgiven(body))

    /** The body as the strict reader would need it: raw control characters escaped, leading zeros dropped. */
    private fun forgiven(text: String): String {
        val out = StringBuilder(text.length)
        var inString = false
        var index = 0
        while (index < text.length) {
            val char = text[index]
            if (inString) {
                when {
                    char == '\\' && index + 1 < text.length -> { out.append(char).append(text[index + 1]); index++ }
                    char == '"' -> { inString = false; out.append(char) }
                    char.code < 0x20 -> out.append(String.format("\\u%04x", char.code))
                    else -> out.append(char)
                }
            } else if (char == '"') {
                inString = true
                out.append(char)
            } else if (char == '0' && index + 1 < text.length && text[index + 1] in '0'..'9' &&
                (out.length == 0 || out[out.length - 1] !in "0123456789.eE+")) {
                // A leading zero of a number: dropped while a digit follows it.
            } else {
                out.append(char)
            }
            index++
        }
        return out.toString()
    }
}
