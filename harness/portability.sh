#!/usr/bin/env bash
# Fails when an operating-system call that only builds on Linux (or only on one system) appears in
# Sources/ outside Sources/ConformPlatform, the kit's platform layer: each finding is printed as
# `file:line: error: what: use what instead`, and the script exits 1. Exit 0 when there is none.
#
#   harness/portability.sh               checks this checkout's Sources/
#   harness/portability.sh DIR           checks DIR (a Sources folder, or a copy of one)
#
# It reads the text (comment lines aside): Foundation on Linux re-exports Glibc, so the compiler
# here cannot tell a call that macOS lacks. .ci/run runs it first.
set -euo pipefail

sources=${1:-"$(dirname "$0")/../Sources"}
[ -d "$sources" ] || { echo "portability: no folder $sources" >&2; exit 2; }
cd "$sources/.."
name=$(basename "$sources")

# pattern (grep -E) <tab> what to use instead
rules=$(cat <<'RULES'
import[[:space:]]+(Glibc|Musl|Darwin)\b	import ConformPlatform and call its API (Spawn, Signals, Descriptors, Host, SystemIO)
\b(Glibc|Musl|Darwin)\.	a ConformPlatform call (SystemIO.read and SystemIO.writeAll for raw IO)
/proc/	Host.executablePath, Host.peakMemoryKilobytes(of:) or Host.cpuModel (ConformPlatform)
\bposix_spawn	Spawn.start (ConformPlatform: on Darwin the attribute types are opaque pointers)
\b(waitpid|waitid|wait4)\(	Spawn.wait or Spawn.hasExited (ConformPlatform)
\bkill\([^)]*,	Spawn.signal or Spawn.signalGroup (ConformPlatform)
\bsignal\(SIG	Signals.ignore (ConformPlatform)
\b(sigaction|pthread_sigmask)\b|__sigaction	Signals.handle or Signals.unblock (ConformPlatform: the handler field differs on Darwin)
\bFIONREAD\b	Descriptors.unreadBytes (ConformPlatform: Darwin does not import FIONREAD)
\bF_DUPFD_CLOEXEC\b|\bpipe\(&	Descriptors.pipe (ConformPlatform)
\b(_NSGetExecutablePath|sysctlbyname|proc_pid_rusage|getrusage)\b	Host (ConformPlatform)
\bst_mtim(espec)?\b|#if[[:space:]]+canImport\((Glibc|Musl|Darwin)\)	a ConformPlatform call (Descriptors.identity for fstat; the layer holds every per-system branch)
RULES
)

found=0
while IFS=$'\t' read -r pattern advice; do
  while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    location=${hit%%:*}:$(cut -d: -f2 <<<"$hit")
    text=${hit#*:*:}
    # Comment lines name the calls they describe; only code counts.
    [[ $text =~ ^[[:space:]]*// ]] && continue
    match=$(grep -oE -- "$pattern" <<<"$text" | head -1)
    echo "$location: error: $match is not portable outside Sources/ConformPlatform: use $advice"
    found=1
  done < <(grep -rnE --include='*.swift' --exclude-dir=ConformPlatform -- "$pattern" "$name" || true)
done <<<"$rules"

if [ "$found" -ne 0 ]; then
  echo "portability: Linux-only or system-specific calls outside Sources/ConformPlatform (see above)" >&2
  exit 1
fi
echo "portability: no system-specific call outside $name/ConformPlatform"
