#!/usr/bin/env bash
# Memory of the Release server as the kernel accounts it (/proc/PID/smaps_rollup): RSS, PSS and
# private (USS = Private_Clean + Private_Dirty) right after start, after a load run (wrk: creates,
# then reads of one trail and of list pages) and after it has been idle again; then the cold
# start time to the first answered /api/health (bench/first_answer.py, median of RUNS).
# usage: bench/memory.sh   (env: CAIRN=build/cairn DURATION=10s CONNECTIONS=8 THREADS=2 RUNS=10)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CAIRN=${CAIRN:-build/cairn}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-2}
RUNS=${RUNS:-10}
[[ -x $CAIRN ]] || { echo "build first: make build" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is needed (Debian package wrk, bench/packages.txt)" >&2; exit 1; }

# "RSS PSS USS" in MB for PID.
memory() {
  awk '/^Rss:/ {r=$2} /^Pss:/ {p=$2} /^Private_Clean:/ {c=$2} /^Private_Dirty:/ {d=$2}
       END {printf "%.1f %.1f %.1f", r/1024, p/1024, (c+d)/1024}' "/proc/$1/smaps_rollup"
}
row() { read -r rss pss uss <<<"$2"; printf '%-28s %8s %8s %8s\n' "$1" "$rss" "$pss" "$uss"; }

DATA=$(mktemp -d)
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
"$CAIRN" serve --http "127.0.0.1:$PORT" --dir "$DATA" 2>/dev/null &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$DATA"' EXIT
C=http://127.0.0.1:$PORT
for _ in $(seq 200); do curl -sf "$C/api/health" >/dev/null && break; sleep 0.05; done
sleep 1
AFTER_START=$(memory $PID)

curl -s -X PUT "$C/api/v1/user" -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password","passwordConfirm":"bench-password"}' >/dev/null
LOGIN=$(curl -s -X POST "$C/api/v1/auth/login" -H 'content-type: application/json' \
  -d '{"username":"bench","password":"bench-password"}')
TOKEN=$(python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])' <<<"$LOGIN")
USER_ID=$(python3 -c 'import json,sys;print(json.load(sys.stdin)["record"]["id"])' <<<"$LOGIN")
load() { wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$@" | awk '/Requests\/sec/ {printf "%s req/s", $2}'; }
echo "load: creates $(TOKEN=$TOKEN AUTHOR=$USER_ID METHOD=PUT load -s bench/create.lua "$C/api/v1/trail")" >&2
TRAIL=$(curl -s "$C/api/v1/trail?perPage=1" | python3 -c 'import json,sys;print(json.load(sys.stdin)["items"][0]["id"])')
TRAILS=$(curl -s "$C/api/v1/trail?perPage=1" | python3 -c 'import json,sys;print(json.load(sys.stdin)["totalItems"])')
echo "load: one trail $(load "$C/api/v1/trail/$TRAIL"), list pages $(load "$C/api/v1/trail?perPage=30")" >&2
AFTER_LOAD=$(memory $PID)
sleep 5
AFTER_IDLE=$(memory $PID)
PEAK=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$PID/status")

echo "cairn $("$CAIRN" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-28s %8s %8s %8s\n' "memory (MB)" RSS PSS USS
row "idle after start" "$AFTER_START"
row "after load ($TRAILS trails)" "$AFTER_LOAD"
row "idle 5 s after load" "$AFTER_IDLE"
echo "peak RSS (VmHWM): $PEAK MB"
python3 bench/first_answer.py "$CAIRN" "$RUNS"
