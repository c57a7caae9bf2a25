package conform.reference

/** Decides whether the store's version is newer than the installed one. */
interface VersionComparator {
    fun isNewerVersion(remote: String, local: String): Boolean
}

/**
 * The store-version check of the app-store story, as the conformant Kotlin port
 * (suite `version-compare`, spec 1.1.0).
 *
 * Versions are compared numerically, part by part: `2.0.10` is newer than `2.0.9`.
 */
object StoreVersionComparator : VersionComparator {
    override fun isNewerVersion(remote: String, local: String): Boolean {
        // Kotlin's split keeps empty pieces ("1..2" -> "1", "", "2"); Swift's drops them.
        val remoteParts = remote.split('.').filter { it.isNotEmpty() }.map(::versionPart)
        val localParts = local.split('.').filter { it.isNotEmpty() }.map(::versionPart)
        if (remoteParts.isEmpty() || localParts.isEmpty()) return false

        val count = maxOf(remoteParts.size, localParts.size)
        for (i in 0 until count) {
            val r = remoteParts.getOrElse(i) { 0L }
            val l = localParts.getOrElse(i) { 0L }
            if (r != l) return r > l
        }
        return false
    }
}

/**
 * One part's value as Swift's `Int()` reads it: an optional `+` or `-` and one or more ASCII
 * digits that fit in a `Long`; anything else (a beta tag, white space, `"٣"`, an overflow) is 0.
 *
 * `toLongOrNull()` alone is not enough: it also accepts non-ASCII decimal digits.
 */
fun versionPart(part: String): Long {
    val digitsStart = if (part.startsWith("+") || part.startsWith("-")) 1 else 0
    if (part.length == digitsStart) return 0
    for (i in digitsStart until part.length) {
        if (part[i] !in '0'..'9') return 0
    }
    return part.toLongOrNull() ?: 0 // only an overflow is left to refuse
}
