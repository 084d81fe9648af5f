#!/usr/bin/env bash
# How long the whole test suite takes on a fresh clone: the figure docs/benchmarks.md quotes.
#
#     bash tools/suite_time.sh
#
# Clones this repository's HEAD (committed work only) into a temporary folder, runs
# `CI=true bash .ci/run` there (which sets up that clone's own .venv, then runs pytest), and
# prints one JSON object read from pytest's closing line: the tests passed, skipped, failed...
# and pytest's own seconds (the set-up of .venv is not counted). Everything the suite prints
# goes to stderr; the exit status is pytest's, so a failing suite is not taken for a figure.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$root" rev-parse HEAD)"
work="$(mktemp -d "${TMPDIR:-/tmp}/asobi-suite-XXXXXX")"
trap 'rm -rf "$work"' EXIT

git clone --quiet --no-checkout "$root" "$work/asobi" >&2
git -C "$work/asobi" checkout --quiet --detach "$commit" >&2

set +e
(cd "$work/asobi" && CI=true bash .ci/run) 2>&1 | tee "$work/log" >&2
status=${PIPESTATUS[0]}
set -e

python3 - "$work/log" "$commit" "$status" <<'EOF'
import json
import re
import sys

log, commit, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
closing = [line for line in open(log, encoding="utf-8", errors="replace")
           if re.search(r"\bin [\d.]+s\b", line) and re.search(r"\d+ (passed|failed)", line)]
if not closing:
    sys.exit("suite_time: pytest's closing line (N passed ... in S s) is not in its output")
line = closing[-1]
figures = {"commit": commit, "exit": status,
           "pytest_seconds": float(re.search(r"\bin ([\d.]+)s\b", line).group(1))}
for count, what in re.findall(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?)", line):
    figures["errors" if what.startswith("error") else what] = int(count)
print(json.dumps(figures))
EOF
exit "$status"
