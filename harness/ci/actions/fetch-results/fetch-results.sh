#!/usr/bin/env bash
# The other codebase's newest results for the same bundle, for the drift job:
#
#   fetch-results.sh REPOSITORY BRANCH ARTIFACT DEST
#
# finds the newest unexpired artifact named ARTIFACT made by a run on BRANCH of REPOSITORY (the
# GitHub CLI, `gh`, with GH_TOKEN: a token with actions:read there) and downloads it into DEST.
# The artifact's name carries the bundle digest, so a side pinned to another bundle has none:
# that is a failure, naming what to do, never a comparison of runs on different fixtures.
# Exit status: 0 downloaded, 1 no such results, 2 usage or no token.
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: fetch-results.sh REPOSITORY BRANCH ARTIFACT DEST" >&2
  exit 2
fi
repository=$1 branch=$2 artifact=$3 dest=$4
if [ -z "${GH_TOKEN:-}" ]; then
  echo "fetch-results: no token to read $repository's artifacts: add a secret holding a token with actions:read on $repository (harness/ci/README.md, \"The token\")" >&2
  exit 2
fi
run_id=$(gh api --method GET "repos/$repository/actions/artifacts" -f name="$artifact" -f per_page=100 \
  --jq "[.artifacts[] | select(.expired | not) | select(.workflow_run.head_branch == \"$branch\")] | first | .workflow_run.id // empty")
if [ -z "$run_id" ]; then
  echo "fetch-results: $repository has no results $artifact from a run on $branch: it pins another bundle, or has not run on this one yet. Pin the same bundle on both sides, and let $repository's gate run on $branch" >&2
  exit 1
fi
mkdir -p "$dest"
gh run download "$run_id" --repo "$repository" --name "$artifact" --dir "$dest"
echo "fetch-results: $artifact of $repository's run $run_id (on $branch) in $dest" >&2
