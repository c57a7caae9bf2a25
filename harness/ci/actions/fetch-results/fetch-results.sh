#!/usr/bin/env bash
# The other codebase's newest results for the same bundle, for the drift job:
#
#   fetch-results.sh REPOSITORY BRANCH ARTIFACT DEST [CONFIG DIGEST]
#
# finds the newest unexpired artifact named ARTIFACT made by a run on BRANCH of REPOSITORY (the
# GitHub CLI, `gh`, with GH_TOKEN: a token with actions:read there) and downloads it into DEST.
# The artifact's name carries the bundle digest, so a side pinned to another bundle has none. Then,
# given CONFIG (the other repository's conform.json) and DIGEST (this side's, sha256-HEX), the
# other side's pin on BRANCH decides: the same bundle means it has not run on it yet, which is
# pending, not a finding (exit 0, found=false); another bundle fails, naming both pins. Without
# CONFIG, no results is a failure. Writes found=true|false to $GITHUB_OUTPUT when that is set.
# Exit status: 0 downloaded or pending, 1 no such results (another pin), 2 usage or no token.
set -euo pipefail

if [ $# -ne 4 ] && [ $# -ne 6 ]; then
  echo "usage: fetch-results.sh REPOSITORY BRANCH ARTIFACT DEST [CONFIG DIGEST]" >&2
  exit 2
fi
repository=$1 branch=$2 artifact=$3 dest=$4 config=${5:-} digest=${6:-}
found() { [ -z "${GITHUB_OUTPUT:-}" ] || echo "found=$1" >> "$GITHUB_OUTPUT"; }
if [ -z "${GH_TOKEN:-}" ]; then
  echo "fetch-results: no token to read $repository's artifacts: add a secret holding a token with actions:read on $repository (harness/ci/README.md, \"The token\")" >&2
  exit 2
fi
run_id=$(gh api --method GET "repos/$repository/actions/artifacts" -f name="$artifact" -f per_page=100 \
  --jq "[.artifacts[] | select(.expired | not) | select(.workflow_run.head_branch == \"$branch\")] | first | .workflow_run.id // empty")
if [ -n "$run_id" ]; then
  mkdir -p "$dest"
  gh run download "$run_id" --repo "$repository" --name "$artifact" --dir "$dest"
  echo "fetch-results: $artifact of $repository's run $run_id (on $branch) in $dest" >&2
  found true
  exit 0
fi
ours="sha256:${digest#sha256-}"
theirs=""
if [ -n "$config" ]; then
  theirs=$(gh api --method GET "repos/$repository/contents/$config" -f ref="$branch" --jq .content 2>/dev/null \
    | base64 -d 2>/dev/null | jq -r '.bundle.digest // empty' 2>/dev/null) || theirs=""
fi
if [ -n "$config" ] && [ "$theirs" = "$ours" ]; then
  echo "::notice::$repository pins the same bundle ($ours) on $branch and has no results on it yet: the drift check is pending, and runs in $repository's drift job when its gate has run on $branch"
  echo "fetch-results: pending: $repository pins the same bundle on $branch and has not run on it yet" >&2
  found false
  exit 0
fi
if [ -n "$theirs" ]; then
  echo "fetch-results: the two sides pin different bundles: this side $ours, $repository's $config on $branch $theirs. Re-pin both to the same bundle (conform pin URL), in pull requests that land together" >&2
else
  echo "fetch-results: $repository has no results $artifact from a run on $branch: it pins another bundle, or has not run on this one yet. Pin the same bundle on both sides, and let $repository's gate run on $branch" >&2
fi
found false
exit 1
