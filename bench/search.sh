#!/usr/bin/env bash
# Search and map areas at scale (issue 16): Cairn's search index and R*Tree against PocketBase
# 0.22.20's `~` filter and start-point ranges, on the same TRAILS real-shaped trails, with wrk.
#
# usage: bench/search.sh          (configures build/ in Release if it is not there yet)
#   env: TRAILS=100000 DURATION=10s CONNECTIONS="1 4" THREADS=2 WRK_TIMEOUT=30s
#        CONNECTIONS lists the counts each operation is run at (one seeding): one connection is a
#        user's latency, four load both cores (beside wrk) until requests wait for each other;
#        THREADS is capped at the connections; a run no answer finishes in is noted, not aborted
#        Q="klettersteig innsbruck"  the two words of (a)
#        TEXT="zugspitze"            the text filter of (c)
#        CITY_BOX=11.3051,47.2242,11.5031,47.3142   (b) at city zoom: W,S,E,N, ~15 x 10 km
#        REGION_BOX=10.08,46.595,12.73,47.945       (b) at region zoom, ~200 x 150 km
#        GPSDATA=../shared/gpsdata  the corpus the tracks come from
#        BATCH=256                  trails per write transaction while seeding
#        KEEP=0                     1: keep both data dirs (paths printed at the end)
#        OPERATIONS="a b-city b-region c"  which operations to run (a subset re-measures one)
# output: a Markdown table on stdout and in bench/out/search/table.md; every wrk run in
#         bench/out/search/wrk.log; the seeder's, Cairn's and PocketBase's logs beside them.
#         About 8 minutes at 100 000 trails (seeding 2 min, 16 wrk runs of DURATION per
#         connection count); under a minute with TRAILS=2000 DURATION=2s CONNECTIONS=1.
#
# Data (the same rows on both servers, same ids):
#   - Users `bench` (the signed-in caller) and `other`, made through each server's API.
#   - TRAILS trails written by build/bench/cairn_search_seed (bench/search_seed.cpp) into Cairn's
#     data.db while the server is stopped, as an upload writes them: each a corpus track
#     (GPSDATA; 18 usable tracks of 1-80 km, hikes and rides) turned, scaled (0.6-1.6x) and moved
#     to its own start in the Alps (43 % around fifteen popular towns, 6 % around Innsbruck, the
#     rest along the Alpine arc), its times moved to its date; the fields a track determines
#     (distance, gains, duration, date, start, bounds, polyline, preview, sketch) from
#     services::TrailFieldsFromTrack; name, place and description in German, French, Italian,
#     Slovenian or English by region, words drawn Zipf-like (bench/search_seed_world.cpp);
#     category, subcategory, tags, difficulty; inserted by the record engine in transactions of
#     BATCH rows, so Cairn's own triggers fill the search index (FTS5 and its pending rows) and
#     the R*Tree. (One transaction per trail, as the API writes, takes 20 % longer and leaves the
#     same index: 6 FTS5 segments and 608 index pages at 20 000 trails either way.) created
#     rises over three years in insertion order. `bench` owns every fifth trail (70 % of those
#     public), `other` the rest (75 % public). `gpx` names a stored file, none is written.
#   - The same rows as JSON lines, inserted into PocketBase's data.db by bench/search_seed.py.
#     Then `PRAGMA analysis_limit=400; ANALYZE` on both files (what Cairn runs itself every 1000
#     writes).
#   - Once both run again: one in twenty of `other`'s private trails shared with `bench` through
#     each API, as bench/sorts.sh does (Cairn PUT /trail-share; PocketBase `shared_with+`).
#   - PocketBase: a `trails` collection with the fields the rows have (preview and sketch
#     included, so answers carry the same bytes), the list/view rule of bench/sorts.sh
#     (`public = true || author = @request.auth.id || (@request.auth.id != "" && shared_with ~
#     @request.auth.id)`, its fastest form), Cairn's trail indexes where its columns exist, plus
#     (public, author) and (lat, lon) for its map query; `users` viewable by anyone, as Cairn's
#     authors are, so `expand=author` does the same work; request logs off.
#
# Requests (first page of each, as the clients send them; anonymous and signed in):
#   (a) search, two words, two filters, a sort, 24 hits:
#       Cairn  POST /api/v1/search/trails {"q": Q, "filter": "distance >= 5000 AND difficulty
#              IN [1, 2]", "sort": ["date:desc"], "page": 1, "hitsPerPage": 24,
#              "attributesToRetrieve": [the fields PocketBase returns]}  (the reference client's
#              search, Meilisearch's shape)
#       PB     GET …/records?filter=((name~"w1"||description~"w1"||location~"w1")&&(…"w2"…))
#              && distance >= 5000 && (difficulty = "moderate" || difficulty = "hard")
#              &sort=-date&perPage=24&fields=…
#   (b) the map's trails in a box, as web/features/trails/query.js mapRequest asks for the first
#       page once more than 2000 trails match: perPage=500, sort=-created,
#       fields=id,name,sketch,lat,lon; Cairn `bbox=W,S,E,N` (every trail whose track crosses the
#       box), PocketBase `filter=lat >= S && lat <= N && lon >= W && lon <= E` (its start in it).
#   (c) the trails page with a text in its search field, as query.js listQuery asks (perPage=24,
#       sort=-created, expand=author, the cards' fields): Cairn `q=T` (its search index, as the web
#       app sends it), PocketBase `filter=(name ~ T || location ~ T || description ~ T)`.
#
# Checks: before the runs, each request is sent once to both servers as each caller; every
# answer must be 200 (abort) and the totals are printed. They differ legitimately: (a) Cairn
# matches words, their beginnings (the last word), inner parts of names and places, one typo in
# words of five letters or more, accents ignored, and tags, categories and authors too, where
# `~` matches any substring of name, description or place with accents exact; (b) Cairn counts
# every trail crossing the box, PocketBase those starting in it; (c) as (a), for one word. The
# totals and how many rows hold each word are printed under the table. Every wrk run must have no
# non-2xx answers (abort). Cairn remembers a list's total until the next write, and wrk repeats
# one request: its first answer, counting afresh, is timed apart (the "first" line per operation).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TRAILS=${TRAILS:-100000}
DURATION=${DURATION:-10s}
CONNECTION_COUNTS=${CONNECTIONS:-1 4}
THREAD_COUNT=${THREADS:-2}
export WRK_TIMEOUT=${WRK_TIMEOUT:-30s}
Q=${Q:-"klettersteig innsbruck"}
TEXT=${TEXT:-"zugspitze"}
CITY_BOX=${CITY_BOX:-"11.3051,47.2242,11.5031,47.3142"}
REGION_BOX=${REGION_BOX:-"10.08,46.595,12.73,47.945"}
GPSDATA=${GPSDATA:-../shared/gpsdata}
BATCH=${BATCH:-256}
OUT=bench/out/search
STARTED=$(date +%s)

