package com.example.dailygame.conform

import conform.junit5.ConformBundleTests

/** Every case of the pinned conform bundle as a JUnit test named by its id, through [AppConformSuites]. */
class ConformBundleTest : ConformBundleTests()
