package conform.reference

import java.util.concurrent.CancellationException

/**
 * A job on the [VirtualTimeScheduler], the analogue of a coroutine `Job`: cancelling it sets a
 * flag; the job's code checks it with [ensureActive], as `CoroutineScope.ensureActive()` does.
 */
class VirtualJob internal constructor(private val scheduler: VirtualTimeScheduler) {
    var isCancelled = false
        private set

    val isActive: Boolean get() = !isCancelled

    /** Cancels the job. While it still waits, its delay ends with a cancellation and its body never runs. */
    fun cancel() {
        if (isCancelled) return
        isCancelled = true
        scheduler.forget(this)
    }

    /** Throws [CancellationException] when the job was cancelled, which ends it quietly. */
    fun ensureActive() {
        if (isCancelled) throw CancellationException("the job was cancelled")
    }
}

/**
 * A single-threaded scheduler over a virtual clock: no real time passes, so every run of a
 * timeline has exactly one outcome (the role `TestCoroutineScheduler` plays in an app's tests).
 */
class VirtualTimeScheduler {
    /** The virtual time, in milliseconds since the timeline began. */
    var now = 0L
        private set

    private class Sleeper(val due: Long, val job: VirtualJob, val body: VirtualJob.() -> Unit)

    /** The waiting jobs, by due time, first scheduled first on ties. */
    private val sleepers = ArrayList<Sleeper>()

    /**
     * Starts a job that waits [delayMs] and then runs [body]: `launch { delay(delayMs); body() }`.
     * A cancel before the delay returns drops the body, as `delay` throwing would.
     */
    fun launchAfter(delayMs: Long, body: VirtualJob.() -> Unit): VirtualJob {
        require(delayMs >= 0) { "a delay cannot be negative: $delayMs ms" }
        val job = VirtualJob(this)
        val sleeper = Sleeper(Math.addExact(now, delayMs), job, body)
        var position = sleepers.size
        while (position > 0 && sleepers[position - 1].due > sleeper.due) position--
        sleepers.add(position, sleeper)
        return job
    }

    /** Moves the clock forward [ms], running each job due on the way at its own due time. */
    fun advanceBy(ms: Long) {
        require(ms >= 0) { "time cannot go back: $ms ms" }
        val target = Math.addExact(now, ms)
        while (sleepers.size > 0 && sleepers[0].due <= target) {
            val sleeper = sleepers.removeAt(0)
            now = sleeper.due
            resume(sleeper)
        }
        now = target
    }

    /**
     * The race of the review-prompt story: moves the clock to the next due time, lets the delays
     * due then return normally, runs [beforeResume] (a cancel delivered from elsewhere), and only
     * then resumes the jobs. False, with nothing done, when no job waits.
     */
    fun advanceToNextDue(beforeResume: () -> Unit): Boolean {
        if (sleepers.size == 0) return false
        now = sleepers[0].due
        val returned = ArrayList<Sleeper>()
        while (sleepers.size > 0 && sleepers[0].due == now) returned.add(sleepers.removeAt(0))
        beforeResume()
        returned.forEach(::resume)
        return true
    }

    internal fun forget(job: VirtualJob) {
        sleepers.removeAll { it.job === job }
    }

    private fun resume(sleeper: Sleeper) {
        try {
            sleeper.body(sleeper.job)
        } catch (cancelled: CancellationException) {
            // The job ends cancelled, as a coroutine does.
        }
    }
}
