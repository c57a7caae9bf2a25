package conform.main

import conform.adapter.ConformAdapter
import conform.port.mutants
import conform.reference.KOTLIN_HARNESS_VERSION
import conform.reference.registerSuites
import kotlin.system.exitProcess

/**
 * `kotlin-port MUTANT`: the reference with one realistic porting bug, named `kotlin-port/MUTANT`
 * in the hello. `kotlin-port --list` prints the mutant names, one a line.
 */
fun main(args: Array<String>) {
    val name = args.firstOrNull()
    if (name == "--list") {
        mutants.keys.forEach(::println)
        return
    }
    val implementation = mutants[name]
    if (name == null || implementation == null || args.size != 1) {
        System.err.println("usage: kotlin-port MUTANT  (or --list)\nmutants: ${mutants.keys.joinToString(", ")}")
        exitProcess(2)
    }
    ConformAdapter("kotlin-port/$name", KOTLIN_HARNESS_VERSION).registerSuites(implementation).run()
}
