package conform.adapter

import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.io.PrintStream

/** The protocol version this adapter speaks. */
const val PROTOCOL_VERSION = 1L

/** Answers are handed to the output stream (without a flush) once this many bytes wait. */
private const val DRAIN_AT = 1 shl 15

/** A request that cannot be answered: the session stops with exit status 2. */
private class ProtocolFailure(message: String) : Exception(message)

/**
 * One session of the conform protocol: the hello handshake, then one answer per `case` request,
 * until the end of input.
 *
 * Answers are buffered and flushed when no more input is immediately available, at the end, and
 * before the session stops for any reason, so none is lost or held back.
 */
internal class ProtocolSession(
    private val adapter: ConformAdapter,
    private val handlers: Map<String, SuiteHandler>,
    input: InputStream,
    private val output: OutputStream,
    private val log: PrintStream
) {
    private val writer = JsonWriter(1 shl 12)
    private val lines = LineReader(input) { flush() }
    private var lineNumber = 0

    fun serve(): Int {
        try {
            if (!handshake()) return 2
            while (nextRequest()) answer(request())
            return 0
        } catch (failure: ProtocolFailure) {
            log.println("${adapter.name}: ${failure.message}")
            return 2
        } catch (error: JsonShapeError) {
            log.println("${adapter.name}: line $lineNumber: the request is not valid: ${error.message}")
            return 2
        } finally {
            try {
                flush()
            } catch (error: IOException) {
                log.println("${adapter.name}: cannot write to standard output: ${error.message}")
            }
        }
    }

    /**
     * Reads the harness's hello and answers it; false when the protocol versions differ. Input
     * that ends before the hello is a session with nothing to do (exit 0).
     */
    private fun handshake(): Boolean {
        if (!nextRequest()) return true
        val hello = request()
        if (hello.string("type") != "hello") throw ProtocolFailure("line $lineNumber: expected the hello, found a \"${hello.string("type")}\" request")
        val protocol = hello.long("protocol")
        val answer = jsonOf(
            "type" to "hello", "protocol" to PROTOCOL_VERSION, "name" to adapter.name,
            "language" to adapter.language, "version" to adapter.version, "suites" to handlers.keys.toList())
        writer.value(answer)
        writer.byte('\n')
        if (protocol == PROTOCOL_VERSION) return true
        log.println("${adapter.name}: the harness speaks protocol $protocol, this adapter speaks protocol $PROTOCOL_VERSION; " +
            "use a harness and an adapter of the same protocol version")
        return false
    }

    private fun nextRequest(): Boolean {
        while (lines.next()) {
            lineNumber++
            if (!isBlank(lines.bytes, lines.lineStart, lines.lineEnd)) return true
        }
        return false
    }

    /** The current line as an object with a `type`, or a [ProtocolFailure]. */
    private fun request(): JsonFields = try {
        val fields = JsonFields.of(JsonReader.parse(lines.bytes, lines.lineStart, lines.lineEnd), "")
        fields.string("type")
        fields
    } catch (error: JsonSyntaxError) {
        throw ProtocolFailure("line $lineNumber: the request is not valid JSON: ${error.message}")
    } catch (error: JsonShapeError) {
        throw ProtocolFailure("line $lineNumber: the request is not valid: ${error.message}")
    }

    private fun answer(request: JsonFields) {
        val type = request.string("type")
        if (type != "case") throw ProtocolFailure("line $lineNumber: unexpected request type \"$type\" after the hello")
        val seq: Long
        val id: String
        try {
            seq = request.long("seq")
            id = request.string("id")
        } catch (error: JsonShapeError) {
            throw ProtocolFailure("line $lineNumber: a case request without a usable seq and id: ${error.message}")
        }
        val mark = writer.size
        try {
            val output = run(request)
            writeAnswer(seq, id, "result", "output") { writer.value(output) }
        } catch (skipped: SkipCase) {
            writer.truncate(mark)
            writeAnswer(seq, id, "skipped", "reason") { writer.string(skipped.reason) }
        } catch (thrown: Throwable) {
            if (thrown is VirtualMachineError && thrown !is StackOverflowError) throw thrown
            writer.truncate(mark)
            writeAnswer(seq, id, "error", "message") { writer.string(describe(thrown)) }
        }
        if (writer.size >= DRAIN_AT) writer.drainTo(output)
    }

    private fun run(request: JsonFields): Json {
        val suite = request.string("suite")
        val handler = handlers[suite] ?: throw IllegalArgumentException("suite \"$suite\" is not supported by ${adapter.name}")
        return handler(JsonFields.of(request.value("input"), "input"))
    }

    /**
     * Writes `{"id":…,"<key>":…,"seq":…,"type":…}`. The three answer kinds put their payload under
     * `message`, `output` or `reason`, all of which sort between `id` and `seq`, so this is canonical.
     */
    private inline fun writeAnswer(seq: Long, id: String, type: String, key: String, payload: () -> Unit) {
        writer.ascii("{\"id\":")
        writer.string(id)
        writer.ascii(",\"$key\":")
        payload()
        writer.ascii(",\"seq\":")
        writer.long(seq)
        writer.ascii(",\"type\":\"$type\"}\n")
    }

    private fun describe(thrown: Throwable): String = when (thrown) {
        is JsonShapeError, is IllegalArgumentException, is IllegalStateException -> thrown.message ?: thrown.toString()
        else -> thrown.toString()
    }

    private fun flush() {
        writer.drainTo(output)
        output.flush()
    }

    private fun isBlank(bytes: ByteArray, from: Int, until: Int): Boolean {
        for (index in from until until) {
            when (bytes[index].toInt()) {
                0x20, 0x09, 0x0D -> {}
                else -> return false
            }
        }
        return true
    }
}
