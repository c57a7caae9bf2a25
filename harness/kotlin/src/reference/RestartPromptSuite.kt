package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.jsonOf

/** Why a well-formed case is outside the suite's domain (spec D13), with its `error` reason. */
class RestartPromptRefusal(val reason: String) : Exception(reason)

/** Runs one `restart-prompt` case (spec 1.2.0) against the controller made by [newController]. */
fun runRestartPrompt(input: JsonFields, newController: RestartPromptFactory): Json {
    input.rejectUnknown("start", "steps")
    val start = input.fields("start")
    start.rejectUnknown("installStatus")
    val steps = input.objects("steps")
    val play = try {
        // The spec's order: the count, the start, then each step; the first refusal answers.
        if (steps.size > 10000) throw RestartPromptRefusal("too-many-steps")
        val play = SimulatedPlay(installStatus(start, "installStatus"), newController)
        val actions = steps.map { step -> readStep(step) }
        for ((index, action) in actions.withIndex()) {
            play.step = index
            action(play)
        }
        play
    } catch (refusal: RestartPromptRefusal) {
        return jsonOf("error" to refusal.reason)
    }
    // A process that ended shows nothing: no app, no prompt (D12).
    val prompt = play.app?.prompt ?: RestartPromptController.Prompt.NONE
    return jsonOf(
        "effects" to play.effects,
        "final" to jsonOf(
            "installStatus" to play.status.wire,
            "prompt" to prompt.name.lowercase(),
            "queryPending" to play.pendingQueries.isNotEmpty(),
            "running" to (play.app != null)))
}

/** One step, read before any is played, so that a refused case plays nothing. */
private fun readStep(step: JsonFields): (SimulatedPlay) -> Unit = when (step.string("op")) {
    "launch" -> { play -> play.launch() }
    "answer" -> { play -> play.answer() }
    "status" -> installStatus(step, "installStatus").let { status -> { play: SimulatedPlay -> play.changeStatus(status) } }
    "dismiss" -> { play -> play.app?.onDismissed() }
    "restart" -> { play -> play.restart() }
    "kill" -> { play -> play.kill() }
    else -> throw RestartPromptRefusal("unknown-step")
}

private fun installStatus(fields: JsonFields, key: String): InstallStatus =
    InstallStatus.of(fields.string(key)) ?: throw RestartPromptRefusal("unknown-install-status")

/**
 * Play's side and the device: the install status outlives the app's process; the listener and
 * the pending query belong to the process and die with it.
 */
class SimulatedPlay(var status: InstallStatus, private val newController: RestartPromptFactory) :
    AppUpdateManager, RestartSnackbar, Preferences {
    var app: RestartPromptController? = null
    var step = 0
    val effects = ArrayList<Json>()
    val pendingQueries = ArrayList<(InstallStatus) -> Unit>()
    private val listeners = ArrayList<(InstallStatus) -> Unit>()
    private val stored = HashMap<String, Boolean>()
    private var completeRequested = false

    fun launch() {
        if (app != null) return
        val started = newController(this, this, this)
        app = started
        started.onLaunch()
    }

    fun answer() {
        if (pendingQueries.isEmpty()) return
        pendingQueries.removeAt(0)(status)
    }

    fun changeStatus(new: InstallStatus) {
        status = new
        for (listener in ArrayList(listeners)) listener(new)
    }

    fun restart() {
        app?.onRestartTapped()
        if (completeRequested) {
            completeRequested = false
            status = InstallStatus.INSTALLED
            kill()
        }
    }

    fun kill() {
        app = null
        listeners.clear()
        pendingQueries.clear()
    }

    override fun requestAppUpdateInfo(onSuccess: (InstallStatus) -> Unit) { pendingQueries.add(onSuccess) }
    override fun registerListener(listener: (InstallStatus) -> Unit) { listeners.add(listener) }
    override fun completeUpdate() {
        effects.add(jsonOf("effect" to "completeUpdate", "step" to step))
        completeRequested = true
    }
    override fun show() { effects.add(jsonOf("effect" to "showPrompt", "step" to step)) }
    override fun hide() { effects.add(jsonOf("effect" to "hidePrompt", "step" to step)) }
    override fun getBoolean(key: String): Boolean = stored[key] ?: false
    override fun putBoolean(key: String, value: Boolean) { stored[key] = value }
}
