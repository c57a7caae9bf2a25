package com.example.rollout

/**
 * The percentage rollout's decision as the Android team writes it: which of 100 buckets a user
 * falls in for a rollout, and whether the feature is on (rollout-bucket.md, decisions D1 to D5).
 */
object RolloutBucket {
    /** 2166136261, FNV-1a's 32-bit offset basis, as the bits of an Int. */
    private val FNV_OFFSET_BASIS: Int = 0x811C9DC5L.toInt()
    /** 16777619, FNV's 32-bit prime. */
    private const val FNV_PRIME: Int = 0x01000193

    /** The answer for one user: a bucket from 0 to 99 and whether the feature is on for them. */
    data class Assignment(val bucket: Int, val enabled: Boolean)

    /** The assignment of [userId] in the rollout named [salt] at [percent]; null when the percent is outside 0 to 100 (D5). */
    fun assign(userId: String, salt: String, percent: Long): Assignment? {
        if (percent < 0 || percent > 100) return null
        val bucket = bucket(userId, salt)
        return Assignment(bucket, bucket < percent) // D4
    }

    /** The bucket, 0 to 99: the unsigned hash modulo 100 (D3). */
    fun bucket(userId: String, salt: String): Int {
        val hash = fnv1a32("$salt:$userId".toByteArray(Charsets.UTF_8)) // D1: UTF-8 bytes, as given
        return Integer.remainderUnsigned(hash, 100) // D3: `hash % 100` is negative from 2^31 up
    }

    /** 32-bit FNV-1a of [bytes] (D2): the bits of the unsigned hash in an Int, whose `*` wraps. */
    fun fnv1a32(bytes: ByteArray): Int {
        var hash = FNV_OFFSET_BASIS
        for (byte in bytes) {
            hash = hash xor (byte.toInt() and 0xFF) // a byte is signed: without the mask, é's bytes sign-extend
            hash *= FNV_PRIME
        }
        return hash
    }
}
