package conform.adapter

/** Malformed JSON, with the 1-based byte column within the line where it went wrong. */
class JsonSyntaxError(val detail: String, val column: Int) : Exception("column $column: $detail")

/**
 * A strict JSON reader (RFC 8259) over UTF-8 bytes, written by hand for speed and exactness.
 *
 * It refuses what lenient readers let through: duplicate keys, invalid UTF-8, lone surrogate
 * escapes, leading zeros, trailing commas, text after the value, nesting deeper than [MAX_DEPTH].
 * Integers that fit in 64 bits become [JsonInt]; other numbers keep their text as [JsonNumber].
 */
class JsonReader private constructor(private val bytes: ByteArray, private var index: Int, private val end: Int) {
    companion object {
        /** The deepest nesting accepted, so hostile input cannot exhaust the stack. */
        const val MAX_DEPTH = 128

        /** Parses `bytes[start until end]` as exactly one JSON value (white space around it allowed). */
        fun parse(bytes: ByteArray, start: Int = 0, end: Int = bytes.size): Json =
            JsonReader(bytes, start, end).document(start)

        /** Parses a string as exactly one JSON value. */
        fun parse(text: String): Json = parse(text.toByteArray(Charsets.UTF_8))
    }

    private fun document(start: Int): Json {
        try {
            skipWhitespace()
            val value = value(0)
            skipWhitespace()
            if (index < end) fail("unexpected text after the JSON value")
            return value
        } catch (failure: Failure) {
            throw JsonSyntaxError(failure.message ?: "invalid JSON", failure.offset - start + 1)
        }
    }

    /** A failure at a byte offset; [document] turns it into a [JsonSyntaxError]. */
    private class Failure(message: String, val offset: Int) : Exception(message, null, false, false)

    private fun fail(message: String, at: Int = index): Nothing = throw Failure(message, at)

    private fun skipWhitespace() {
        while (index < end) {
            when (bytes[index].toInt()) {
                0x20, 0x09, 0x0A, 0x0D -> index++
                else -> return
            }
        }
    }

    private fun value(depth: Int): Json {
        if (index >= end) fail("unexpected end of input, expected a value")
        return when (val byte = bytes[index].toInt()) {
            '{'.code -> obj(depth + 1)
            '['.code -> array(depth + 1)
            '"'.code -> JsonString(string())
            't'.code -> { literal("true"); JsonBool(true) }
            'f'.code -> { literal("false"); JsonBool(false) }
            'n'.code -> { literal("null"); JsonNull }
            '-'.code, in '0'.code..'9'.code -> number()
            else -> fail("unexpected character ${describe(byte)}, expected a value")
        }
    }

    private fun literal(word: String) {
        val start = index
        for (char in word) {
            if (index >= end || bytes[index].toInt() != char.code) fail("invalid literal, expected $word", start)
            index++
        }
    }

    private fun obj(depth: Int): Json {
        if (depth > MAX_DEPTH) fail("nesting deeper than $MAX_DEPTH")
        index++
        val keys = ArrayList<String>()
        val values = ArrayList<Json>()
        var sorted = true
        skipWhitespace()
        if (index < end && bytes[index] == '}'.code.toByte()) {
            index++
            return JsonObject.ofSorted(emptyArray(), emptyArray())
        }
        while (true) {
            skipWhitespace()
            if (index >= end) fail("unexpected end of input in an object")
            if (bytes[index] != '"'.code.toByte()) fail("expected a string key")
            val keyOffset = index
            val key = string()
            skipWhitespace()
            if (index >= end || bytes[index] != ':'.code.toByte()) fail("expected ':' after the key \"$key\"")
            index++
            skipWhitespace()
            val member = value(depth)
            if (sorted && keys.size > 0) {
                val order = compareCodePoints(keys[keys.size - 1], key)
                if (order == 0) fail("duplicate key \"$key\"", keyOffset)
                if (order > 0) sorted = false
            }
            keys.add(key)
            values.add(member)
            skipWhitespace()
            if (index >= end) fail("unexpected end of input in an object")
            val separator = bytes[index]
            index++
            if (separator == ','.code.toByte()) continue
            if (separator != '}'.code.toByte()) fail("expected ',' or '}' in an object", index - 1)
            break
        }
        if (sorted) return JsonObject.ofSorted(keys.toTypedArray(), values.toTypedArray())
        val order = keys.indices.sortedWith(Comparator { a, b -> compareCodePoints(keys[a], keys[b]) })
        for (position in 1 until order.size) {
            if (keys[order[position - 1]] == keys[order[position]]) fail("duplicate key \"${keys[order[position]]}\"")
        }
        return JsonObject.ofSorted(Array(order.size) { keys[order[it]] }, Array(order.size) { values[order[it]] })
    }

