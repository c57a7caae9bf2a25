package com.example.dailygame.conform

import conform.adapter.ConformAdapter

/** The name and version this adapter gives in its hello; reports and results files show them. */
const val ADAPTER_NAME = "android-app"
const val ADAPTER_VERSION = "1.0.0"

/** The app's functions behind the conform protocol, one handler per suite of [AppSuites]. */
fun appConformAdapter(): ConformAdapter =
    ConformAdapter(name = ADAPTER_NAME, version = ADAPTER_VERSION)
        .suite("eligibility") { input -> AppSuites.eligibility(input) }
        .suite("version-compare") { input -> AppSuites.versionCompare(input) }
        .suite("timeline") { input -> AppSuites.timeline(input) }

/** `conform run --impl harness/examples/android-app/conform-adapter`: serves stdin/stdout until EOF. */
fun main() {
    appConformAdapter().run()
}
