package conform.port

import conform.reference.Implementation

/** Every drifting port, by the name the harness and the kill-rate report use. */
val mutants: Map<String, Implementation> = linkedMapOf(
    "split-keeps-empty" to Implementation(versions = SplitKeepsEmpty),
    "unicode-digits" to Implementation(versions = UnicodeDigits),
    "int32-parts" to Implementation(versions = Int32Parts),
    "lexicographic" to Implementation(versions = Lexicographic),
    "day-overflow-wraps" to Implementation(eligibility = DayOverflowWraps),
    "force-override-last" to Implementation(eligibility = ForceOverrideLast),
    "leading-number" to Implementation(versions = LeadingNumber),
    "no-ensure-active" to Implementation(newScheduler = ::NoEnsureActive),
    "gson-lenient-lookup" to Implementation(lookupDecoder = GsonLenientLookup),
    "lenient-framing" to Implementation(lookupDecoder = LenientFraming),
    "int32-track-id" to Implementation(lookupDecoder = Int32TrackId),
    "waits-for-timeout" to Implementation(widgetLocation = WaitsForTimeout),
    "widget-flag-alone" to Implementation(widgetLocation = WidgetFlagAlone),
    "calendar-weekday" to Implementation(draws = CalendarWeekday),
    "zero-numbers" to Implementation(draws = ZeroNumbers),
    "listener-only" to Implementation(newRestartPrompt = ::ListenerOnly),
    "prompt-every-callback" to Implementation(newRestartPrompt = ::PromptEveryCallback)
)
