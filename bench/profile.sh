#!/usr/bin/env bash
# The web UI's reads through the real server: GET /trail/{id}/profile of a 100 000-point GPX
# (first answer, and the 304 of a revalidation), and the bytes a page of 24 trails costs with and
# without `fields` (preview against polyline). usage: bench/profile.sh  (env POINTS=100000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
POINTS=${POINTS:-100000}
OUT=bench/out/profile
mkdir -p "$OUT"
cmake --build build -j "$(nproc)" --target cairn >/dev/null
[[ -s $OUT/track.gpx ]] || python3 bench/make_gpx.py "$POINTS" "$OUT/track.gpx"

source bench/lib.sh
start_cairn "$OUT/server.log"
api=$API
token=$TOKEN
auth=(-H "Authorization: Bearer $token")
upload() {
  curl -s "${auth[@]}" -X PUT "$api/trail/upload?ignoreDuplicates=true&fields=id" \
    -H 'Content-Type: application/gpx+xml' --data-binary @"$OUT/track.gpx" |
    python3 -c 'import json,sys;print(json.load(sys.stdin)["id"])'
}
id=$(upload)
echo "track: $POINTS points, $(du -h "$OUT/track.gpx" | cut -f1) GPX"

# client: curl's total time and body size; server: the duration its log line gives.
server_ms() { grep "/trail/$id/profile" "$OUT/server.log" | tail -1 | awk '{print $NF}'; }
for points in 1000 5000; do
  for run in 1 2 3; do
    line=$(curl -s -o "$OUT/profile.json" "${auth[@]}" -H 'Accept-Encoding: identity' \
      -w '%{http_code} %{time_total} %{size_download}' "$api/trail/$id/profile?points=$points")
    read -r code seconds bytes <<<"$line"
    echo "profile points=$points run $run: HTTP $code, client ${seconds}s, server $(server_ms), $bytes bytes"
  done
  gz=$(curl -s -o /dev/null "${auth[@]}" -H 'Accept-Encoding: gzip' -w '%{size_download}' \
    "$api/trail/$id/profile?points=$points")
  echo "profile points=$points gzip: $gz bytes"
done
etag=$(curl -s -D - -o /dev/null "${auth[@]}" "$api/trail/$id/profile" | awk -F': ' 'tolower($1)=="etag" {print $2}' | tr -d '\r')
for run in 1 2 3; do
  line=$(curl -s -o /dev/null "${auth[@]}" -H "If-None-Match: $etag" \
    -w '%{http_code} %{time_total}' "$api/trail/$id/profile")
  read -r code seconds <<<"$line"
  echo "revalidation run $run: HTTP $code, client ${seconds}s, server $(server_ms)"
done

# A page of 24 trails as a card list needs it: everything, against the fields a card shows.
for _ in $(seq 23); do upload >/dev/null; done
card='id,name,distance,elevation_gain,duration,date,preview,expand.author.username'
for query in "perPage=24&expand=author" "perPage=24&expand=author&fields=$card" \
             "perPage=24&fields=id,name,polyline"; do
  bytes=$(curl -s -o /dev/null "${auth[@]}" -H 'Accept-Encoding: identity' -w '%{size_download}' \
    "$api/trail?$query")
  echo "GET /trail?$query: $bytes bytes"
done
echo "server peak RSS: $(awk '/VmHWM/ {print $2}' /proc/$CAIRN_PID/status) kB"
