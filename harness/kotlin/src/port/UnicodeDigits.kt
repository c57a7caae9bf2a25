package conform.port

import conform.reference.VersionComparator

/** `unicode-digits`: parts read with `toLongOrNull()`, which accepts `"٣"` (3) and `"１"` (1). */
object UnicodeDigits : VersionComparator {
    override fun isNewerVersion(remote: String, local: String): Boolean {
        val remoteParts = remote.split('.').filter { it.isNotEmpty() }.map { it.toLongOrNull() ?: 0L }
        val localParts = local.split('.').filter { it.isNotEmpty() }.map { it.toLongOrNull() ?: 0L }
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
