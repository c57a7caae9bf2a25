package com.example.rollout

import conform.adapter.ConformAdapter
import conform.adapter.jsonOf

/**
 * The reference model of suite rollout-bucket, behind the conform protocol (conform's Kotlin
 * adapter): `conform generate --suite rollout-bucket` asks it the output of every case the suite
 * states none for, and `conform fuzz --suite rollout-bucket` of every input it makes.
 */
fun main() {
    ConformAdapter(name = "rollout-bucket-model", version = "1.0.0")
        .suite("rollout-bucket") { input ->
            input.rejectUnknown("userId", "salt", "percent")
            val assignment = RolloutBucket.assign(input.string("userId"), input.string("salt"), input.long("percent"))
            if (assignment == null) {
                jsonOf("error" to "percent-out-of-range")
            } else {
                jsonOf("bucket" to assignment.bucket, "enabled" to assignment.enabled)
            }
        }
        .run()
}
