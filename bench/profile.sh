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

dir=$(mktemp -d)
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
build/cairn serve --http 127.0.0.1:$port --dir "$dir" 2>"$OUT/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do curl -sf http://127.0.0.1:$port/api/health >/dev/null && break; sleep 0.1; done
api=http://127.0.0.1:$port/api/v1
curl -s -X PUT $api/user -H 'Content-Type: application/json' \
  -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
token=$(curl -s -X POST $api/auth/login -H 'Content-Type: application/json' \
  -d '{"username":"bench","password":"bench-pass"}' | python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
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
echo "server peak RSS: $(awk '/VmHWM/ {print $2}' /proc/$pid/status) kB"
