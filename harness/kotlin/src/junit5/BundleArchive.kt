package conform.junit5

import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.IOException
import java.util.zip.GZIPInputStream
import java.util.zip.ZipException

/**
 * The files of a bundle's `.tar.gz` (`conform-fixtures-X.Y.Z.tar.gz`), read into memory: a gzip
 * stream around a POSIX ustar archive of regular files under one `conform-fixtures-X.Y.Z/` folder,
 * as `conform bundle create` writes it. Anything else (links, GNU or pax headers, a path outside
 * that folder, a damaged header) is refused with a [FixtureBundleProblem] naming the archive.
 */
internal object BundleArchive {
    private const val BLOCK = 512
    /** A bundle is a few megabytes; this refuses a gzip bomb long before memory runs out. */
    private const val MAX_UNPACKED_BYTES = 1L shl 30

    /** The archive's files by their path under the top folder, and that folder's name. */
    fun unpack(archive: ByteArray, where: String): Pair<String, Map<String, ByteArray>> {
        val tar = gunzip(archive, where)
        val files = LinkedHashMap<String, ByteArray>()
        var top: String? = null
        var offset = 0
        var number = 0
        while (true) {
            if (offset + BLOCK > tar.size) throw FixtureBundleProblem("$where: the tar archive ends inside a header: it is damaged; fetch it again")
            if ((0 until BLOCK).all { tar[offset + it] == 0.toByte() }) break // the end-of-archive blocks
            number++
            val header = Header(tar, offset, number, where)
            val path = header.path
            val folder = top ?: path.substringBefore('/').also { top = it }
            if (!folder.startsWith("conform-fixtures-")) {
                throw FixtureBundleProblem("$where: its files are not under a conform-fixtures-X.Y.Z/ folder: this is not a conform bundle")
            }
            val start = offset + BLOCK
            if (start + header.size > tar.size) throw FixtureBundleProblem("$where: entry \"$path\" is cut short: the archive is damaged; fetch it again")
            if (header.isFile) {
                if (!path.startsWith("$folder/")) {
                    throw FixtureBundleProblem("$where: entry \"$path\" is outside its top folder $folder/: do not use this archive")
                }
                val name = path.substring(folder.length + 1)
                if (files.put(name, tar.copyOfRange(start, start + header.size.toInt())) != null) {
                    throw FixtureBundleProblem("$where: entry \"$path\" appears twice: do not use this archive")
                }
            }
            offset = start + ((header.size + BLOCK - 1) / BLOCK * BLOCK).toInt()
        }
        return (top ?: throw FixtureBundleProblem("$where: the archive holds no files: this is not a conform bundle")) to files
    }

    private fun gunzip(archive: ByteArray, where: String): ByteArray {
        val out = ByteArrayOutputStream(archive.size * 4)
        try {
            GZIPInputStream(ByteArrayInputStream(archive)).use { input ->
                val buffer = ByteArray(64 * 1024)
                while (true) {
                    val count = input.read(buffer)
                    if (count < 0) break
                    out.write(buffer, 0, count)
                    if (out.size() > MAX_UNPACKED_BYTES) throw FixtureBundleProblem("$where unpacks to over 1 GiB: this is not a conform bundle")
                }
            }
        } catch (error: ZipException) {
            throw FixtureBundleProblem("$where is not a readable .tar.gz (${error.message}): it is damaged or not a conform bundle; fetch it again")
        } catch (error: IOException) {
            throw FixtureBundleProblem("$where is not a readable .tar.gz (${error.message}): it is damaged or not a conform bundle; fetch it again")
        }
        return out.toByteArray()
    }

    /** One 512-byte ustar header, checked: its checksum, its magic, its type and its path. */
    private class Header(tar: ByteArray, private val offset: Int, number: Int, where: String) {
        val path: String
        val size: Long
        val isFile: Boolean

        init {
            fun field(at: Int, length: Int): ByteArray {
                var end = at
                while (end < at + length && tar[offset + end] != 0.toByte()) end++
                return tar.copyOfRange(offset + at, offset + end)
            }
            fun octal(at: Int, length: Int, what: String): Long {
                val text = String(field(at, length), Charsets.US_ASCII).trim()
                if (text.isEmpty() || text.any { it !in '0'..'7' }) throw FixtureBundleProblem("$where: tar header $number has a $what that is not an octal number")
                return text.toLong(8)
            }
            val magic = String(tar, offset + 257, 8, Charsets.ISO_8859_1)
            if (magic != "ustar\u000000" && magic != "ustar  \u0000") throw FixtureBundleProblem("$where: tar header $number is not a ustar header: the archive is damaged or not a conform bundle")
            var sum = 0L
            for (index in 0 until BLOCK) sum += if (index in 148 until 156) 32 else tar[offset + index].toInt() and 0xff
            if (sum != octal(148, 8, "checksum")) throw FixtureBundleProblem("$where: tar header $number has a wrong checksum: the archive is damaged; fetch it again")
            val name = String(field(0, 100), Charsets.UTF_8)
            val prefix = if (magic.startsWith("ustar\u0000")) String(field(345, 155), Charsets.UTF_8) else ""
            path = if (prefix.isEmpty()) name else "$prefix/$name"
            size = octal(124, 12, "size")
            val type = Char(tar[offset + 156].toInt() and 0xFF)
            isFile = type == '0' || type == '\u0000'
            if (!isFile && type != '5') {
                throw FixtureBundleProblem("$where: entry \"$path\" is of tar type '$type', not a regular file or folder: a conform bundle holds only files")
            }
            val segments = path.trimEnd('/').split("/")
            if (path.startsWith("/") || path.contains("\\") || segments.any { it.isEmpty() || it == "." || it == ".." }) {
                throw FixtureBundleProblem("$where: entry \"$path\" is not a plain path inside the archive: do not use this archive")
            }
        }
    }
}
