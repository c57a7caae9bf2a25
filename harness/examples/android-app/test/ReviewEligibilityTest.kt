package com.example.dailygame.review

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ReviewEligibilityTest {
    private val policy = ReviewPromptPolicy(winThreshold = 3, cooldownDays = 7)
    private val today = 20_000L

    private fun canAsk(
        wonGames: Int = 3,
        lastAttempt: Long? = null,
        lastVersion: String? = null,
        appVersion: String = "1.0.0",
        force: Boolean = false
    ) = ReviewEligibility.canAskForReview(policy, ReviewHistory(wonGames, lastAttempt, lastVersion), today, appVersion, force)

    @Test
    fun `enough wins and never asked - eligible`() {
        assertTrue(canAsk(wonGames = 3))
    }

    @Test
    fun `one win short of the threshold - not eligible`() {
        assertFalse(canAsk(wonGames = 2))
    }

    @Test
    fun `exactly cooldownDays later is enough, one day earlier is not`() {
        assertTrue(canAsk(lastAttempt = today - 7, lastVersion = "0.9.0"))
        assertFalse(canAsk(lastAttempt = today - 6, lastVersion = "0.9.0"))
    }

    @Test
    fun `the version already prompted - not eligible, compared exactly`() {
        assertFalse(canAsk(lastAttempt = today - 30, lastVersion = "1.0.0", appVersion = "1.0.0"))
        // Canonically equivalent but not the same scalars (U+00E9 against e + U+0301): a different version.
        assertTrue(canAsk(lastAttempt = today - 30, lastVersion = "1.0-\u00e9", appVersion = "1.0-e\u0301"))
        assertTrue(canAsk(lastAttempt = today - 30, lastVersion = "1.0.0", appVersion = "1.0.0 "))
    }

    @Test
    fun `force override comes before every rule`() {
        assertTrue(canAsk(wonGames = 0, lastAttempt = Long.MAX_VALUE, lastVersion = "1.0.0", appVersion = "1.0.0", force = true))
    }

    @Test
    fun `day extremes do not wrap around`() {
        // 20000 - Long.MIN_VALUE wraps to a negative Long: the true difference is far past the cooldown.
        assertTrue(canAsk(lastAttempt = Long.MIN_VALUE))
        // A last attempt in the far future (the clock went back): not cooled down.
        assertFalse(ReviewEligibility.canAskForReview(policy, ReviewHistory(3, Long.MAX_VALUE, null), Long.MIN_VALUE, "1.0.0", false))
    }

    @Test
    fun `EpochDays between is exact or null`() {
        assertEquals(7L, EpochDays.between(19_993L, 20_000L))
        assertEquals(-7L, EpochDays.between(20_000L, 19_993L))
        assertEquals(Long.MAX_VALUE, EpochDays.between(0L, Long.MAX_VALUE))
        assertEquals(Long.MIN_VALUE, EpochDays.between(0L, Long.MIN_VALUE))
        assertNull(EpochDays.between(Long.MIN_VALUE, 20_000L))
        assertNull(EpochDays.between(-1L, Long.MAX_VALUE))
    }
}
