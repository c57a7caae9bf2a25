package com.example.dailygame.conform

import com.example.dailygame.review.MainThreadScheduler
import com.example.dailygame.review.ScheduledTask

/**
 * A [MainThreadScheduler] on a virtual clock, for tests and the conform adapter: no real time
 * passes, the test moves the clock, so every timeline has exactly one outcome.
 */
class VirtualMainThread : MainThreadScheduler {
    /** Virtual milliseconds since the timeline began. */
    var nowMillis = 0L
        private set

    /** Posted tasks by due time; tasks due at the same time run in the order they were posted. */
    private val queue = ArrayList<Posted>()

    private inner class Posted(val dueMillis: Long, private val task: (ScheduledTask) -> Unit) : ScheduledTask {
        override var isCancelled = false
            private set

        override fun cancel() {
            isCancelled = true
            queue.remove(this)
        }

        fun run() = task(this)
    }

    val hasPostedTasks: Boolean
        get() = queue.size > 0

    override fun postDelayed(delayMillis: Long, task: (ScheduledTask) -> Unit): ScheduledTask {
        require(delayMillis >= 0) { "a delay cannot be negative: $delayMillis ms" }
        // A due time past the Long range is never reached: it waits at Long.MAX_VALUE.
        val due = if (delayMillis > Long.MAX_VALUE - nowMillis) Long.MAX_VALUE else nowMillis + delayMillis
        val posted = Posted(due, task)
        var index = queue.size
        while (index > 0 && queue[index - 1].dueMillis > posted.dueMillis) index--
        queue.add(index, posted)
        return posted
    }

    /** Moves the clock [millis] forward, running each task that comes due on the way at its due time. */
    fun advanceBy(millis: Long) {
        require(millis >= 0) { "time cannot go back: $millis ms" }
        val target = Math.addExact(nowMillis, millis)
        while (queue.size > 0 && queue[0].dueMillis <= target) {
            val next = queue.removeAt(0)
            nowMillis = next.dueMillis
            next.run()
        }
        nowMillis = target
    }

    /**
     * The race of the review-prompt story: moves the clock to the next due time, takes the tasks
     * due then off the queue (their delays have elapsed), runs [meanwhile] (say, the screen is
     * left and cancels them), and only then runs the tasks. False, doing nothing, when no task
     * is posted.
     */
    fun elapseNextDelay(meanwhile: () -> Unit): Boolean {
        if (queue.size == 0) return false
        nowMillis = queue[0].dueMillis
        val due = ArrayList<Posted>()
        while (queue.size > 0 && queue[0].dueMillis == nowMillis) due.add(queue.removeAt(0))
        meanwhile()
        for (posted in due) posted.run()
        return true
    }
}
