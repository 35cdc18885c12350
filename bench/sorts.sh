#!/usr/bin/env bash
# The trail list page (GET …?perPage=30) in every sort order of the web app's trails screen, for an
# anonymous visitor and for a signed-in user, Cairn vs PocketBase 0.22.20 (npm), measured with wrk.
#
# usage: make build && bench/sorts.sh
#   env: TRAILS=10000 DURATION=5s CONNECTIONS=16 THREADS=2 PER_PAGE=30
#        ORDERS="-created created -date name -distance -elevation_gain"
#        PARAMS=''          extra query string for both servers, e.g. '&skipTotal=1' or '&expand=author'
#        ANALYZE=1          0: no ANALYZE after seeding
#        MIRROR_INDEXES=1   0: PocketBase keeps only bench/run.sh's indexes (author), (public, author)
#        PB_SHARES=like     how PocketBase's rule says "shared with the user" (see below):
#                           like | field | collection
#        KEEP=0             1: keep both data dirs (paths printed at the end) to look at afterwards
# output: a Markdown table on stdout and in bench/out/sorts/table.md; every wrk run in
#         bench/out/sorts/wrk.log; the servers' logs beside them. About 3 minutes at 10 000 trails
#         (seeding takes seconds; 24 wrk runs of DURATION).
#
# Data (both servers get the same rows, same ids):
#   - Two users on each server, `bench` (the signed-in user) and `other`, created through the APIs.
#   - TRAILS trails written straight into each data.db while the server is stopped, by
#     bench/sorts_seed.py (the HTTP APIs cannot set `created`; this takes seconds): half
#     public; `bench` owns half (half of those public), `other` the rest; created rising with
#     insertion order over three years; date, name, distance and elevation_gain each a
#     different permutation, so every sort key is unique and both servers must put the same trail
#     first. Then `PRAGMA analysis_limit=400; ANALYZE` on both files, which is what Cairn runs
#     itself after every 1000 writes (storage/database.cpp), so the planner has statistics as it
#     would after seeding through the API. Cairn's search-index triggers run on the insert
#     (the seeder registers stand-ins for Cairn's SQL functions cairn_search_words and
#     cairn_search_parts, exact for the ASCII text it writes); a schema change that needs more
#     makes the seeder stop with a message.
#   - Shares through the APIs once the servers run again: every tenth private trail of `other`
#     (TRAILS/40) shared with `bench`, `view`, made by `other`: Cairn `PUT /api/v1/trail-share`;
#     PocketBase `PATCH /api/collections/trails/records/{id} {"shared_with+": [bench]}` (like,
#     field) or `POST /api/collections/trail_share/records` (collection).
#   - PocketBase: bench/run.sh's `trails` collection plus a multi-relation field `shared_with`
#     (-> users), a `trail_share` collection (trail -> trails, user -> users, permission; indexes
#     as Cairn's trail_share: unique (trail, user), (user)), and list/view rules that say what
#     Cairn's access policy says for these rows (no lists or link shares are seeded):
#       public = true || author = @request.auth.id || (@request.auth.id != "" && <shared>)
#     <shared> by PB_SHARES:
#       like        `shared_with ~ @request.auth.id` - the relation's JSON holds the user's id
#                   (exact: ids are 15 characters of [a-z0-9]); no join, so PocketBase reads the
#                   page off the sort's index and only its total (COUNT(DISTINCT id)) scans:
#                   its fastest form, the default (as in run.sh: the fastest PocketBase is the
#                   fairest peer).
#       field       `shared_with.id ?= @request.auth.id`, PocketBase's documented idiom; it joins
#                   json_each and users and adds DISTINCT, so every page sorts all visible rows
#                   (a third to a half of the like req/s at 10 000 trails, one run).
#       collection  wanderer's own `trail_share_via_trail.user ?= @request.auth.id`. PocketBase
#                   0.22 compiles the back-relation into a LEFT JOIN of every share through
#                   json_each for every trail, totals included: trails x shares a request,
#                   ~10 ms at 400 trails, seconds at 10 000 - a PocketBase 0.22 weakness, not a
#                   sort benchmark.
#     The trails indexes are Cairn's (read from Cairn's data.db after it started, so they follow
#     schema changes; those naming columns PocketBase lacks are left out) plus run.sh's
#     (public, author). Request logs off, as in run.sh. PocketBase's migrations dir is kept in
#     its own data dir with automigrate off (bench/pb_lib.sh), so nothing lands in /tmp.
#
# Checks: before the runs, each order is fetched once from both servers as each caller; the
# status must be 200 (abort), totalItems must be the seeded count and the first item's id the
# same on both (warnings). Every wrk run must have no non-2xx answers (abort).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TRAILS=${TRAILS:-10000}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
PER_PAGE=${PER_PAGE:-30}
ORDERS=${ORDERS:-"-created created -date name -distance -elevation_gain"}
PARAMS=${PARAMS:-}
ANALYZE=${ANALYZE:-1}
MIRROR_INDEXES=${MIRROR_INDEXES:-1}
PB_SHARES=${PB_SHARES:-like}
[[ $PB_SHARES =~ ^(like|field|collection)$ ]] || { echo "PB_SHARES is like, field or collection" >&2; exit 1; }
OUT=bench/out/sorts
STARTED=$(date +%s)

