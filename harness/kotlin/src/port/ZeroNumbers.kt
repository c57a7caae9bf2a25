package conform.port

import conform.reference.DrawRefreshing
import conform.reference.LottoDraw

/**
 * `zero-numbers`: the content check counts the numbers but never reads them. Gson fills the
 * API's missing `drwtNo1`..`drwtNo6` and `bnusNo` Int fields with 0, so an empty round decodes
 * as six zeros and replaces the cache.
 */
object ZeroNumbers : DrawRefreshing {
    override fun hasContent(draw: LottoDraw): Boolean =
        draw.numbers.size == 6 && draw.bonus != null && draw.stores.isNotEmpty()
}
