package conform.port

import conform.reference.VersionComparator

/** `lexicographic`: compares the version strings as text, so `"2.0.9"` beats `"2.0.10"`. */
object Lexicographic : VersionComparator {
    override fun isNewerVersion(remote: String, local: String): Boolean = remote > local
}
