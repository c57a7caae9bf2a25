package com.example.dailygame.review

/**
 * Is the version on the Play Store newer than the installed one? Used to show the in-app update
 * banner (the remote version comes from our version endpoint, the local one from
 * `BuildConfig.VERSION_NAME`).
 *
 * Versions compare numerically, part by part: `2.0.10` is newer than `2.0.9`, and `2.0` equals
 * `2.0.0`. The iOS app does the same in Swift; the shared truth table keeps the two in step.
 */
object StoreVersionCheck {

    /** An optional sign and ASCII digits only. `[0-9]` in a java.util.regex is ASCII. */
    private val NUMERIC_PART = Regex("[+-]?[0-9]+")

    fun isNewer(remote: String, local: String): Boolean {
        val remoteParts = parts(remote)
        val localParts = parts(local)
        if (remoteParts.isEmpty() || localParts.isEmpty()) return false
        for (index in 0 until maxOf(remoteParts.size, localParts.size)) {
            val remotePart = remoteParts.getOrElse(index) { 0L }
            val localPart = localParts.getOrElse(index) { 0L }
            if (remotePart != localPart) return remotePart > localPart
        }
        return false
    }

    /**
     * The numeric parts of [version]. Kotlin's `split(".")` keeps empty pieces (`"1..2"` gives
     * `"1", "", "2"`, and `""` gives `[""]`), where Swift's `split(separator:)` drops them: we
     * drop them too, so `"1..2"` is `1.2`, not `1.0.2`.
     */
    fun parts(version: String): List<Long> =
        version.split(".").filter { it.isNotEmpty() }.map { partValue(it) }

    /**
     * One part as a signed 64-bit number, or 0 for anything else: a beta tag, white space, an
     * overflowing number, and non-ASCII digits (`toLongOrNull()` alone accepts `"٣"` and `"１"`).
     */
    fun partValue(part: String): Long =
        if (NUMERIC_PART.matches(part)) part.toLongOrNull() ?: 0L else 0L
}
