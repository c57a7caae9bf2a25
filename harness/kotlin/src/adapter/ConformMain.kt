package conform.adapter

import kotlin.system.exitProcess

/**
 * The adapter jar's own main: serves the app's [ConformSuites] under the conform protocol, so a
 * team writes its suite mapping and no main and no launcher script:
 *
 * ```
 * java -cp build/app.jar:conform-kotlin-adapter-VERSION.jar conform.adapter.ConformMain   # the mapping in META-INF/services
 * java -cp build/app.jar:conform-kotlin-adapter-VERSION.jar conform.adapter.ConformMain com.example.AppSuites  # or named
 * ```
 *
 * Without a mapping it exits 2, saying what to write.
 */
object ConformMain {
    @JvmStatic
    fun main(args: Array<String>) {
        if (args.size == 1 && (args[0] == "-h" || args[0] == "--help")) {
            println(USAGE)
            return
        }
        if (args.size > 1 || args.any { it.startsWith("-") }) {
            System.err.println("conform adapter: unexpected arguments ${args.joinToString(" ")}\n$USAGE")
            exitProcess(2)
        }
        val suites = try {
            ConformSuites.load(args.firstOrNull())
        } catch (notFound: ConformSuitesNotFound) {
            System.err.println("conform adapter: ${notFound.message}")
            exitProcess(2)
        }
        suites.adapter().run()
    }

    private const val USAGE = "usage: java -cp APP_CLASSES:conform-kotlin-adapter-VERSION.jar conform.adapter.ConformMain [CLASS]\n" +
        "  serves the app's suite mapping (a conform.adapter.ConformSuites) under the conform protocol on stdin/stdout;\n" +
        "  CLASS names it, else it is the one listed in ${ConformSuites.SERVICE_FILE} on the class path"
}