command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is required for PocketBase" >&2; exit 1; }
[[ -d $GPSDATA ]] || { echo "no GPS corpus at $GPSDATA (set GPSDATA)" >&2; exit 1; }
read -r W1 W2 EXTRA <<<"$Q"
[[ -n ${W2:-} && -z ${EXTRA:-} ]] || { echo "Q must be two words" >&2; exit 1; }
[[ $Q$TEXT =~ [\"\\] ]] && { echo "Q and TEXT may not hold quotes or backslashes" >&2; exit 1; }
mkdir -p "$OUT"
: >"$OUT/wrk.log"
# shellcheck source=bench/lib.sh
source bench/lib.sh
# shellcheck source=bench/pb_lib.sh
source bench/pb_lib.sh
step() { printf '[%4ss] %s\n' $(($(date +%s) - STARTED)) "$*" >&2; }

step "building cairn and cairn_search_seed"
[[ -f build/CMakeCache.txt ]] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target cairn cairn_search_seed >/dev/null

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

# --- Cairn: users, then stopped for seeding ----------------------------------------------------
step "starting cairn"
start_cairn "$OUT/cairn.log"  # sets API, TOKEN, CAIRN_PID, CAIRN_DATA; user bench / bench-pass
trap cleanup EXIT
CAIRN_PORT=${API#http://127.0.0.1:}
CAIRN_PORT=${CAIRN_PORT%%/*}
curl -sf -X PUT "$API/user" -H 'content-type: application/json' \
  -d '{"username":"other","email":"o@example.com","password":"other-pass","passwordConfirm":"other-pass"}' >/dev/null
read -r _ C_BENCH <<<"$(cairn_login bench bench-pass)"
read -r _ C_OTHER <<<"$(cairn_login other other-pass)"
[[ -n $C_BENCH && -n $C_OTHER ]] || { echo "abort: cairn sign-up or login failed" >&2; exit 1; }
stop_pid "$CAIRN_PID"
CAIRN_PID=

# --- PocketBase: the collection and users, then stopped for seeding -----------------------------
step "starting PocketBase"
pb_install
PB_DIR=$(mktemp -d)
pb_init "$PB_DIR"
PB_PORT=$(free_port)
pb_serve "$PB_DIR" "$PB_PORT" "$OUT/pocketbase.log"
P=$PB_URL
ADMIN=$(pb_admin_token)
pb_api PATCH /api/settings -d '{"logs":{"maxDays":0}}' >/dev/null
# Authors are public on Cairn (a trail's `expand.author`); the same on PocketBase.
pb_api PATCH /api/collections/users -d '{"listRule":"","viewRule":""}' >/dev/null
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
RULE='public = true || author = @request.auth.id || (@request.auth.id != \"\" && shared_with ~ @request.auth.id)'
PB_INDEXES=$("$PYTHON" bench/sorts_seed.py indexes "$CAIRN_DATA/data.db" |
  json_get 'json.dumps(v + ["CREATE INDEX idx_trails_public ON trails (public, author)", "CREATE INDEX idx_trails_lat_lon ON trails (lat, lon)"])')
echo "$PB_INDEXES" >"$OUT/pb_indexes.json"
pb_api POST /api/collections -d @- >/dev/null <<JSON
{"name":"trails","type":"base","listRule":"$RULE","viewRule":"$RULE",
 "createRule":"@request.auth.id != '' && author = @request.auth.id","updateRule":"author = @request.auth.id","deleteRule":"author = @request.auth.id",
 "schema":[
  {"name":"name","type":"text","required":true},{"name":"public","type":"bool"},
  {"name":"author","type":"relation","required":true,"options":{"collectionId":"$USERS_ID","maxSelect":1}},
  {"name":"description","type":"text"},{"name":"location","type":"text"},{"name":"date","type":"date"},
  {"name":"difficulty","type":"select","options":{"maxSelect":1,"values":["easy","moderate","hard"]}},
  {"name":"distance","type":"number"},{"name":"duration","type":"number"},{"name":"elevation_gain","type":"number"},
  {"name":"elevation_loss","type":"number"},{"name":"lat","type":"number"},{"name":"lon","type":"number"},
  {"name":"thumbnail","type":"number"},{"name":"gpx","type":"text"},{"name":"photos","type":"json","options":{"maxSize":2000000}},
  {"name":"preview","type":"text"},{"name":"sketch","type":"text"},
  {"name":"shared_with","type":"relation","options":{"collectionId":"$USERS_ID","maxSelect":null}}],
 "indexes":$PB_INDEXES}
JSON
stop_pid "$PB_PID"
PB_PID=

# --- the same rows into both, then both up again and the shares through the APIs --------------
step "seeding $TRAILS trails into Cairn's data.db (cairn_search_seed)"
build/bench/cairn_search_seed --dir "$CAIRN_DATA" --trails "$TRAILS" --gpsdata "$GPSDATA" \
  --bench "$C_BENCH" --other "$C_OTHER" --rows "$OUT/rows.jsonl" --plan "$OUT/plan.json" \
  --batch "$BATCH" 2>"$OUT/seed.log" || { cat "$OUT/seed.log" >&2; exit 1; }
tail -1 "$OUT/seed.log" >&2
SEED_CAIRN=$(json_get '"%.0f" % v["seconds"]["total"]' <"$OUT/plan.json")
step "seeding the same rows into PocketBase's data.db (search_seed.py)"
PB_SEED_START=$(date +%s)
"$PYTHON" bench/search_seed.py pocketbase --rows "$OUT/rows.jsonl" --pb-db "$PB_DIR/data.db" \
  --pb-bench "$P_BENCH" --pb-other "$P_OTHER"
SEED_PB=$(($(date +%s) - PB_SEED_START))
"$PYTHON" bench/search_seed.py words --rows "$OUT/rows.jsonl" "$W1" "$W2" "$TEXT" >"$OUT/words.txt"
[[ ${KEEP:-0} == 1 ]] || rm -f "$OUT/rows.jsonl"

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
SHARES=$(json_get 'len(v["share"])' <"$OUT/plan.json")
step "sharing $SHARES trails with bench"
"$PYTHON" bench/sorts_seed.py share --kind cairn --base "$C" --token "$C_OTHER_TOKEN" --user "$C_BENCH" --plan "$OUT/plan.json"
"$PYTHON" bench/sorts_seed.py share --kind pocketbase-field --base "$P" --token "$P_OTHER_TOKEN" --user "$P_BENCH" --plan "$OUT/plan.json"

# --- the requests ---------------------------------------------------------------------------------
urlencode() { "$PYTHON" -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
box_filter() {  # W,S,E,N -> PocketBase's start-point range
  local w s e n
  IFS=, read -r w s e n <<<"$1"
  echo "lat >= $s && lat <= $n && lon >= $w && lon <= $e"
}
A_FIELDS='id,name,location,distance,elevation_gain,duration,difficulty,date,author,public'
A_BODY=$("$PYTHON" -c 'import json, sys; print(json.dumps({"q": sys.argv[1], "filter": "distance >= 5000 AND difficulty IN [1, 2]", "sort": ["date:desc"], "page": 1, "hitsPerPage": 24, "attributesToRetrieve": sys.argv[2].split(",")}))' "$Q" "$A_FIELDS")
A_PB_FILTER="((name ~ \"$W1\" || description ~ \"$W1\" || location ~ \"$W1\") && (name ~ \"$W2\" || description ~ \"$W2\" || location ~ \"$W2\")) && distance >= 5000 && (difficulty = \"moderate\" || difficulty = \"hard\")"
A_PB_QUERY="page=1&perPage=24&sort=-date&fields=$A_FIELDS&filter=$(urlencode "$A_PB_FILTER")"
MAP_QUERY='perPage=500&sort=-created&fields=id,name,sketch,lat,lon'
CARD_FIELDS='id,collectionId,collectionName,name,location,distance,elevation_gain,duration,difficulty,date,created,public,author,photos,thumbnail,preview,lat,lon,expand.author.username'
C_FILTER="(name ~ \"$TEXT\" || location ~ \"$TEXT\" || description ~ \"$TEXT\")"
LIST_QUERY="page=1&perPage=24&sort=-created&expand=author&fields=$CARD_FIELDS"
printf '%s' "$A_BODY" >"$OUT/search_body.json"
export BODY_FILE=$OUT/search_body.json
cat >"$OUT/search.lua" <<'LUA'
-- wrk: POST the JSON in the file $BODY_FILE names.
local f = assert(io.open(os.getenv("BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
LUA

# One operation: label, Cairn method/url, PocketBase url. Callers: anonymous, signed-in.
read -r -a OPS <<<"${OPERATIONS:-a b-city b-region c}"
for op in "${OPS[@]}"; do
  case $op in a | b-city | b-region | c) ;; *) echo "OPERATIONS: unknown operation $op" >&2; exit 2 ;; esac
done
op_label() {
  case $1 in
    a) echo "(a) search \"$Q\" + 2 filters, sort -date, 24 hits" ;;
    b-city) echo "(b) map box, city zoom (~15 x 10 km), 500 a page" ;;
    b-region) echo "(b) map box, region zoom (~200 x 150 km), 500 a page" ;;
    c) echo "(c) trails page, text \"$TEXT\", 24 a page" ;;
  esac
}
c_url() {
  case $1 in
    a) echo "$C/api/v1/search/trails" ;;
    b-city) echo "$C/api/v1/trail?$MAP_QUERY&bbox=$CITY_BOX&page=1" ;;
    b-region) echo "$C/api/v1/trail?$MAP_QUERY&bbox=$REGION_BOX&page=1" ;;
    c) echo "$C/api/v1/trail?$LIST_QUERY&q=$(urlencode "$TEXT")" ;;
  esac
}
p_url() {
  local base=$P/api/collections/trails/records
  case $1 in
    a) echo "$base?$A_PB_QUERY" ;;
    b-city) echo "$base?$MAP_QUERY&page=1&filter=$(urlencode "$(box_filter "$CITY_BOX")")" ;;
    b-region) echo "$base?$MAP_QUERY&page=1&filter=$(urlencode "$(box_filter "$REGION_BOX")")" ;;
    c) echo "$base?$LIST_QUERY&filter=$(urlencode "$C_FILTER")" ;;
  esac
}
c_auth() { [[ $1 == anonymous ]] && echo "X-Bench: anonymous" || echo "Authorization: Bearer $C_TOKEN"; }
p_auth() { [[ $1 == anonymous ]] && echo "X-Bench: anonymous" || echo "Authorization: $P_TOKEN"; }

probe() {  # KIND(cairn|pb) OP WHO -> "status total shown milliseconds"
  local body status time
  if [[ $1 == cairn && $2 == a ]]; then
    body=$(curl -s -w '\n%{time_total}\n%{http_code}' -X POST "$(c_url a)" -H 'content-type: application/json' -H "$(c_auth "$3")" --data-binary @"$OUT/search_body.json")
  elif [[ $1 == cairn ]]; then
    body=$(curl -s -w '\n%{time_total}\n%{http_code}' "$(c_url "$2")" -H "$(c_auth "$3")")
  else
    body=$(curl -s -w '\n%{time_total}\n%{http_code}' "$(p_url "$2")" -H "$(p_auth "$3")")
  fi
  status=${body##*$'\n'}
  body=${body%$'\n'*}
  time=${body##*$'\n'}
  body=${body%$'\n'*}
  if [[ $status != 200 ]]; then
    printf '%s\n' "$body" | head -c 400 >&2
    echo "$status - - -"
    return
  fi
  printf '%s\n' "$body" | "$PYTHON" -c 'import json, sys; v = json.load(sys.stdin); print("200 %s %s %.1f" % (v.get("totalItems", v.get("totalHits")), len(v.get("items", v.get("hits", []))), 1000 * float(sys.argv[1])))' "$time"
}
WHOS="anonymous signed-in"
CHECKS=()
step "checking answers"
for op in "${OPS[@]}"; do
  for who in $WHOS; do
    read -r cs ct cn cms <<<"$(probe cairn "$op" "$who")"
    read -r ps pt pn pms <<<"$(probe pb "$op" "$who")"
    if [[ $cs != 200 || $ps != 200 ]]; then
      echo "abort: $(op_label "$op") as $who: cairn answered $cs, PocketBase $ps (see $OUT/*.log)" >&2
      exit 1
    fi
    CHECKS+=("$(op_label "$op") as $who: total cairn $ct, PocketBase $pt (page: $cn and $pn); first answer, counted afresh: cairn $cms ms, PocketBase $pms ms")
  done
done
printf '%s\n' "${CHECKS[@]}" >&2

# --- runs ---------------------------------------------------------------------------------------
ROWS=()
SOCKET_NOTES=()
measure() {  # label WHO KIND OP: sets M_RPS M_P50 M_P99; aborts on any non-2xx answer
  local bad errs
  if [[ $3 == cairn && $4 == a ]]; then
    read -r M_RPS M_P50 M_P99 bad errs <<<"$(wrk_line "$OUT/wrk.log" -s "$OUT/search.lua" -H "$(c_auth "$2")" "$(c_url a)")"
  elif [[ $3 == cairn ]]; then
    read -r M_RPS M_P50 M_P99 bad errs <<<"$(wrk_line "$OUT/wrk.log" -H "$(c_auth "$2")" "$(c_url "$4")")"
  else
    read -r M_RPS M_P50 M_P99 bad errs <<<"$(wrk_line "$OUT/wrk.log" -H "$(p_auth "$2")" "$(p_url "$4")")"
  fi
  if [[ $bad != 0 ]]; then
    echo "abort: $1: $bad non-2xx answers during the wrk run (see $OUT/wrk.log)" >&2
    exit 1
  fi
  [[ $errs == 0 ]] || SOCKET_NOTES+=("$1: $errs socket errors/timeouts")
  if [[ $M_RPS == 0.00 || $M_RPS == - ]]; then
    SOCKET_NOTES+=("$1: no answer came within the run (longer than DURATION each): raise DURATION or lower CONNECTIONS")
    M_RPS=0 M_P50=- M_P99=-
  fi
}
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for CONNECTIONS in $CONNECTION_COUNTS; do
  THREADS=$((THREAD_COUNT < CONNECTIONS ? THREAD_COUNT : CONNECTIONS))
  for op in "${OPS[@]}"; do
    for who in $WHOS; do
      step "wrk -c$CONNECTIONS $(op_label "$op") as $who"
      measure "cairn $op $who -c$CONNECTIONS" "$who" cairn "$op"
      c_rps=$M_RPS c_p50=$M_P50 c_p99=$M_P99
      measure "PocketBase $op $who -c$CONNECTIONS" "$who" pb "$op"
      p_rps=$M_RPS p_p50=$M_P50 p_p99=$M_P99
      ratio=$(awk -v a="$c_rps" -v b="$p_rps" 'BEGIN { printf (b > 0 ? "%.1fx" : "-"), a / (b > 0 ? b : 1) }')
      ROWS+=("| $(op_label "$op") | $who | $CONNECTIONS | $c_rps | $c_p50 | $c_p99 | $p_rps | $p_p50 | $p_p99 | $ratio |")
    done
  done
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

{
  echo "| operation | who | connections | cairn req/s | p50 | p99 | PocketBase req/s | p50 | p99 | ratio |"
  echo "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "$TRAILS trails ($(json_get 'v["expect"]["anonymous"]' <"$OUT/plan.json") public," \
    "$(json_get 'v["expect"]["user"]' <"$OUT/plan.json") visible to the signed-in user, $SHARES of them shared with them)" \
    "from $(json_get 'v["templates"]' <"$OUT/plan.json") corpus tracks, $(json_get 'v["points"]' <"$OUT/plan.json") track points;" \
    "seeding took ${SEED_CAIRN} s for Cairn (through the record engine) and ${SEED_PB} s for PocketBase;" \
    "wrk -t$THREAD_COUNT -d$DURATION --timeout $WRK_TIMEOUT (load average $LOAD_BEFORE before the runs, $LOAD_AFTER after);" \
    "cairn $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet -- src schema.sql 2>/dev/null || echo '+uncommitted src')," \
    "PocketBase 0.22.20; ratio = cairn/PocketBase req/s; $(date -u '+%Y-%m-%d %H:%M UTC')."
  echo
  echo "Totals before the runs (they differ where Cairn matches words, prefixes, inner parts, typos," \
    "accents and tags where \`~\` matches substrings, and where a track crosses a box it does not start in):"
  for c in "${CHECKS[@]}"; do echo "- $c"; done
  echo "- words (rows holding each as \`~\` finds it): $(paste -sd ';' "$OUT/words.txt" | tr -s ' ')"
  for n in "${SOCKET_NOTES[@]}"; do echo "- note: $n"; done
} | tee "$OUT/table.md"
echo "wall time $(($(date +%s) - STARTED)) s; raw wrk output in $OUT/wrk.log" >&2
