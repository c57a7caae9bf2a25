package conform.adapter

import java.io.IOException
import java.io.InputStream

/**
 * Reads `\n`-terminated lines as UTF-8 bytes through its own 64 KiB buffer (a buffered input
 * stream that splits lines without decoding them first).
 *
 * Before a read that would block, it calls [onIdle] (the adapter flushes its answers there), so
 * answers are batched while input keeps coming and never held back while waiting for more.
 */
class LineReader(private val input: InputStream, private val onIdle: () -> Unit) {
    /** The buffer holding the current line at [lineStart] until [lineEnd] (the `\n` excluded). */
    var bytes = ByteArray(1 shl 16)
        private set
    var lineStart = 0
        private set
    var lineEnd = 0
        private set

    private var start = 0 // first byte not yet returned
    private var end = 0 // end of the bytes read
    private var scanned = 0 // bytes from start already known to hold no newline
    private var atEnd = false

    /** Moves to the next line; false at the end of input. A last line without `\n` still counts. */
    fun next(): Boolean {
        while (true) {
            var position = start + scanned
            while (position < end && bytes[position] != NEWLINE) position++
            if (position < end) return take(position, position + 1)
            scanned = end - start
            if (atEnd) return if (start < end) take(end, end) else false
            fill()
        }
    }

    private fun take(lineEnd: Int, next: Int): Boolean {
        this.lineStart = start
        this.lineEnd = lineEnd
        start = next
        scanned = 0
        return true
    }

    private fun fill() {
        if (start > 0) {
            System.arraycopy(bytes, start, bytes, 0, end - start)
            end -= start
            start = 0
        }
        if (end == bytes.size) bytes = bytes.copyOf(bytes.size * 2)
        if (available() == 0) onIdle()
        val count = input.read(bytes, end, bytes.size - end)
        if (count < 0) atEnd = true else end += count
    }

    private fun available(): Int = try {
        input.available()
    } catch (error: IOException) {
        0
    }

    private companion object {
        const val NEWLINE = '\n'.code.toByte()
    }
}
