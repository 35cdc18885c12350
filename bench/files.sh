#!/usr/bin/env bash
# Photos through the real server: thumbnail time for a 12-megapixel JPEG (first request and
# cached), upload throughput in MB/s, and peak RSS while 20 clients download photos at once.
# usage: bench/files.sh   (env: UPLOADS=20 CLIENTS=20 ROUNDS=10 CAIRN=build/cairn)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
UPLOADS=${UPLOADS:-20}
CLIENTS=${CLIENTS:-20}
ROUNDS=${ROUNDS:-10}
OUT=bench/out/files
CAIRN=${CAIRN:-build/cairn}
mkdir -p "$OUT"
bash third_party/install-deps.sh bench/packages.txt
cmake --build build -j "$(nproc)" --target cairn_photo_bench cairn >/dev/null

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
status_kb() { awk -v k="$2:" '$1==k {print $2}' "/proc/$1/status"; }
# Resets VmHWM to the current RSS (Linux 4.0+), so each phase reports its own peak.
reset_peak() { echo 5 >"/proc/$1/clear_refs"; }
mb() { awk -v k="$1" 'BEGIN {printf "%.1f", k/1024}'; }
json() { python3 -c "import json,sys; v=json.load(sys.stdin); print(eval('v'+sys.argv[1]))" "$1"; }
wait_http() { for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; return 1; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

PHOTO=$OUT/photo-12mp.jpg
echo "== the photo, and the image functions in-process"
build/bench/cairn_photo_bench "$PHOTO"
PHOTO_BYTES=$(stat -c %s "$PHOTO")

DIR=$(mktemp -d -p "${BENCH_TMP:-$PWD/bench/out}")
PORT=$(free_port)
"$CAIRN" serve --http "127.0.0.1:$PORT" --dir "$DIR" 2>"$OUT/server.log" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$DIR"' EXIT
C="http://127.0.0.1:$PORT/api/v1"
wait_http "http://127.0.0.1:$PORT/api/health"
curl -s -X PUT "$C/user" -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password","passwordConfirm":"bench-password"}' >/dev/null
LOGIN=$(curl -s -X POST "$C/auth/login" -H 'content-type: application/json' -d '{"username":"bench","password":"bench-password"}')
TOKEN=$(json "['token']" <<<"$LOGIN")
USER_ID=$(json "['record']['id']" <<<"$LOGIN")
AUTH="Authorization: Bearer $TOKEN"
new_trail() {
  curl -s -X PUT "$C/trail" -H "$AUTH" -H 'content-type: application/json' \
    -d "{\"name\":\"bench\",\"public\":true,\"author\":\"$USER_ID\"}" | json "['id']"
}
IDLE_KB=$(status_kb $PID VmRSS)
reset_peak $PID

echo
echo "== upload: $UPLOADS photos of $(awk -v b="$PHOTO_BYTES" 'BEGIN {printf "%.2f", b/1e6}') MB, one request each (checked, EXIF read, fsynced, committed)"
TRAIL=$(new_trail)
start=$(date +%s.%N)
for _ in $(seq "$UPLOADS"); do
  curl -sf -o /dev/null -H "$AUTH" -F "photos=@$PHOTO;type=image/jpeg" "$C/trail/$TRAIL/file"
done
end=$(date +%s.%N)
awk -v n="$UPLOADS" -v b="$PHOTO_BYTES" -v s="$start" -v e="$end" \
  'BEGIN {printf "sequential: %.1f MB/s (%.0f ms per photo)\n", n*b/1e6/(e-s), (e-s)*1000/n}'
TRAIL4=$(new_trail)
start=$(date +%s.%N)
for c in 1 2 3 4; do
  (for _ in $(seq $((UPLOADS / 4))); do
     curl -sf -o /dev/null -H "$AUTH" -F "photos=@$PHOTO;type=image/jpeg" "$C/trail/$TRAIL4/file"
   done) &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
end=$(date +%s.%N)
awk -v n="$(( UPLOADS / 4 * 4 ))" -v b="$PHOTO_BYTES" -v s="$start" -v e="$end" \
  'BEGIN {printf "4 clients:  %.1f MB/s\n", n*b/1e6/(e-s)}'
KEPT=$(curl -s -H "$AUTH" "$C/trail/$TRAIL4" | json "['photos'].__len__()")
echo "photos kept by the 4-client trail: $KEPT of $(( UPLOADS / 4 * 4 ))"
UPLOAD_PEAK_KB=$(status_kb $PID VmHWM)
echo "peak RSS while uploading: $(mb "$UPLOAD_PEAK_KB") MB; resident after: $(mb "$(status_kb $PID VmRSS)") MB"

echo
echo "== thumbnails of the 12-megapixel JPEG over HTTP (median of the $UPLOADS photos)"
NAMES=$(curl -s -H "$AUTH" "$C/trail/$TRAIL" | json "['photos']" | tr -d "[]',")
for size in 600x0 100x100; do
  : >"$OUT/first-$size" ; : >"$OUT/cached-$size"
  for name in $NAMES; do
    curl -s -o /dev/null -w '%{time_total}\n' "$C/files/trails/$TRAIL/$name?thumb=$size" >>"$OUT/first-$size"
    curl -s -o /dev/null -w '%{time_total}\n' "$C/files/trails/$TRAIL/$name?thumb=$size" >>"$OUT/cached-$size"
  done
  first=$(median <"$OUT/first-$size")
  cached=$(median <"$OUT/cached-$size")
  awk -v s="$size" -v f="$first" -v c="$cached" \
    'BEGIN {printf "%-8s first %7.1f ms   cached %6.2f ms   (%.0f× faster)\n", s, f*1000, c*1000, f/c}'
done

echo
echo "== $CLIENTS clients downloading photos at once, $ROUNDS each"
reset_peak $PID
BEFORE_KB=$(status_kb $PID VmRSS)
NAME=$(echo "$NAMES" | awk '{print $1}')
start=$(date +%s.%N)
for c in $(seq "$CLIENTS"); do
  (for _ in $(seq "$ROUNDS"); do curl -sf -o /dev/null "$C/files/trails/$TRAIL/$NAME"; done) &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
end=$(date +%s.%N)
PEAK_KB=$(status_kb $PID VmHWM)
awk -v n="$((CLIENTS * ROUNDS))" -v b="$PHOTO_BYTES" -v s="$start" -v e="$end" \
  'BEGIN {printf "%d downloads of the original: %.0f MB/s\n", n, n*b/1e6/(e-s)}'
echo "peak RSS: $(mb "$PEAK_KB") MB (resident before: $(mb "$BEFORE_KB") MB)"
echo
echo "== $CLIENTS clients asking at once for thumbnails never made (two makers at a time)"
TRAIL_T=$(new_trail)
for _ in $(seq "$CLIENTS"); do
  curl -sf -o /dev/null -H "$AUTH" -F "photos=@$PHOTO;type=image/jpeg" "$C/trail/$TRAIL_T/file"
done
reset_peak $PID
start=$(date +%s.%N)
for name in $(curl -s -H "$AUTH" "$C/trail/$TRAIL_T" | json "['photos']" | tr -d "[]',"); do
  curl -sf -o /dev/null "$C/files/trails/$TRAIL_T/$name?thumb=600x0" &
done
wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
end=$(date +%s.%N)
THUMB_PEAK_KB=$(status_kb $PID VmHWM)
awk -v n="$CLIENTS" -v s="$start" -v e="$end" 'BEGIN {printf "all %d made in %.2f s\n", n, e-s}'
echo "peak RSS: $(mb "$THUMB_PEAK_KB") MB; idle RSS at start was $(mb "$IDLE_KB") MB"
