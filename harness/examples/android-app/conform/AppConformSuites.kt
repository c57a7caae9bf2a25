package com.example.dailygame.conform

import conform.adapter.ConformAdapter
import conform.adapter.ConformSuites

/**
 * The app's suite mapping as conform finds it: listed in
 * `resources/META-INF/services/conform.adapter.ConformSuites`, so the adapter jar's own main
 * (`conform.adapter.ConformMain`) serves it under `conform run`, and the bundle test
 * (`ConformBundleTest`) checks every case of the pinned bundle through it. No main, no launcher.
 */
class AppConformSuites : ConformSuites {
    /** The name and version the adapter gives in its hello; reports and results files show them. */
    override val adapterName = "android-app"
    override val adapterVersion = "1.0.0"

    override fun register(adapter: ConformAdapter) {
        for ((suite, handler) in AppSuites.bySuite) adapter.suite(suite, handler)
    }
}
