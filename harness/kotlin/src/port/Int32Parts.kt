package conform.port

import conform.reference.VersionComparator

/** `int32-parts`: parts held in a 32-bit `Int`, so `"2147483648"` overflows to 0. */
object Int32Parts : VersionComparator {
    override fun isNewerVersion(remote: String, local: String): Boolean {
        val remoteParts = remote.split('.').filter { it.isNotEmpty() }.map(::versionPart)
        val localParts = local.split('.').filter { it.isNotEmpty() }.map(::versionPart)
        if (remoteParts.isEmpty() || localParts.isEmpty()) return false

        val count = maxOf(remoteParts.size, localParts.size)
        for (i in 0 until count) {
            val r = remoteParts.getOrElse(i) { 0 }
            val l = localParts.getOrElse(i) { 0 }
            if (r != l) return r > l
        }
        return false
    }

    /** The reference's ASCII-only part reader, ported with `Int` where the spec says 64 bits. */
    private fun versionPart(part: String): Int {
        val digitsStart = if (part.startsWith("+") || part.startsWith("-")) 1 else 0
        if (part.length == digitsStart) return 0
        for (i in digitsStart until part.length) {
            if (part[i] !in '0'..'9') return 0
        }
        return part.toIntOrNull() ?: 0
    }
}
