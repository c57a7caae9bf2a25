package conform.main

import conform.adapter.ConformAdapter
import conform.port.mutantNamed
import conform.port.mutants
import conform.reference.KOTLIN_HARNESS_VERSION
import conform.reference.registerSuites
import kotlin.system.exitProcess

/**
 * `kotlin-port MUTANT`: the reference with one realistic porting bug, named `kotlin-port/MUTANT`
 * in the hello. `kotlin-port --list` prints the mutant names, one a line; `kotlin-port --catalogue`
 * prints each mutant's catalogue line (JSON) for `conform mutants`.
 */
fun main(args: Array<String>) {
    val name = args.firstOrNull()
    if (args.size == 1 && name == "--list") {
        mutants.forEach { println(it.name) }
        return
    }
    if (args.size == 1 && name == "--catalogue") {
        mutants.forEach { println(it.catalogueLine()) }
        return
    }
    val mutant = mutantNamed(name)
    if (mutant == null || args.size != 1) {
        System.err.println(
            "usage: kotlin-port MUTANT  (or --list, or --catalogue)\nmutants: ${mutants.joinToString(", ") { it.name }}")
        exitProcess(2)
    }
    ConformAdapter("kotlin-port/${mutant.name}", KOTLIN_HARNESS_VERSION).registerSuites(mutant.implementation).run()
}
