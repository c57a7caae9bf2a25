package conform.adapter

import java.io.OutputStream

/**
 * Writes canonical JSON as UTF-8 into a reusable byte buffer: keys in code point order, no
 * insignificant white space, strings escaped minimally (`"`, `\`, control characters as `\n`
 * `\r` `\t` `\b` `\f` or `\u00XX` in lower case), everything else as raw UTF-8.
 *
 * The same value always gives the same bytes, identical to the Swift kit's `JSONWriter`.
 */
class JsonWriter(initialCapacity: Int = 256) {
    private var buffer = ByteArray(initialCapacity)

    /** The number of bytes written so far. */
    var size: Int = 0
        private set

    companion object {
        private val HEX = "0123456789abcdef".toByteArray(Charsets.US_ASCII)

        fun toText(value: Json): String {
            val writer = JsonWriter()
            writer.value(value)
            return String(writer.buffer, 0, writer.size, Charsets.UTF_8)
        }
    }

    /** Appends [value]; a string holding a lone surrogate is an [IllegalArgumentException]. */
    fun value(value: Json) {
        when (value) {
            is JsonNull -> ascii("null")
            is JsonBool -> ascii(if (value.value) "true" else "false")
            is JsonInt -> long(value.value)
            is JsonNumber -> ascii(value.literal)
            is JsonString -> string(value.value)
            is JsonArray -> {
                byte('[')
                for ((position, item) in value.items.withIndex()) {
                    if (position > 0) byte(',')
                    value(item)
                }
                byte(']')
            }
            is JsonObject -> {
                byte('{')
                for (position in 0 until value.size) {
                    if (position > 0) byte(',')
                    string(value.keyAt(position))
                    byte(':')
                    value(value.valueAt(position))
                }
                byte('}')
            }
        }
    }

    fun byte(char: Char) {
        ensure(1)
        buffer[size++] = char.code.toByte()
    }

    /** Appends text known to be ASCII (literals, number text, fixed keys) as is. */
    fun ascii(text: String) {
        ensure(text.length)
        for (char in text) buffer[size++] = char.code.toByte()
    }

    fun long(number: Long) {
        if (number == 0L) {
            byte('0')
            return
        }
        ensure(20)
        if (number < 0) buffer[size++] = '-'.code.toByte()
        // Works on the negative magnitude so that Long.MIN_VALUE needs no special case.
        var rest = if (number < 0) number else -number
        val digitsStart = size
        while (rest != 0L) {
            buffer[size++] = ('0'.code - (rest % 10).toInt()).toByte()
            rest /= 10
        }
        var low = digitsStart
        var high = size - 1
        while (low < high) {
            val digit = buffer[low]
            buffer[low++] = buffer[high]
            buffer[high--] = digit
        }
    }

    fun string(text: String) {
        ensure(text.length + 2)
        buffer[size++] = '"'.code.toByte()
        var index = 0
        while (index < text.length) {
            val code = text[index].code
            when {
                code == '"'.code -> escaped('"')
                code == '\\'.code -> escaped('\\')
                code == '\n'.code -> escaped('n')
                code == '\r'.code -> escaped('r')
                code == '\t'.code -> escaped('t')
                code == 0x08 -> escaped('b')
                code == 0x0C -> escaped('f')
                code < 0x20 -> {
                    ascii("\\u00")
                    ensure(2)
                    buffer[size++] = HEX[code shr 4]
                    buffer[size++] = HEX[code and 0xF]
                }
                code < 0x80 -> { ensure(1); buffer[size++] = code.toByte() }
                code < 0x800 -> encoded(code, 2)
                code in 0xD800..0xDBFF && index + 1 < text.length && text[index + 1].code in 0xDC00..0xDFFF -> {
                    encoded(Character.toCodePoint(text[index], text[index + 1]), 4)
                    index++
                }
                code in 0xD800..0xDFFF -> throw IllegalArgumentException(
                    "string has a lone surrogate \\u${Integer.toHexString(code)} at index $index, which JSON text cannot carry")
                else -> encoded(code, 3)
            }
            index++
        }
        ensure(1)
        buffer[size++] = '"'.code.toByte()
    }

    /** Sends the bytes written so far to [output] and empties the buffer. */
    fun drainTo(output: OutputStream) {
        output.write(buffer, 0, size)
        size = 0
    }

    /** Drops every byte written after the first [length], as when an answer fails half-way. */
    fun truncate(length: Int) {
        require(length in 0..size) { "can only truncate" }
        size = length
    }

    fun toByteArray(): ByteArray = buffer.copyOf(size)

    private fun escaped(char: Char) {
        ensure(2)
        buffer[size++] = '\\'.code.toByte()
        buffer[size++] = char.code.toByte()
    }

    private fun encoded(codePoint: Int, length: Int) {
        ensure(length)
        when (length) {
            2 -> buffer[size++] = (0xC0 or (codePoint shr 6)).toByte()
            3 -> {
                buffer[size++] = (0xE0 or (codePoint shr 12)).toByte()
                buffer[size++] = (0x80 or ((codePoint shr 6) and 0x3F)).toByte()
            }
            else -> {
                buffer[size++] = (0xF0 or (codePoint shr 18)).toByte()
                buffer[size++] = (0x80 or ((codePoint shr 12) and 0x3F)).toByte()
                buffer[size++] = (0x80 or ((codePoint shr 6) and 0x3F)).toByte()
            }
        }
        buffer[size++] = (0x80 or (codePoint and 0x3F)).toByte()
    }

    private fun ensure(extra: Int) {
        if (size + extra <= buffer.size) return
        buffer = buffer.copyOf(maxOf(buffer.size * 2, size + extra))
    }
}
