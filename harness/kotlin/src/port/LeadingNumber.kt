package conform.port

import conform.reference.VersionComparator

/**
 * `leading-number`: each part read as the number it starts with (`Regex("^[+-]?[0-9]+")`, as a
 * "tolerant" parser of `"2rc1"` would), so `"2rc1"` is 2 and `"1-beta"` is 1; the spec makes a
 * part that is not wholly a number 0.
 */
object LeadingNumber : VersionComparator {
    private val leading = Regex("^[+-]?[0-9]+")

    override fun isNewerVersion(remote: String, local: String): Boolean {
        val remoteParts = parts(remote)
        val localParts = parts(local)
        if (remoteParts.isEmpty() || localParts.isEmpty()) return false

        val count = maxOf(remoteParts.size, localParts.size)
        for (i in 0 until count) {
            val r = remoteParts.getOrElse(i) { 0L }
            val l = localParts.getOrElse(i) { 0L }
            if (r != l) return r > l
        }
        return false
    }

    private fun parts(version: String): List<Long> =
        version.split('.').filter { it.isNotEmpty() }.map { leading.find(it)?.value?.toLongOrNull() ?: 0L }
}