    private fun array(depth: Int): Json {
        if (depth > MAX_DEPTH) fail("nesting deeper than $MAX_DEPTH")
        index++
        val items = ArrayList<Json>()
        skipWhitespace()
        if (index < end && bytes[index] == ']'.code.toByte()) {
            index++
            return JsonArray(items)
        }
        while (true) {
            skipWhitespace()
            items.add(value(depth))
            skipWhitespace()
            if (index >= end) fail("unexpected end of input in an array")
            val separator = bytes[index]
            index++
            if (separator == ','.code.toByte()) continue
            if (separator != ']'.code.toByte()) fail("expected ',' or ']' in an array", index - 1)
            return JsonArray(items)
        }
    }

    private fun number(): Json {
        val start = index
        val negative = bytes[index] == '-'.code.toByte()
        if (negative) index++
        if (index >= end || !isDigit(bytes[index])) fail("expected a digit")
        if (bytes[index] == '0'.code.toByte()) {
            index++
            if (index < end && isDigit(bytes[index])) fail("leading zeros are not allowed", start)
        } else {
            while (index < end && isDigit(bytes[index])) index++
        }
        val digitsEnd = index
        var integral = true
        if (index < end && bytes[index] == '.'.code.toByte()) {
            integral = false
            index++
            if (index >= end || !isDigit(bytes[index])) fail("expected a digit after '.'")
            while (index < end && isDigit(bytes[index])) index++
        }
        if (index < end && (bytes[index] == 'e'.code.toByte() || bytes[index] == 'E'.code.toByte())) {
            integral = false
            index++
            if (index < end && (bytes[index] == '+'.code.toByte() || bytes[index] == '-'.code.toByte())) index++
            if (index >= end || !isDigit(bytes[index])) fail("expected a digit in the exponent")
            while (index < end && isDigit(bytes[index])) index++
        }
        if (integral) {
            val exact = exactInteger(if (negative) start + 1 else start, digitsEnd, negative)
            if (exact != null) return JsonInt(exact)
        }
        return JsonNumber(String(bytes, start, index - start, Charsets.ISO_8859_1))
    }

    /** The digits' value when it fits in a `Long`, else null; `-0` is null (it stays a [JsonNumber]). */
    private fun exactInteger(from: Int, until: Int, negative: Boolean): Long? {
        // Accumulates negatively, as Long.parseLong does, so Long.MIN_VALUE is reachable.
        val limit = if (negative) Long.MIN_VALUE else -Long.MAX_VALUE
        val tenthOfLimit = limit / 10
        var value = 0L
        for (position in from until until) {
            val digit = bytes[position] - '0'.code.toByte()
            if (value < tenthOfLimit) return null
            value *= 10
            if (value < limit + digit) return null
            value -= digit
        }
        if (negative) return if (value == 0L) null else value
        return -value
    }

    private fun string(): String {
        val start = index
        index++
        val contentStart = index
        // Fast path: printable ASCII with no escape.
        while (index < end) {
            val byte = bytes[index].toInt()
            if (byte == '"'.code) {
                index++
                return String(bytes, contentStart, index - 1 - contentStart, Charsets.ISO_8859_1)
            }
            if (byte == '\\'.code || byte < 0x20) break // also catches bytes >= 0x80, negative here
            index++
        }
        if (index >= end) fail("unterminated string", start)
        val text = StringBuilder(index - contentStart + 16)
        for (position in contentStart until index) text.append(Char(bytes[position].toInt()))
        while (index < end) {
            val byte = bytes[index].toInt() and 0xFF
            when {
                byte == '"'.code -> {
                    index++
                    return text.toString()
                }
                byte == '\\'.code -> escape(text)
                byte < 0x20 -> fail("control character ${describe(byte)} in a string must be escaped")
                byte < 0x80 -> { text.append(Char(byte)); index++ }
                else -> utf8Sequence(text)
            }
        }
        fail("unterminated string", start)
    }

