/// The version of this build of conform: the one place it is written.
///
/// `conform --version`, `--help`, results headers, the manifests and bundles it generates
/// (`generator.version`), HTML reports, the bench's header and the Swift model a team suite's
/// scaffold makes (`from:` this version) all read it. `harness/release.sh VERSION` reads this
/// file (the `current` line below, as it is written) and refuses to release any other version:
/// to release a new one, set it here, regenerate `fixtures/` (`conform generate --out fixtures`:
/// its manifest names this version), move CHANGELOG.md's Unreleased section, and commit.
/// semver: `MAJOR.MINOR.PATCH`, with an optional pre-release (`-rc.1`), no build metadata.
public enum ConformVersion {
  public static let current = "0.2.0"
}
