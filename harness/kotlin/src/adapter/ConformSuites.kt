package conform.adapter

import java.util.ServiceConfigurationError
import java.util.ServiceLoader

/**
 * An app's suite mapping: which conform suites it implements and, for each, the handler that maps
 * a case's `input` to a call of the app's code. The adapter's own main ([ConformMain]) and
 * conform-junit5's `ConformBundleTests` both find it, so the `conform run` side and the JUnit side
 * can never map a case differently, and the team writes no main and no launcher.
 *
 * ```
 * class AppConformSuites : ConformSuites {
 *     override val adapterName = "android-app"
 *     override val adapterVersion = "4.2.0"
 *     override fun register(adapter: ConformAdapter) {
 *         adapter.suite("version-compare") { input -> jsonOf("newer" to isNewer(input.string("remote"), input.string("local"))) }
 *     }
 * }
 * ```
 *
 * listed by its class name in a resource `META-INF/services/conform.adapter.ConformSuites` on the
 * class path (Gradle: `src/test/resources/META-INF/services/conform.adapter.ConformSuites`), or
 * named on the command line. The class needs a constructor without parameters (a Kotlin `object`
 * works too when named on the command line).
 */
interface ConformSuites {
    /** The name the adapter gives in its hello: reports and results files show it. */
    val adapterName: String

    /** The version it gives in its hello: the app's version. */
    val adapterVersion: String

    /** Registers one handler per suite the app implements ([ConformAdapter.suite]). */
    fun register(adapter: ConformAdapter)

    /** The adapter over this mapping, every suite registered. */
    fun adapter(): ConformAdapter = ConformAdapter(adapterName, adapterVersion).also { register(it) }

    companion object {
        /** The service file's path, as a message tells a team to write it. */
        const val SERVICE_FILE = "META-INF/services/conform.adapter.ConformSuites"

        /**
         * The app's mapping: the class named [className] if given, else the one implementation that
         * [java.util.ServiceLoader] finds on [loader]'s class path. Throws [ConformSuitesNotFound]
         * naming what to write when there is none, or more than one.
         */
        fun load(className: String? = null, loader: ClassLoader = Thread.currentThread().contextClassLoader): ConformSuites =
            if (className != null) named(className, loader) else discovered(loader)

        private fun named(className: String, loader: ClassLoader): ConformSuites {
            val type = try {
                Class.forName(className, true, loader)
            } catch (missing: ClassNotFoundException) {
                throw ConformSuitesNotFound("no class $className on the class path: name the class that implements " +
                    "conform.adapter.ConformSuites (with its package), and put the jar that holds it on the class path")
            }
            if (!ConformSuites::class.java.isAssignableFrom(type)) {
                throw ConformSuitesNotFound("$className does not implement conform.adapter.ConformSuites: " +
                    "declare it as `class ${type.simpleName} : ConformSuites` and register its suites in register(adapter)")
            }
            // A Kotlin object: its one instance.
            val instance = type.declaredFields.firstOrNull { it.name == "INSTANCE" && it.type == type }
            if (instance != null) return instance.get(null) as ConformSuites
            val constructor = try {
                type.getDeclaredConstructor()
            } catch (missing: NoSuchMethodException) {
                throw ConformSuitesNotFound("$className has no constructor without parameters: give it one, or make it an object")
            }
            return constructor.newInstance() as ConformSuites
        }

        private fun discovered(loader: ClassLoader): ConformSuites {
            val found = try {
                ServiceLoader.load(ConformSuites::class.java, loader).toList()
            } catch (broken: ServiceConfigurationError) {
                throw ConformSuitesNotFound("$SERVICE_FILE names a class that cannot be used: ${broken.message}")
            }
            return when (found.size) {
                1 -> found.single()
                0 -> throw ConformSuitesNotFound("no suite mapping found: write a class that implements " +
                    "conform.adapter.ConformSuites, and list its name (with its package) in the resource $SERVICE_FILE " +
                    "on the class path (Gradle: src/test/resources/$SERVICE_FILE), or name the class as the argument")
                else -> throw ConformSuitesNotFound("more than one suite mapping on the class path " +
                    "(${found.joinToString(", ") { it.javaClass.name }}): keep one in $SERVICE_FILE, or name the class as the argument")
            }
        }
    }
}

/** No usable [ConformSuites] was found; the message says what to write. */
class ConformSuitesNotFound(message: String) : RuntimeException(message, null, false, false)
