#!/usr/bin/env bash
# Import throughput: a Strava-style bulk export of N activities (default 2000: a third each FIT,
# GPX and TCX, an hour at one point a second, every tenth with a photo) imported by
# `cairn import` into a fresh data dir, as the web app's import job does it; then the same archive
# again (it must create nothing). Prints activities per second, the wall time and the peak
# memory of each run against the issue's goal (the whole archive in under 2 minutes, peak RSS
# under 100 MB).
# usage: bench/import.sh   (env: N=2000 BUILD=build CAIRN=$BUILD/cairn BENCH_TMP=dir)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
N=${N:-2000}
BUILD=${BUILD:-build}
CAIRN=${CAIRN:-$BUILD/cairn}
OUT=bench/out/import
mkdir -p "$OUT"
bash third_party/install-deps.sh bench/packages.txt
[[ -x $CAIRN ]] || cmake --build "$BUILD" -j "$(nproc)" --target cairn >/dev/null
cmake --build "$BUILD" -j "$(nproc)" --target cairn_photo_bench >/dev/null 2>&1 || true

ARCHIVE=$OUT/strava-export-$N.zip
PHOTO=$OUT/photo.jpg
[[ -s $PHOTO ]] || { [[ -x $BUILD/bench/cairn_photo_bench ]] && "$BUILD/bench/cairn_photo_bench" "$PHOTO" >/dev/null || true; }
if [[ ! -s $ARCHIVE ]]; then
  python3 bench/make_strava_export.py "$ARCHIVE" "$N" $([[ -s $PHOTO ]] && echo "$PHOTO")
fi
echo "archive: $N activities, $(du -m "$ARCHIVE" | cut -f1) MB ($ARCHIVE)"

WORK=$(mktemp -d -p "${BENCH_TMP:-$PWD/bench/out}")
trap 'rm -rf "$WORK"' EXIT
DIR=$WORK/data
# A data dir with its bench user, made by a server that then stops.
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
"$CAIRN" serve --http "127.0.0.1:$PORT" --dir "$DIR" 2>/dev/null &
PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.1; done
curl -s -X PUT "http://127.0.0.1:$PORT/api/v1/user" -H 'Content-Type: application/json' \
  -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
kill $PID; wait $PID 2>/dev/null || true

run() {
  local label=$1
  /usr/bin/time -f '%e %M' -o "$OUT/time-$label.txt" \
    "$CAIRN" import --dir "$DIR" --user bench "$ARCHIVE" >"$OUT/import-$label.log" 2>&1 || true
  read -r seconds kb <"$OUT/time-$label.txt"
  local summary
  summary=$(grep -o '(strava-export): .*' "$OUT/import-$label.log" | head -1)
  awk -v n="$N" -v s="$seconds" -v kb="$kb" -v label="$label" -v summary="$summary" 'BEGIN {
    printf "%-7s %s\n        %.1f s, %.1f activities/s, peak RSS %.1f MB\n", label":", summary, s, n/s, kb/1024
    printf "        goal: under 120 s (%.2fx of it), under 100 MB (%.2fx of it)\n", s/120, kb/1024/100 }'
}
run first
run again
