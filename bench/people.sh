#!/usr/bin/env bash
# Profiles and the feed at scale: USERS users, TRAILS trails and FOLLOWS accepted follows per user
# (bench/people_seed.cpp writes them into a stopped data dir), then p50/p99 of
# GET /profile/{handle}/stats (random users, as a signed-in stranger) and of GET /feed (the bench
# user's first page), each with wrk --latency, and of GET /feed right after a write (its counts
# computed again) one request at a time.
# Then what keeping the statistics costs a trail create: PUT /trail with a date and a start
# (bench/people_create.lua) on fresh data dirs of the same binary, as shipped and with the
# statistics triggers dropped (the only difference), alternating ROUNDS times.
#
# usage: bench/people.sh
#   env: BUILD=build-cc USERS=1000 TRAILS=100000 FOLLOWS=200 DURATION=10s CONNECTIONS=2 ROUNDS=3
#        FEED_WRITES=200  PART=create  only the create cost (no seeded archive)
#        PIN=1  the server on the first core, wrk on the second (taskset)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build-cc}
USERS=${USERS:-1000}
TRAILS=${TRAILS:-100000}
FOLLOWS=${FOLLOWS:-200}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-2}
ROUNDS=${ROUNDS:-3}
PIN=${PIN:-1}
SERVER_CPU=() CLIENT_CPU=()
if [ "$PIN" = 1 ] && [ "$(nproc)" -ge 2 ]; then SERVER_CPU=(taskset -c 0) CLIENT_CPU=(taskset -c 1); fi
cmake --build "$BUILD" --target cairn cairn_people_seed -j2 >/dev/null
CAIRN=$BUILD/cairn
SEED=$BUILD/bench/cairn_people_seed
TRIGGERS="user_activities_trails_insert user_activities_trails_update user_activities_trails_delete
  user_activities_summit_logs_insert user_activities_summit_logs_update
  user_activities_summit_logs_delete"

PID=""
DIRS=()
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "${DIRS[@]}"' EXIT

# serve DIR PORT: starts the server and waits for it.
serve() {
  "${SERVER_CPU[@]}" "$CAIRN" serve --http "127.0.0.1:$2" --dir "$1" 2>/dev/null &
  PID=$!
  for _ in $(seq 300); do curl -sf "http://127.0.0.1:$2/api/health" >/dev/null && return; sleep 0.1; done
  echo "server did not start" >&2; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""; }
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
# sign_up API: the bench user; prints "id token".
sign_up() {
  curl -s -X PUT "$1/user" -H 'Content-Type: application/json' \
    -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
  curl -s -X POST "$1/auth/login" -H 'Content-Type: application/json' \
    -d '{"username":"bench","password":"bench-pass"}' |
    python3 -c 'import json,sys;d=json.load(sys.stdin);print(d["record"]["id"],d["token"])'
}
# latency SCRIPT_OR_URL...: wrk --latency; prints "p50 p99" in ms.
latency() {
  "${CLIENT_CPU[@]}" wrk --latency -t 1 -c "$CONNECTIONS" -d "$DURATION" "$@" | python3 -c '
import re, sys
text = sys.stdin.read()
def ms(p):
    m = re.search(r"^\s*" + str(p) + r"%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    v, u = float(m.group(1)), m.group(2)
    return v / 1000 if u == "us" else v * 1000 if u == "s" else v
rps = re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)
print(f"{ms(50):.2f} {ms(99):.2f} {rps}")'
}

# 1. The seeded archive (PART=create skips to 2).
if [ "${PART:-all}" != create ]; then
DIR=$(mktemp -d); DIRS+=("$DIR")
PORT=$(free_port)
API=http://127.0.0.1:$PORT/api/v1
serve "$DIR" "$PORT"
read -r BENCH TOKEN < <(sign_up "$API")
stop
start=$(date +%s)
"$SEED" --dir "$DIR" --bench "$BENCH" --users "$USERS" --trails "$TRAILS" --follows "$FOLLOWS"
echo "seeded $TRAILS trails, $USERS users, $FOLLOWS follows each in $(( $(date +%s) - start )) s" \
  "($(du -sh "$DIR/data.db" | cut -f1))" >&2
