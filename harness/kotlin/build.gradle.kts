// A Gradle module (Kotlin DSL) for an Android app's build: it compiles the same sources as
// jars.sh, the adapter (src/adapter, package conform.adapter) and the JUnit 5 bundle test library
// (src/junit5, package conform.junit5), into one JVM library, and runs the library's own tests
// (src/junit5-test). In the app's settings.gradle.kts:
//
//     include(":conform")
//     project(":conform").projectDir = file("third_party/conform/harness/kotlin")
//
// and in the app module: testImplementation(project(":conform")). README.md, "In an Android app's
// Gradle module", has the rest. No Gradle runs on the machine that tests conform: this file was
// written from Gradle's documentation and has never been run; jars.sh builds the same sources with
// the same compiler options.
plugins {
    // No version: an Android build already has the Kotlin Gradle plugin (2.x) on its classpath, and
    // Gradle refuses a second version. Built alone, give one: kotlin("jvm") version "2.1.21".
    kotlin("jvm")
    `java-library`
}

group = "conform"
version = "0.2.0"

repositories {
    mavenCentral()
}

dependencies {
    api("org.junit.jupiter:junit-jupiter-api:5.9.2") // ConformBundleTests is a @TestFactory base class
    testImplementation("org.junit.jupiter:junit-jupiter-engine:5.9.2")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher:1.9.2")
}

kotlin {
    sourceSets["main"].kotlin.srcDirs("src/adapter", "src/junit5")
    sourceSets["test"].kotlin.srcDirs("src/junit5-test")
    compilerOptions {
        // As jars.sh: readable by a team's Kotlin 2.0 or later, JVM 1.8 class files, no warning left.
        languageVersion.set(org.jetbrains.kotlin.gradle.dsl.KotlinVersion.KOTLIN_2_1)
        apiVersion.set(org.jetbrains.kotlin.gradle.dsl.KotlinVersion.KOTLIN_2_1)
        jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_1_8)
        allWarningsAsErrors.set(true)
    }
}

java {
    sourceCompatibility = JavaVersion.VERSION_1_8
    targetCompatibility = JavaVersion.VERSION_1_8
}

tasks.test {
    useJUnitPlatform()
    environment("CONFORM_FIXTURES", "") // the library's own tests run without a bundle
}
