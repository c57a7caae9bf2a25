package conform.adapter

/**
 * Compares two strings by Unicode code point (the order of their UTF-8 bytes).
 *
 * `String.compareTo` compares UTF-16 units, which puts U+10000 and above (surrogate pairs,
 * 0xD800-0xDFFF) before U+E000-U+FFFF. At the first differing unit this shifts surrogates above
 * the rest of the BMP, which restores code point order for well-formed strings.
 */
fun compareCodePoints(a: String, b: String): Int {
    val length = minOf(a.length, b.length)
    for (index in 0 until length) {
        val x = a[index]
        val y = b[index]
        if (x != y) return codePointRank(x) - codePointRank(y)
    }
    return a.length - b.length
}

private fun codePointRank(unit: Char): Int {
    val code = unit.code
    return when {
        code < 0xD800 -> code
        code <= 0xDFFF -> code + 0x2000
        else -> code - 0x800
    }
}