serve "$DIR" "$PORT"
curl -sf "$API/profile/@u00001/stats" -H "Authorization: Bearer $TOKEN" >/dev/null
read -r s50 s99 srps < <(USERS=$USERS TOKEN=$TOKEN latency -s bench/people_stats.lua "$API")
echo "GET /profile/{handle}/stats: p50 $s50 ms, p99 $s99 ms ($srps req/s, $CONNECTIONS connections)"
read -r f50 f99 frps < <(latency -H "Authorization: Bearer $TOKEN" "$API/feed?page=1&perPage=10")
echo "GET /feed: p50 $f50 ms, p99 $f99 ms ($frps req/s, $CONNECTIONS connections)"
# The counts behind totalItems are remembered until the next write: the first page again right
# after each of FEED_WRITES trail creates by the reader, one at a time.
"${CLIENT_CPU[@]}" python3 - "$API" "$TOKEN" "$BENCH" "${FEED_WRITES:-200}" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
api, token, bench, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
url = urllib.parse.urlparse(api)
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
times = []
for i in range(rounds):
    conn.request("PUT", url.path + "/trail", json.dumps({"name": f"w{i}", "author": bench}), headers)
    conn.getresponse().read()
    start = time.perf_counter()
    conn.request("GET", url.path + "/feed?page=1&perPage=10", headers=headers)
    answer = conn.getresponse()
    answer.read()
    times.append((time.perf_counter() - start) * 1000)
    assert answer.status == 200, answer.status
times.sort()
p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
print(f"GET /feed right after a write: p50 {statistics.median(times):.2f} ms, p99 {p99:.2f} ms "
      f"({rounds} writes, one at a time)")
PY
stop
fi

# 2. The cost of the statistics' upkeep on create.
# create_rate with|without: "requests/s cpu_us" of PUT /trail on a fresh data dir, cpu_us being
# the server's CPU time (user + system, /proc) per answered create: throughput on a shared
# 2-core machine swings by a fifth between runs, CPU time per request much less.
create_rate() {
  local dir port api user token before after out requests
  dir=$(mktemp -d); DIRS+=("$dir")
  port=$(free_port)
  api=http://127.0.0.1:$port/api/v1
  serve "$dir" "$port"
  read -r user token < <(sign_up "$api")
  if [ "$1" = without ]; then
    stop
    for t in $TRIGGERS; do sqlite3 "$dir/data.db" "DROP TRIGGER $t"; done
    serve "$dir" "$port"
  fi
  before=$(awk '{print $14 + $15}' "/proc/$PID/stat")
  out=$(TOKEN=$token AUTHOR=$user "${CLIENT_CPU[@]}" wrk -t 1 -c 4 -d "$DURATION" \
    -s bench/people_create.lua "$api/trail")
  after=$(awk '{print $14 + $15}' "/proc/$PID/stat")
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  echo "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
    "$(( (after - before) * 1000000 / $(getconf CLK_TCK) / requests ))"
  stop
  rm -rf "$dir"
}
with=() without=() with_cpu=() without_cpu=()
for round in $(seq "$ROUNDS"); do
  # Alternating which goes first, so neither always meets a warmer or colder machine.
  if (( round % 2 )); then order="with without"; else order="without with"; fi
  for variant in $order; do
    read -r rate cpu < <(create_rate "$variant")
    if [ "$variant" = with ]; then with+=("$rate"); with_cpu+=("$cpu");
    else without+=("$rate"); without_cpu+=("$cpu"); fi
  done
  echo "round $round: with statistics ${with[-1]} req/s (${with_cpu[-1]} us CPU each)," \
    "without ${without[-1]} req/s (${without_cpu[-1]} us)" >&2
done
python3 - "${with[*]}" "${without[*]}" "${with_cpu[*]}" "${without_cpu[*]}" <<'PY'
import statistics, sys
w, wo, wc, woc = ([float(x) for x in arg.split()] for arg in sys.argv[1:5])
mw, mwo = statistics.median(w), statistics.median(wo)
mwc, mwoc = statistics.median(wc), statistics.median(woc)
print(f"PUT /trail with the statistics' upkeep: {mw:8.0f} req/s (runs: {', '.join(f'{x:.0f}' for x in w)}), "
      f"{mwc:.0f} us server CPU each")
print(f"PUT /trail without its triggers:        {mwo:8.0f} req/s (runs: {', '.join(f'{x:.0f}' for x in wo)}), "
      f"{mwoc:.0f} us server CPU each")
print(f"cost of the statistics: {100 * (1 - mw / mwo):.1f} % of create throughput (ratio {mwo / mw:.3f}); "
      f"{100 * (mwc / mwoc - 1):.1f} % more server CPU per create")
PY
