#!/usr/bin/env bash
# Backup throughput: a data dir of about SIZE_MB (trails with GPX tracks, each with photos:
# camera-sized JPEGs padded with random bytes, so no two are alike) is made through the real
# server, then `cairn backup` runs beside the server and `cairn backup --verify` and
# `cairn restore` follow; each prints MB/s over the archive's size.
# usage: bench/backup.sh   (env: SIZE_MB=1024 PHOTO_MB=4 CAIRN=build/cairn BENCH_TMP=dir)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SIZE_MB=${SIZE_MB:-1024}
PHOTO_MB=${PHOTO_MB:-4}
OUT=bench/out/backup
CAIRN=${CAIRN:-build/cairn}
mkdir -p "$OUT"
bash third_party/install-deps.sh bench/packages.txt
cmake --build build -j "$(nproc)" --target cairn_photo_bench cairn >/dev/null

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
json() { python3 -c "import json,sys; v=json.load(sys.stdin); print(eval('v'+sys.argv[1]))" "$1"; }
wait_http() { for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; return 1; }
now() { date +%s.%N; }
rate() { awk -v b="$1" -v s="$2" -v e="$3" 'BEGIN {printf "%.0f MB in %.1f s: %.0f MB/s", b/1048576, e-s, b/1048576/(e-s)}'; }

BASE=$OUT/photo-12mp.jpg
[[ -s $BASE ]] || build/bench/cairn_photo_bench "$BASE" >/dev/null

WORK=$(mktemp -d -p "${BENCH_TMP:-$PWD/bench/out}")
DIR=$WORK/data
PORT=$(free_port)
"$CAIRN" serve --http "127.0.0.1:$PORT" --dir "$DIR" --max-photo-mb 64 --max-upload-mb 256 \
  2>"$OUT/server.log" &
PID=$!
trap 'kill $PID 2>/dev/null; rm -rf "$WORK"' EXIT
C="http://127.0.0.1:$PORT/api/v1"
wait_http "http://127.0.0.1:$PORT/api/health"
curl -s -X PUT "$C/user" -H 'content-type: application/json' \
  -d '{"username":"bench","email":"bench@example.com","password":"bench-password","passwordConfirm":"bench-password"}' >/dev/null
LOGIN=$(curl -s -X POST "$C/auth/login" -H 'content-type: application/json' -d '{"username":"bench","password":"bench-password"}')
AUTH="Authorization: Bearer $(json "['token']" <<<"$LOGIN")"

# Each photo: the camera JPEG with comment segments of random bytes after its SOI marker.
photo() {
  python3 - "$BASE" "$1" "$PHOTO_MB" <<'PY'
import os, sys
base = open(sys.argv[1], 'rb').read()
target = int(float(sys.argv[3]) * 1048576)
out = bytearray(base[:2])
while len(out) + len(base) < target:
    out += b'\xff\xfe\xff\xff' + os.urandom(65533)
out += base[2:]
open(sys.argv[2], 'wb').write(out)
PY
}
gpx() {
  python3 - "$1" "$2" <<'PY'
import sys
n = int(sys.argv[2]); lon = 5 + n * 0.01
points = ''.join('<trkpt lat="%.5f" lon="%.5f"><ele>%d</ele><time>2024-06-01T08:%02d:%02dZ</time></trkpt>'
                 % (47 + i * 0.0002, lon, 500 + i % 50, (i // 60) % 60, i % 60) for i in range(3000))
open(sys.argv[1], 'w').write('<?xml version="1.0"?><gpx version="1.1" creator="bench" '
    'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Walk %d</name><trkseg>%s</trkseg></trk></gpx>' % (n, points))
PY
}

PHOTOS=$(( SIZE_MB / PHOTO_MB ))
TRAILS=$(( (PHOTOS + 3) / 4 ))
echo "== making a data dir: $TRAILS trails with GPX tracks, $PHOTOS photos of $PHOTO_MB MB"
start=$(now)
for t in $(seq "$TRAILS"); do
  gpx "$WORK/t.gpx" "$t"
  id=$(curl -sf -X PUT "$C/trail/upload" -H "$AUTH" -H 'content-type: application/gpx+xml' \
    --data-binary "@$WORK/t.gpx" | json "['id']")
  for p in 1 2 3 4; do
    (( (t - 1) * 4 + p > PHOTOS )) && break
    photo "$WORK/p$p.jpg"
  done
  args=()
  for f in "$WORK"/p*.jpg; do args+=(-F "photos+=@$f;type=image/jpeg"); done
  curl -sf -o /dev/null -H "$AUTH" "${args[@]}" "$C/trail/$id/file"
  rm -f "$WORK"/p*.jpg
done
end=$(now)
DATA_BYTES=$(du -sb "$DIR" | cut -f1)
echo "made $(awk -v b="$DATA_BYTES" 'BEGIN {printf "%.0f", b/1048576}') MB in $(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", e-s}') s"
sync

# Cold reads where the kernel lets us drop its cache (root); otherwise the figures are warm.
drop_cache() { sync; if echo 3 >/proc/sys/vm/drop_caches 2>/dev/null; then echo "(page cache dropped)"; else echo "(warm page cache: not root)"; fi; }

ARCHIVE=$WORK/backup.tar
echo
echo "== cairn backup beside the running server $(drop_cache)"
start=$(now)
"$CAIRN" backup --dir "$DIR" --to "$ARCHIVE" >"$OUT/backup.log"
end=$(now)
BYTES=$(stat -c %s "$ARCHIVE")
echo "backup:  $(rate "$BYTES" "$start" "$end")"

echo "== cairn backup --verify $(drop_cache)"
start=$(now)
"$CAIRN" backup --verify "$ARCHIVE" >"$OUT/verify.log"
end=$(now)
echo "verify:  $(rate "$BYTES" "$start" "$end")"

echo "== cairn restore (verifies, then unpacks and syncs) $(drop_cache)"
start=$(now)
"$CAIRN" restore "$ARCHIVE" --dir "$WORK/restored" >"$OUT/restore.log"
end=$(now)
echo "restore: $(rate "$BYTES" "$start" "$end") (the archive is read twice)"
