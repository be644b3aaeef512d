#!/usr/bin/env bash
# Refresh the lock files: the newest versions that pyproject.toml's ranges allow, pinned with
# the sha256 of every file PyPI has for them, for Python 3.11 on Linux x86_64 (CI's machine).
#   requirements/test.txt  everything .ci/run and the README's test command install
#   requirements/run.txt   what the README's main command installs: the same versions, less
#                          the test tools
# Both pin setuptools (requirements/build.in), the build backend of the editable install.
# Run scripts/drift.sh first to see what the new versions do; after this, run .ci/run and
# note the refresh and the drift verdict in CHANGELOG.md.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9  # the resolver is pinned too: the same inputs give the same lock
tools=$(mktemp -d /tmp/playbook-lock.XXXXXX)
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools"
"$tools/bin/pip" install -q "uv==$UV_VERSION"
target=(--python-version 3.11 --python-platform x86_64-unknown-linux-gnu --generate-hashes)
"$tools/bin/uv" pip compile -q "${target[@]}" --upgrade --extra test \
    pyproject.toml requirements/build.in -o requirements/test.txt
"$tools/bin/uv" pip compile -q "${target[@]}" -c requirements/test.txt \
    pyproject.toml requirements/build.in -o requirements/run.txt
grep -c '^[a-z]' requirements/test.txt requirements/run.txt | sed 's/:/: /; s/$/ packages pinned/'
