#!/usr/bin/env bash
# Drift check, on purpose: install the newest versions that pyproject.toml's ranges allow (not
# the lock) in a venv of its own, say which differ from requirements/test.txt, and run the
# checks and the whole test suite on them, as .ci/run does. Exit 0 when all pass: the lock may
# be refreshed (scripts/lock.sh) with nothing else to change. Nothing outside the temporary
# venv is installed or changed (the lock stays as it is).
set -uo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d /tmp/playbook-drift.XXXXXX)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade --upgrade-strategy eager -e '.[test]' -r requirements/build.in 2>&1 |
    grep -v "is ignored: it is neither a file nor a directory" || true
"$venv/bin/python" - <<'PY'
import re
from importlib import metadata
locked = dict(re.findall(r"^([a-z0-9._-]+)==(\S+)", open("requirements/test.txt").read(), re.M))
norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
now = {norm(d.metadata["Name"]): d.version for d in metadata.distributions()}
diff = [(n, v, now.get(norm(n), "absent")) for n, v in sorted(locked.items()) if now.get(norm(n)) != v]
extra = sorted(set(now) - {norm(n) for n in locked} - {"pip", "playbook"})
print(f"drift: {len(diff)} of {len(locked)} locked packages differ from the newest allowed")
for n, v, w in diff:
    print(f"  {n}: locked {v}, newest {w}")
for n in extra:
    print(f"  {n}: not in the lock, newest {now[n]}")
PY
status=0
run() { echo "drift: $*"; "$@" || status=1; }
run "$venv/bin/ruff" check --no-cache .
run "$venv/bin/ruff" format --no-cache --check .
run "$venv/bin/mypy" --cache-dir "$venv/mypy-cache" playbook
run "$venv/bin/lint-imports" --no-cache
run "$venv/bin/python" -m pytest -p no:cacheprovider
echo "drift: $([ $status = 0 ] && echo 'all checks pass on the newest versions' || echo 'FAILED on the newest versions')"
exit $status
