package conform.main

import conform.adapter.ConformAdapter
import conform.reference.Implementation
import conform.reference.KOTLIN_HARNESS_VERSION
import conform.reference.registerSuites

/** `kotlin-reference`: the conformant Kotlin implementation of every suite. */
fun main() {
    ConformAdapter("kotlin-reference", KOTLIN_HARNESS_VERSION).registerSuites(Implementation()).run()
}
