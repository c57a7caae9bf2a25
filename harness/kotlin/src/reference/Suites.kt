package conform.reference

import conform.adapter.ConformAdapter
import conform.adapter.jsonOf

/** The version of the Kotlin reference and ports, reported in the hello. */
const val KOTLIN_HARNESS_VERSION = "0.1.0"

/** The functions under test. The reference uses the defaults; a port replaces one of them. */
class Implementation(
    val versions: VersionComparator = StoreVersionComparator,
    val eligibility: ReviewEligibility = ReviewPromptRules,
    val newScheduler: ReviewPromptSchedulerFactory = ::ReviewPromptScheduler,
    val lookupDecoder: AppStoreLookupDecoder = StrictLookupDecoder,
    val updateSchedule: UpdateNoticeSchedule = LocalDaySchedule,
    val widgetLocation: WidgetLocationPolicy = WidgetLocationGate,
    val draws: DrawRefreshing = LottoDrawRefresher,
    val newRestartPrompt: RestartPromptFactory = ::RestartPromptController
)

/** Registers every suite of the kit, mapping each case's input to [implementation]. */
fun ConformAdapter.registerSuites(implementation: Implementation): ConformAdapter = this
    .suite("eligibility") { input ->
        val config = input.fields("config")
        val threshold = config.long("winThreshold")
        val cooldown = config.long("cooldownDays")
        val wins = input.long("wonCompletionCount")
        // A count that does not fit an Int is outside the domain (spec 1.1.0, D10), before any rule.
        if (listOf(threshold, cooldown, wins).any { it !in 0L..Int.MAX_VALUE.toLong() }) {
            return@suite jsonOf("error" to "count-out-of-range")
        }
        val eligible = implementation.eligibility.shouldRequestReview(
            ReviewPromptConfig(threshold.toInt(), cooldown.toInt()),
            wonCompletionCount = wins.toInt(),
            lastAttemptEpochDay = input.optionalLong("lastAttemptEpochDay"),
            todayEpochDay = input.long("todayEpochDay"),
            lastPromptedVersion = input.optionalString("lastPromptedVersion"),
            currentVersion = input.string("currentVersion"),
            forceOverride = input.bool("forceOverride"))
        jsonOf("eligible" to eligible)
    }
    .suite("version-compare") { input ->
        jsonOf("newer" to implementation.versions.isNewerVersion(input.string("remote"), input.string("local")))
    }
    .suite("timeline") { input ->
        runTimeline(input, implementation.eligibility, implementation.newScheduler)
    }
    .suite("update-notice") { input ->
        val checker = UpdateNoticeChecker(implementation.lookupDecoder, implementation.versions, implementation.updateSchedule)
        runUpdateNotice(input, checker)
    }
    .suite("widget-location") { input -> runWidgetLocation(input, implementation.widgetLocation) }
    .suite("draw-freshness") { input -> runDrawFreshness(input, implementation.draws) }
    .suite("restart-prompt") { input -> runRestartPrompt(input, implementation.newRestartPrompt) }
