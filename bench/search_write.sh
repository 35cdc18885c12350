#!/usr/bin/env bash
# What keeping the search index up to date costs a trail create: PUT /api/v1/trail with real-shaped
# text (bench/search_create.lua) on the same binary, once as shipped and once on a data dir whose
# search-index triggers were dropped (the only difference), alternating ROUNDS times.
#
# usage: make build && bench/search_write.sh
#   env: DURATION=10s CONNECTIONS=4 THREADS=2 ROUNDS=3
#        MODE=json    PUT /trail with a JSON body (the cheapest create there is)
#        MODE=upload  PUT /trail/upload of a 3 600-point GPX (bench/make_gpx.py), as most trails come
#        PIN=1        the server on the first core, wrk on the second (taskset), so each run measures
#                     the server's own work per create and not who got the cores; 0: unpinned
# output: requests/s of each run and the median cost in per cent of create throughput.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-4}
THREADS=${THREADS:-2}
ROUNDS=${ROUNDS:-3}
PIN=${PIN:-1}
SERVER_CPU=() CLIENT_CPU=()
if [ "$PIN" = 1 ] && [ "$(nproc)" -ge 2 ]; then SERVER_CPU=(taskset -c 0) CLIENT_CPU=(taskset -c 1); fi
MODE=${MODE:-json}
GPX=$(mktemp --suffix=.gpx)
trap 'rm -f "$GPX"' EXIT
python3 bench/make_gpx.py 3600 "$GPX"

TRIGGERS="trails_search_insert trails_search_update trails_search_delete"

# run_once MODE: a fresh server (MODE with|without the index triggers); prints requests/s.
run_once() {
  local mode=$1 dir port pid user token
  dir=$(mktemp -d)
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  "${SERVER_CPU[@]}" build/cairn serve --http "127.0.0.1:$port" --dir "$dir" 2>/dev/null &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
  if [ "$mode" = without ]; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
    for t in $TRIGGERS; do sqlite3 "$dir/data.db" "DROP TRIGGER $t"; done
    "${SERVER_CPU[@]}" build/cairn serve --http "127.0.0.1:$port" --dir "$dir" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
  fi
  local api=http://127.0.0.1:$port/api/v1
  curl -s -X PUT "$api/user" -H 'Content-Type: application/json' \
    -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
  read -r user token < <(curl -s -X POST "$api/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"bench-pass"}' |
    python3 -c 'import json,sys;d=json.load(sys.stdin);print(d["record"]["id"],d["token"])')
  if [ "$MODE" = upload ]; then
    TOKEN=$token GPX=$GPX "${CLIENT_CPU[@]}" wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" \
      -s bench/search_upload.lua "$api/trail/upload?ignoreDuplicates=true" |
      awk '/Requests\/sec/ {print $2}'
  else
    TOKEN=$token AUTHOR=$user "${CLIENT_CPU[@]}" wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" \
      -s bench/search_create.lua "$api/trail" | awk '/Requests\/sec/ {print $2}'
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}

with=() without=()
for round in $(seq "$ROUNDS"); do
  with+=("$(run_once with)")
  without+=("$(run_once without)")
  echo "round $round: with index ${with[-1]} req/s, without ${without[-1]} req/s" >&2
done
python3 - "${with[*]}" "${without[*]}" <<'PY'
import statistics, sys
w = [float(x) for x in sys.argv[1].split()]
wo = [float(x) for x in sys.argv[2].split()]
mw, mwo = statistics.median(w), statistics.median(wo)
print(f"mode {__import__('os').environ.get('MODE', 'json')}")
print(f"PUT /trail with the search index:    {mw:8.0f} req/s (runs: {', '.join(f'{x:.0f}' for x in w)})")
print(f"PUT /trail without its triggers:     {mwo:8.0f} req/s (runs: {', '.join(f'{x:.0f}' for x in wo)})")
print(f"cost of the index: {100 * (1 - mw / mwo):.1f} % of create throughput")
PY
