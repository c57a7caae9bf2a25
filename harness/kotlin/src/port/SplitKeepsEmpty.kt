package conform.port

import conform.reference.VersionComparator
import conform.reference.versionPart

/** `split-keeps-empty`: Kotlin's `split(".")` keeps empty pieces, so `"1..2"` reads as 1.0.2. */
object SplitKeepsEmpty : VersionComparator {
    override fun isNewerVersion(remote: String, local: String): Boolean {
        val remoteParts = remote.split(".").map(::versionPart)
        val localParts = local.split(".").map(::versionPart)
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
