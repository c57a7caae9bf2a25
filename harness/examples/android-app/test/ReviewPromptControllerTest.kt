package com.example.dailygame.review

import com.example.dailygame.conform.VirtualMainThread
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ReviewPromptControllerTest {

    /** The store, the environment and the host in one fake that logs what the controller did. */
    private class FakeApp : ReviewPromptStore, AppEnvironment, ReviewHost {
        var wonGames = 2
        var lastAttempt: Long? = null
        var lastVersion: String? = null
        val events = ArrayList<String>()
        override var appVersion = "1.0.0"
        override var todayEpochDay = 20_000L
        override var forceReview = false
        override var hasWindow = true
        override var screenState = ScreenState.RESUMED

        override fun history() = ReviewHistory(wonGames, lastAttempt, lastVersion)
        override fun recordWin() {
            wonGames++
        }

        override fun recordAttempt(epochDay: Long, appVersion: String) {
            lastAttempt = epochDay
            lastVersion = appVersion
            events.add("recordAttempt $epochDay $appVersion")
        }

        override fun launchReviewFlow() {
            events.add("launchReviewFlow")
        }
    }

    private val app = FakeApp()
    private val mainThread = VirtualMainThread()
    private val controller = ReviewPromptController(
        ReviewPromptPolicy(winThreshold = 3, cooldownDays = 7, requestDelayMillis = 2_000L), app, app, app, mainThread)

    @Test
    fun `the request runs once the delay is over, and not a millisecond before`() {
        controller.onGameWon()
        controller.onCompletionScreenShown()
        mainThread.advanceBy(1_999L)
        assertEquals(emptyList<String>(), app.events)
        assertTrue(controller.isRequestScheduled)

        mainThread.advanceBy(1L)
        assertEquals(listOf("recordAttempt 20000 1.0.0", "launchReviewFlow"), app.events)
        assertFalse(controller.isPromptPending)
        assertFalse(controller.isRequestScheduled)
    }

    @Test
    fun `leaving the screen during the delay cancels the request, the prompt stays pending`() {
        controller.onGameWon()
        controller.onCompletionScreenShown()
        mainThread.advanceBy(1_000L)
        controller.onCompletionScreenHidden()
        mainThread.advanceBy(5_000L)
        assertEquals(emptyList<String>(), app.events)
        assertTrue(controller.isPromptPending)
        assertFalse(controller.isRequestScheduled)
    }

    @Test
    fun `a leave after the delay elapsed but before the task ran does not ask`() {
        controller.onGameWon()
        controller.onCompletionScreenShown()
        assertTrue(mainThread.elapseNextDelay { controller.onCompletionScreenHidden() })
        assertEquals(2_000L, mainThread.nowMillis)
        assertEquals(emptyList<String>(), app.events)
        assertTrue(controller.isPromptPending)
    }

    @Test
    fun `backgrounded or windowless at the due time - no attempt, still pending, the next show asks`() {
        controller.onGameWon()
        controller.onCompletionScreenShown()
        app.screenState = ScreenState.CREATED
        mainThread.advanceBy(2_000L)
        assertEquals(emptyList<String>(), app.events)
        assertTrue(controller.isPromptPending)

        app.screenState = ScreenState.RESUMED
        app.hasWindow = false
        controller.onCompletionScreenShown()
        mainThread.advanceBy(2_000L)
        assertEquals(emptyList<String>(), app.events)

        app.hasWindow = true
        controller.onCompletionScreenShown()
        mainThread.advanceBy(2_000L)
        assertEquals(listOf("recordAttempt 20000 1.0.0", "launchReviewFlow"), app.events)
    }

    @Test
    fun `showing the screen twice posts one request`() {
        controller.onGameWon()
        controller.onCompletionScreenShown()
        mainThread.advanceBy(1_000L)
        controller.onCompletionScreenShown()
        mainThread.advanceBy(10_000L)
        assertEquals(listOf("recordAttempt 20000 1.0.0", "launchReviewFlow"), app.events)
    }

    @Test
    fun `a win below the threshold, or within the cooldown, does not make the prompt pending`() {
        app.wonGames = 0
        controller.onGameWon()
        controller.onCompletionScreenShown()
        assertFalse(controller.isPromptPending)
        assertFalse(controller.isRequestScheduled)

        app.wonGames = 10
        app.lastAttempt = 19_995L
        app.lastVersion = "0.9.0"
        controller.onGameWon()
        assertFalse(controller.isPromptPending)
        app.todayEpochDay = 20_002L
        controller.onGameWon()
        assertTrue(controller.isPromptPending)
    }
}
