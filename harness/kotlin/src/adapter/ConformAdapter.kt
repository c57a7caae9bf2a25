package conform.adapter

import java.io.BufferedOutputStream
import java.io.FileDescriptor
import java.io.FileInputStream
import java.io.FileOutputStream
import java.io.InputStream
import java.io.OutputStream
import java.io.PrintStream
import java.util.TreeMap
import kotlin.system.exitProcess

/** Maps one case's `input` to the implementation's `output`. */
typealias SuiteHandler = (input: JsonFields) -> Json

/**
 * Exposes an app's functions to the conform harness (protocol version 1, `harness/PROTOCOL.md`).
 *
 * ```
 * ConformAdapter("android-app", "1.4.0")
 *     .suite("version-compare") { input ->
 *         jsonOf("newer" to AppVersions.isNewerVersion(input.string("remote"), input.string("local")))
 *     }
 *     .run()
 * ```
 *
 * A handler that throws answers `error` with the exception's message; one that calls [skip]
 * answers `skipped`. `System.out` is redirected to standard error while the adapter runs, so a
 * stray `println` in app code cannot corrupt the protocol stream.
 */
class ConformAdapter(val name: String, val version: String, val language: String = "kotlin") {
    private val handlers = TreeMap<String, SuiteHandler>()

    /** The handlers registered so far, by suite name (sorted). */
    val suites: Map<String, SuiteHandler> get() = TreeMap(handlers)

    /** Registers [handler] for the suite called [name] (`"eligibility"`, `"version-compare"`...). */
    fun suite(name: String, handler: SuiteHandler): ConformAdapter {
        require(name !in handlers) { "suite \"$name\" is registered twice" }
        handlers[name] = handler
        return this
    }

    /** Serves standard input and output until the harness closes input, then exits the process. */
    fun run(): Nothing {
        val protocolOut = BufferedOutputStream(FileOutputStream(FileDescriptor.out), 1 shl 16)
        System.setOut(System.err)
        exitProcess(serve(FileInputStream(FileDescriptor.`in`), protocolOut, System.err))
    }

    /**
     * Serves one session over the given streams and returns the exit status: 0 at the end of
     * input, 2 when the harness speaks another protocol or sends a request that cannot be answered.
     */
    fun serve(input: InputStream, output: OutputStream, log: PrintStream): Int =
        ProtocolSession(this, TreeMap(handlers), input, output, log).serve()
}

/** Declines the current case: the adapter answers `skipped` with [reason]. */
fun skip(reason: String): Nothing = throw SkipCase(reason)

/** Thrown by [skip]; caught by the adapter, never a failure. */
class SkipCase(val reason: String) : Exception(reason)