    /** Decodes the escape at [index] (on the backslash) into [text]. */
    private fun escape(text: StringBuilder) {
        val escapeStart = index
        index++
        if (index >= end) fail("unterminated string")
        val kind = bytes[index].toInt()
        index++
        when (kind) {
            '"'.code -> text.append('"')
            '\\'.code -> text.append('\\')
            '/'.code -> text.append('/')
            'b'.code -> text.append('\b')
            'f'.code -> text.append('\u000C')
            'n'.code -> text.append('\n')
            'r'.code -> text.append('\r')
            't'.code -> text.append('\t')
            'u'.code -> unicodeEscape(text, escapeStart)
            else -> fail("invalid escape \\${describe(kind and 0xFF)}", escapeStart)
        }
    }

    /** Reads `XXXX` after `\u` (and a low surrogate partner for a high one). */
    private fun unicodeEscape(text: StringBuilder, escapeStart: Int) {
        val high = hexQuad(escapeStart)
        if (high in 0xDC00..0xDFFF) fail("lone low surrogate \\u${hex4(high)}", escapeStart)
        if (high !in 0xD800..0xDBFF) {
            text.append(Char(high))
            return
        }
        if (index + 1 >= end || bytes[index] != '\\'.code.toByte() || bytes[index + 1] != 'u'.code.toByte()) {
            fail("lone high surrogate \\u${hex4(high)}", escapeStart)
        }
        index += 2
        val low = hexQuad(escapeStart)
        if (low !in 0xDC00..0xDFFF) fail("lone high surrogate \\u${hex4(high)}", escapeStart)
        text.append(Char(high)).append(Char(low))
    }

    private fun hexQuad(escapeStart: Int): Int {
        if (index + 4 > end) fail("incomplete \\u escape", escapeStart)
        var value = 0
        repeat(4) {
            val byte = bytes[index].toInt()
            val digit = when (byte) {
                in '0'.code..'9'.code -> byte - '0'.code
                in 'a'.code..'f'.code -> byte - 'a'.code + 10
                in 'A'.code..'F'.code -> byte - 'A'.code + 10
                else -> fail("invalid hex digit in a \\u escape", escapeStart)
            }
            value = (value shl 4) or digit
            index++
        }
        return value
    }

    /** Decodes one multi-byte UTF-8 sequence at [index], refusing overlong forms, surrogates and values past U+10FFFF. */
    private fun utf8Sequence(text: StringBuilder) {
        val start = index
        val lead = bytes[index].toInt() and 0xFF
        val (count, low, high) = when (lead) {
            in 0xC2..0xDF -> Triple(1, 0x80, 0xBF)
            0xE0 -> Triple(2, 0xA0, 0xBF)
            in 0xE1..0xEC, 0xEE, 0xEF -> Triple(2, 0x80, 0xBF)
            0xED -> Triple(2, 0x80, 0x9F)
            0xF0 -> Triple(3, 0x90, 0xBF)
            in 0xF1..0xF3 -> Triple(3, 0x80, 0xBF)
            0xF4 -> Triple(3, 0x80, 0x8F)
            else -> fail("string is not valid UTF-8", start)
        }
        var codePoint = lead and (0x3F shr count)
        for (position in 1..count) {
            if (start + position >= end) fail("string is not valid UTF-8", start)
            val byte = bytes[start + position].toInt() and 0xFF
            val allowed = if (position == 1) low..high else 0x80..0xBF
            if (byte !in allowed) fail("string is not valid UTF-8", start)
            codePoint = (codePoint shl 6) or (byte and 0x3F)
        }
        text.appendCodePoint(codePoint)
        index = start + count + 1
    }

    private fun isDigit(byte: Byte): Boolean = byte >= '0'.code.toByte() && byte <= '9'.code.toByte()

    private fun hex4(value: Int): String = Integer.toHexString(value).padStart(4, '0')

    private fun describe(byte: Int): String {
        val unsigned = byte and 0xFF
        return if (unsigned in 0x20..0x7E) "'${Char(unsigned)}'" else "0x" + Integer.toHexString(unsigned).uppercase()
    }
}
