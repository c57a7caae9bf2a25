package conform.reference

import conform.adapter.Json
import conform.adapter.JsonFields
import conform.adapter.JsonShapeError
import conform.adapter.jsonOf

/** Runs one `restart-prompt` case (spec 1.0.0) against the controller made by [newController]. */
fun runRestartPrompt(input: JsonFields, newController: RestartPromptFactory): Json {
    input.rejectUnknown("start", "steps")
    val start = input.fields("start")
    start.rejectUnknown("installStatus")
    val play = SimulatedPlay(installStatus(start, "installStatus"), newController)
    val steps = input.objects("steps")
    if (steps.size > 10000) throw JsonShapeError(input.pathOf("steps"), "more than 10000 steps")
    for ((index, step) in steps.withIndex()) {
        play.step = index
        when (val op = step.string("op")) {
            "launch" -> play.launch()
            "answer" -> play.answer()
            "status" -> play.changeStatus(installStatus(step, "installStatus"))
            "dismiss" -> play.app?.onDismissed()
            "restart" -> play.restart()
            "kill" -> play.kill()
            else -> throw JsonShapeError(step.pathOf("op"), "unknown step \"$op\"")
        }
    }
    val prompt = play.app?.prompt ?: RestartPromptController.Prompt.NONE
    return jsonOf(
        "effects" to play.effects,
        "final" to jsonOf(
            "installStatus" to play.status.wire,
            "prompt" to prompt.name.toLowerCase(java.util.Locale.ROOT),
            "queryPending" to play.pendingQueries.isNotEmpty(),
            "running" to (play.app != null)))
}

private fun installStatus(fields: JsonFields, key: String): InstallStatus {
    val wire = fields.string(key)
    return InstallStatus.of(wire) ?: throw JsonShapeError(fields.pathOf(key), "unknown install status \"$wire\"")
}

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
