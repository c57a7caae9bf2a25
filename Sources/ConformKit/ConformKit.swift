// The kit as one import, for code that has always imported ConformKit (harness/examples, the
// Swift adapter's docs): every module cut from it, re-exported. Code in this package imports the
// modules it uses (Sources/MODULES.md). Written by harness/dev/split-modules.sh.
@_exported import ConformBundle
@_exported import ConformFixtures
@_exported import ConformFuzz
@_exported import ConformHarness
@_exported import ConformReport
@_exported import ConformResults
@_exported import ConformSuites
