#!/usr/bin/env bash
# Run a command RUNS times in a row while BURNERS CPU-bound processes (default 2: as many as
# this project's machine has cores) run beside it, as on a busy CI machine; print each run's
# exit code and wall time, and exit non-zero if any run failed. The burners end with it.
#   scripts/under_load.sh 3 .venv/bin/python -m pytest -p no:cacheprovider
set -uo pipefail
runs=${1:?usage: scripts/under_load.sh RUNS COMMAND [ARGS...]}
shift
burners=()
for _ in $(seq "${BURNERS:-2}"); do
    python3 -c 'while True: pass' &
    burners+=($!)
done
trap 'kill "${burners[@]}" 2>/dev/null' EXIT
failed=0
for i in $(seq "$runs"); do
    start=$(date +%s)
    "$@"
    rc=$?
    [ "$rc" = 0 ] || failed=1
    echo "under load: run $i of $runs: exit $rc, $(($(date +%s) - start)) s wall, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
exit $failed
