package com.example.dailygame.conform

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class VirtualMainThreadTest {
    private val mainThread = VirtualMainThread()
    private val ran = ArrayList<String>()

    @Test
    fun `tasks run at their due time, ties in the order they were posted`() {
        mainThread.postDelayed(20L) { ran.add("c@${mainThread.nowMillis}") }
        mainThread.postDelayed(10L) { ran.add("a@${mainThread.nowMillis}") }
        mainThread.postDelayed(10L) { ran.add("b@${mainThread.nowMillis}") }
        mainThread.advanceBy(15L)
        assertEquals(listOf("a@10", "b@10"), ran)
        assertEquals(15L, mainThread.nowMillis)
        mainThread.advanceBy(5L)
        assertEquals(listOf("a@10", "b@10", "c@20"), ran)
    }

    @Test
    fun `a zero delay runs at the next advance, even of 0 ms, never inside postDelayed`() {
        mainThread.postDelayed(0L) { ran.add("now") }
        assertEquals(emptyList<String>(), ran)
        mainThread.advanceBy(0L)
        assertEquals(listOf("now"), ran)
    }

    @Test
    fun `a cancelled task never runs, and elapseNextDelay lets a cancel in before the task runs`() {
        val first = mainThread.postDelayed(10L) { task -> ran.add("first cancelled=${task.isCancelled}") }
        first.cancel()
        mainThread.advanceBy(100L)
        assertEquals(emptyList<String>(), ran)

        val second = mainThread.postDelayed(10L) { task -> ran.add("second cancelled=${task.isCancelled}") }
        assertTrue(mainThread.elapseNextDelay { second.cancel() })
        assertEquals(listOf("second cancelled=true"), ran)
        assertEquals(110L, mainThread.nowMillis)
        assertFalse(mainThread.elapseNextDelay { ran.add("never") })
    }
}
