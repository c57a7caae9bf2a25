package conform.port

import conform.reference.AppFacts
import conform.reference.ReviewEligibility
import conform.reference.ReviewPresenter
import conform.reference.ReviewPromptConfig
import conform.reference.ReviewPromptRepository
import conform.reference.ReviewPromptScheduler
import conform.reference.VirtualTimeScheduler

/**
 * `no-ensure-active`: the scheduled job trusts its delay to end on cancellation and does not
 * check again once it resumes, so a leave delivered after the delay returned still fires.
 */
class NoEnsureActive(
    config: ReviewPromptConfig,
    eligibility: ReviewEligibility,
    repository: ReviewPromptRepository,
    app: AppFacts,
    presenter: ReviewPresenter,
    scheduler: VirtualTimeScheduler
) : ReviewPromptScheduler(config, eligibility, repository, app, presenter, scheduler) {
    override fun screenDidShowCompletion() {
        if (!isPending || scheduledJob != null) return
        scheduledJob = scheduler.launchAfter(config.delayMs) {
            fire()
        }
    }
}