command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is required for PocketBase" >&2; exit 1; }
[[ -x build/cairn ]] || { echo "build first: make build" >&2; exit 1; }
mkdir -p "$OUT"
: >"$OUT/wrk.log"
# shellcheck source=bench/lib.sh
source bench/lib.sh
# shellcheck source=bench/pb_lib.sh
source bench/pb_lib.sh

PB_DIR=
cleanup() {
  [[ -n ${CAIRN_PID:-} ]] && kill "$CAIRN_PID" 2>/dev/null
  [[ -n ${PB_PID:-} ]] && kill "$PB_PID" 2>/dev/null
  if [[ ${KEEP:-0} == 1 ]]; then
    echo "kept: cairn data dir ${CAIRN_DATA:-}, PocketBase data dir $PB_DIR" >&2
  else
    [[ -n ${CAIRN_DATA:-} ]] && rm -rf "$CAIRN_DATA"
    [[ -n $PB_DIR ]] && rm -rf "$PB_DIR"
  fi
  true
}
step() { printf '[%4ss] %s\n' $(($(date +%s) - STARTED)) "$*" >&2; }

# --- Cairn: users, then stopped for seeding ----------------------------------------------------
step "starting cairn"
start_cairn "$OUT/cairn.log"  # sets API, TOKEN, CAIRN_PID, CAIRN_DATA; user bench / bench-pass
trap cleanup EXIT
CAIRN_PORT=${API#http://127.0.0.1:}
CAIRN_PORT=${CAIRN_PORT%%/*}
curl -sf -X PUT "$API/user" -H 'content-type: application/json' \
  -d '{"username":"other","email":"o@example.com","password":"other-pass","passwordConfirm":"other-pass"}' >/dev/null
read -r C_TOKEN C_BENCH <<<"$(cairn_login bench bench-pass)"
read -r _ C_OTHER <<<"$(cairn_login other other-pass)"
[[ -n $C_TOKEN && -n $C_BENCH && -n $C_OTHER ]] || { echo "abort: cairn sign-up or login failed" >&2; exit 1; }
stop_pid "$CAIRN_PID"
CAIRN_PID=

# --- PocketBase: collections and users, then stopped for seeding --------------------------------
step "starting PocketBase"
pb_install
PB_DIR=$(mktemp -d)
pb_init "$PB_DIR"
PB_PORT=$(free_port)
pb_serve "$PB_DIR" "$PB_PORT" "$OUT/pocketbase.log"
P=$PB_URL
ADMIN=$(pb_admin_token)
pb_api PATCH /api/settings -d '{"logs":{"maxDays":0}}' >/dev/null
USERS_ID=$(pb_api GET /api/collections/users | json_get 'v["id"]')
for u in bench other; do
  curl -sf -X POST "$P/api/collections/users/records" -H 'content-type: application/json' \
    -d "{\"username\":\"$u\",\"email\":\"$u@example.com\",\"password\":\"$u-password\",\"passwordConfirm\":\"$u-password\"}" >/dev/null
done
pb_login() {  # user -> "token id"
  curl -sf -X POST "$P/api/collections/users/auth-with-password" -H 'content-type: application/json' \
    -d "{\"identity\":\"$1\",\"password\":\"$1-password\"}" | json_get 'v["token"] + " " + v["record"]["id"]'
}
read -r _ P_BENCH <<<"$(pb_login bench)"
read -r _ P_OTHER <<<"$(pb_login other)"
[[ -n $P_BENCH && -n $P_OTHER ]] || { echo "abort: PocketBase sign-up or login failed" >&2; exit 1; }
# bench/run.sh's collection (its rules come below, once trail_share exists).
pb_api POST /api/collections -d @- >/dev/null <<JSON
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
  {"name":"thumbnail","type":"number"},{"name":"gpx","type":"text"},{"name":"photos","type":"json","options":{"maxSize":2000000}},
  {"name":"shared_with","type":"relation","options":{"collectionId":"$USERS_ID","maxSelect":null}}],
 "indexes":["CREATE INDEX idx_trails_author ON trails (author)","CREATE INDEX idx_trails_public ON trails (public, author)"]}
JSON
TRAILS_ID=$(pb_api GET /api/collections/trails | json_get 'v["id"]')
pb_api POST /api/collections -d @- >/dev/null <<JSON
{"name":"trail_share","type":"base",
 "listRule":"trail.author = @request.auth.id || user = @request.auth.id","viewRule":"trail.author = @request.auth.id || user = @request.auth.id",
 "createRule":"trail.author = @request.auth.id","updateRule":"trail.author = @request.auth.id","deleteRule":"trail.author = @request.auth.id",
 "schema":[
  {"name":"trail","type":"relation","required":true,"options":{"collectionId":"$TRAILS_ID","maxSelect":1,"cascadeDelete":true}},
  {"name":"user","type":"relation","required":true,"options":{"collectionId":"$USERS_ID","maxSelect":1,"cascadeDelete":true}},
  {"name":"permission","type":"select","required":true,"options":{"maxSelect":1,"values":["view","edit"]}}],
 "indexes":["CREATE UNIQUE INDEX idx_trail_share_trail_user ON trail_share (trail, user)","CREATE INDEX idx_trail_share_user ON trail_share (user)"]}
JSON
case $PB_SHARES in
  field) RULE='public = true || author = @request.auth.id || (@request.auth.id != \"\" && shared_with.id ?= @request.auth.id)' ;;
  like) RULE='public = true || author = @request.auth.id || (@request.auth.id != \"\" && shared_with ~ @request.auth.id)' ;;
  collection) RULE='public = true || author = @request.auth.id || (@request.auth.id != \"\" && trail_share_via_trail.user ?= @request.auth.id)' ;;
esac
if [[ $MIRROR_INDEXES == 1 ]]; then
  PB_INDEXES=$("$PYTHON" bench/sorts_seed.py indexes "$CAIRN_DATA/data.db" |
    json_get 'json.dumps(v + ["CREATE INDEX idx_trails_public ON trails (public, author)"])')
else
  PB_INDEXES='["CREATE INDEX idx_trails_author ON trails (author)","CREATE INDEX idx_trails_public ON trails (public, author)"]'
fi
echo "$PB_INDEXES" >"$OUT/pb_indexes.json"
pb_api PATCH /api/collections/trails -d "{\"listRule\":\"$RULE\",\"viewRule\":\"$RULE\",\"indexes\":$PB_INDEXES}" >/dev/null
stop_pid "$PB_PID"
PB_PID=

# --- the same rows into both, then both up again and the shares through the APIs --------------
step "seeding $TRAILS trails into both data.db files"
NO_ANALYZE=$([[ $ANALYZE == 1 ]] || echo --no-analyze)
"$PYTHON" bench/sorts_seed.py rows --trails "$TRAILS" \
  --cairn-db "$CAIRN_DATA/data.db" --cairn-bench "$C_BENCH" --cairn-other "$C_OTHER" \
  --pb-db "$PB_DIR/data.db" --pb-bench "$P_BENCH" --pb-other "$P_OTHER" \
  --plan "$OUT/plan.json" ${NO_ANALYZE:+"$NO_ANALYZE"}
build/cairn serve --http "127.0.0.1:$CAIRN_PORT" --dir "$CAIRN_DATA" 2>>"$OUT/cairn.log" &
CAIRN_PID=$!
C=http://127.0.0.1:$CAIRN_PORT
wait_http "$C/api/health"
pb_serve "$PB_DIR" "$PB_PORT" "$OUT/pocketbase.log"
read -r C_TOKEN _ <<<"$(cairn_login bench bench-pass)"
read -r C_OTHER_TOKEN _ <<<"$(cairn_login other other-pass)"
read -r P_TOKEN _ <<<"$(pb_login bench)"
read -r P_OTHER_TOKEN _ <<<"$(pb_login other)"
[[ -n $C_TOKEN && -n $C_OTHER_TOKEN && -n $P_TOKEN && -n $P_OTHER_TOKEN ]] || { echo "abort: login after seeding failed" >&2; exit 1; }
step "sharing $(json_get 'len(v["share"])' <"$OUT/plan.json") trails with bench"
"$PYTHON" bench/sorts_seed.py share --kind cairn --base "$C" --token "$C_OTHER_TOKEN" --user "$C_BENCH" --plan "$OUT/plan.json"
"$PYTHON" bench/sorts_seed.py share --kind "$([[ $PB_SHARES == collection ]] && echo pocketbase || echo pocketbase-field)" --base "$P" --token "$P_OTHER_TOKEN" --user "$P_BENCH" --plan "$OUT/plan.json"

# --- sanity: status, totals and first item -----------------------------------------------------
c_url() { echo "$C/api/v1/trail?perPage=$PER_PAGE&sort=$1$PARAMS"; }
p_url() { echo "$P/api/collections/trails/records?perPage=$PER_PAGE&sort=$1$PARAMS"; }
c_auth() { [[ $1 == anonymous ]] && echo "X-Bench: anonymous" || echo "Authorization: Bearer $C_TOKEN"; }
p_auth() { [[ $1 == anonymous ]] && echo "X-Bench: anonymous" || echo "Authorization: $P_TOKEN"; }
probe() {  # URL HEADER -> "status totalItems first_id"
  local body status
  body=$(curl -s -w '\n%{http_code}' "$1" -H "$2")
  status=${body##*$'\n'}
  if [[ $status != 200 ]]; then echo "$status - -"; return; fi
  printf '%s\n' "${body%$'\n'*}" | json_get '"200 %s %s" % (v.get("totalItems"), v["items"][0]["id"] if v["items"] else "-")'
}
WHOS="anonymous signed-in"
WARNINGS=()
step "checking answers"
for order in $ORDERS; do
  for who in $WHOS; do
    read -r cs ct cf <<<"$(probe "$(c_url "$order")" "$(c_auth "$who")")"
    read -r ps pt pf <<<"$(probe "$(p_url "$order")" "$(p_auth "$who")")"
    if [[ $cs != 200 || $ps != 200 ]]; then
      echo "abort: sort=$order as $who: cairn answered $cs, PocketBase $ps (see $OUT/*.log)" >&2
      exit 1
    fi
    expect=$(json_get "v['expect']['$([[ $who == anonymous ]] && echo anonymous || echo user)']" <"$OUT/plan.json")
    if [[ $PARAMS != *skipTotal* && ($ct != "$expect" || $pt != "$expect") ]]; then
      WARNINGS+=("sort=$order as $who: totalItems cairn $ct, PocketBase $pt, seeded $expect")
    fi
    [[ $cf == "$pf" ]] || WARNINGS+=("sort=$order as $who: first item cairn $cf, PocketBase $pf")
  done
done
for w in "${WARNINGS[@]}"; do echo "warning: $w" >&2; done

# --- runs ---------------------------------------------------------------------------------------
ROWS=()
SOCKET_NOTES=()
measure() {  # label URL HEADER: sets M_RPS M_P50 M_P99; aborts on any non-2xx answer
  local bad errs
  read -r M_RPS M_P50 M_P99 bad errs <<<"$(wrk_line "$OUT/wrk.log" -H "$3" "$2")"
  if [[ $bad != 0 ]]; then
    echo "abort: $1: $bad non-2xx answers during the wrk run (see $OUT/wrk.log)" >&2
    exit 1
  fi
  [[ $errs == 0 ]] || SOCKET_NOTES+=("$1: $errs socket errors/timeouts")
}
for order in $ORDERS; do
  for who in $WHOS; do
    step "wrk sort=$order as $who"
    measure "cairn sort=$order $who" "$(c_url "$order")" "$(c_auth "$who")"
    c_rps=$M_RPS c_p50=$M_P50 c_p99=$M_P99
    measure "PocketBase sort=$order $who" "$(p_url "$order")" "$(p_auth "$who")"
    p_rps=$M_RPS p_p50=$M_P50 p_p99=$M_P99
    ratio=$(awk -v a="$c_rps" -v b="$p_rps" 'BEGIN { printf (b > 0 ? "%.1fx" : "-"), a / (b > 0 ? b : 1) }')
    ROWS+=("| \`$order\` | $who | $c_rps | $c_p50 | $c_p99 | $p_rps | $p_p50 | $p_p99 | $ratio |")
  done
done

{
  echo "| order | who | cairn req/s | p50 | p99 | PocketBase req/s | p50 | p99 | ratio |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "GET list, perPage=$PER_PAGE${PARAMS:+, $PARAMS}; $TRAILS trails ($(json_get 'v["expect"]["anonymous"]' <"$OUT/plan.json") public," \
    "$(json_get 'v["expect"]["user"]' <"$OUT/plan.json") visible to the signed-in user, $(json_get 'len(v["share"])' <"$OUT/plan.json") of them shared);" \
    "wrk -t$THREADS -c$CONNECTIONS -d$DURATION; cairn $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet -- src 2>/dev/null || echo '+uncommitted src') (build/cairn of $(date -u -r build/cairn '+%H:%M UTC'))," \
    "PocketBase 0.22.20 (shares: $PB_SHARES, ANALYZE=$ANALYZE, MIRROR_INDEXES=$MIRROR_INDEXES); ratio = cairn/PocketBase req/s;" \
    "$(date -u '+%Y-%m-%d %H:%M UTC')."
  for w in "${WARNINGS[@]}"; do echo "- warning: $w"; done
  for n in "${SOCKET_NOTES[@]}"; do echo "- note: $n"; done
} | tee "$OUT/table.md"
echo "wall time $(($(date +%s) - STARTED)) s; raw wrk output in $OUT/wrk.log" >&2
