package com.example.dailygame.review

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class StoreVersionCheckTest {

    @Test
    fun `parts compare as numbers, not as text`() {
        assertTrue(StoreVersionCheck.isNewer(remote = "2.0.10", local = "2.0.9"))
        assertFalse(StoreVersionCheck.isNewer(remote = "2.0.9", local = "2.0.10"))
        assertTrue(StoreVersionCheck.isNewer(remote = "10", local = "9"))
    }

    @Test
    fun `missing parts count as zero and a version is never newer than itself`() {
        assertFalse(StoreVersionCheck.isNewer("2.0", "2.0.0"))
        assertFalse(StoreVersionCheck.isNewer("2.0.0", "2.0"))
        assertFalse(StoreVersionCheck.isNewer("1.2.3", "1.2.3"))
        assertTrue(StoreVersionCheck.isNewer("2.0.0.1", "2.0"))
    }

    @Test
    fun `empty pieces are dropped, as in Swift`() {
        assertEquals(listOf(1L, 2L), StoreVersionCheck.parts("1..2"))
        assertEquals(listOf(1L, 2L), StoreVersionCheck.parts(".1.2."))
        assertEquals(emptyList<Long>(), StoreVersionCheck.parts(""))
        assertTrue(StoreVersionCheck.isNewer("1..2", "1.0.2"))
    }

    @Test
    fun `a version with no parts is never newer, nor older`() {
        assertFalse(StoreVersionCheck.isNewer("", "1.0"))
        assertFalse(StoreVersionCheck.isNewer("1.0", "..."))
    }

    @Test
    fun `only ASCII digits count`() {
        assertEquals(0L, StoreVersionCheck.partValue("\u0663")) // Arabic-Indic three
        assertEquals(0L, StoreVersionCheck.partValue("\uff11")) // fullwidth one
        assertEquals(0L, StoreVersionCheck.partValue(" 1"))
        assertEquals(0L, StoreVersionCheck.partValue("3-beta"))
        assertFalse(StoreVersionCheck.isNewer("1.\u0663", "1.0"))
    }

    @Test
    fun `parts are signed 64-bit, anything larger is zero`() {
        assertTrue(StoreVersionCheck.isNewer("2147483648", "2147483647"))
        assertEquals(Long.MAX_VALUE, StoreVersionCheck.partValue("9223372036854775807"))
        assertEquals(Long.MIN_VALUE, StoreVersionCheck.partValue("-9223372036854775808"))
        assertEquals(0L, StoreVersionCheck.partValue("9223372036854775808"))
        assertEquals(0L, StoreVersionCheck.partValue("99999999999999999999"))
    }

    @Test
    fun `signs read as Swift's Int() reads them`() {
        assertEquals(1L, StoreVersionCheck.partValue("+1"))
        assertEquals(-1L, StoreVersionCheck.partValue("-1"))
        assertEquals(0L, StoreVersionCheck.partValue("-0"))
        assertEquals(1L, StoreVersionCheck.partValue("01"))
        assertEquals(0L, StoreVersionCheck.partValue("+"))
        assertEquals(0L, StoreVersionCheck.partValue("-"))
    }
}
