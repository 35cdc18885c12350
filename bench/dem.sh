#!/usr/bin/env bash
# The terrain model (docs/TERRAIN.md): heights per second for a 100 000-point line, from the
# library (TileSet::Heights) and through POST /valhalla/height, and the server's resident
# memory with TILES imported tiles before and after lookups over all of them: tiles are mapped
# (RssFile grows by the pages read), not copied onto the heap (RssAnon stays).
# usage: bench/dem.sh   (env: TILES=50 SAMPLES=1201|3601 POINTS=100000 RUNS=20 REQUESTS=5
#                       BUILD=build, CAIRN=$BUILD/cairn: the server binary to measure)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
TILES=${TILES:-50}
SAMPLES=${SAMPLES:-1201}
POINTS=${POINTS:-100000}
RUNS=${RUNS:-20}
REQUESTS=${REQUESTS:-5}
BUILD=${BUILD:-build}
cmake --build "$BUILD" -j2 --target cairn cairn_dem_bench >/dev/null
CAIRN=${CAIRN:-$BUILD/cairn}

WORK=$(mktemp -d)
PID=
trap '[[ -n $PID ]] && kill $PID 2>/dev/null; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tiles" "$WORK/data"
"$BUILD"/bench/cairn_dem_bench tiles "$WORK/tiles" "$TILES" "$SAMPLES"
"$CAIRN" dem add "$WORK/tiles" --dir "$WORK/data" | tail -1
echo "tiles: $(du -sh "$WORK/data/dem" | cut -f1) in $WORK/data/dem"
cat "$WORK"/data/dem/*.dem >/dev/null  # into the page cache, as on a server that has run a while

"$BUILD"/bench/cairn_dem_bench lookup "$WORK/data/dem" "$POINTS" "$RUNS"

# "VmRSS RssAnon RssFile" in MB.
memory() { awk '/^(VmRSS|RssAnon|RssFile):/ {printf "%.1f ", $2/1024}' "/proc/$1/status"; }
PORT=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
"$CAIRN" serve --http "127.0.0.1:$PORT" --dir "$WORK/data" 2>"$WORK/server.log" &
PID=$!
API=http://127.0.0.1:$PORT/api/v1
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.1; done
sleep 0.5
BEFORE=$(memory $PID)
curl -s -X PUT "$API/user" -H 'Content-Type: application/json' \
  -d '{"username":"bench","email":"b@example.com","password":"bench-pass","passwordConfirm":"bench-pass"}' >/dev/null
TOKEN=$(curl -s -X POST "$API/auth/login" -H 'Content-Type: application/json' \
  -d '{"username":"bench","password":"bench-pass"}' | python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
"$BUILD"/bench/cairn_dem_bench body "$TILES" "$POINTS" >"$WORK/body.json"
times=()
for _ in $(seq "$REQUESTS"); do
  times+=("$(curl -s -o "$WORK/answer.json" -w '%{time_total}' -X POST "$API/valhalla/height" \
    -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' --data-binary @"$WORK/body.json")")
done
AFTER=$(memory $PID)
python3 - "$POINTS" "$WORK/answer.json" "$(wc -c <"$WORK/body.json")" "${times[@]}" <<'PY'
import json, statistics, sys
points, answer, body_bytes, times = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), [float(t) for t in sys.argv[4:]]
answer = json.load(open(answer))
if "height" not in answer: sys.exit(f"no heights: {answer}")
heights = answer["height"]
missing = sum(h is None for h in heights)
median = statistics.median(times)
print(f"HTTP: {points} points ({body_bytes / 1e6:.1f} MB polyline body) per request: median {median * 1000:.0f} ms "
      f"= {points / median / 1e6:.2f} million points/s, best {min(times) * 1000:.0f} ms ({missing} without height)")
PY
read -r rss0 anon0 file0 <<<"$BEFORE"
read -r rss1 anon1 file1 <<<"$AFTER"
printf '%-32s %8s %8s %8s\n' "server memory (MB)" VmRSS RssAnon RssFile
printf '%-32s %8s %8s %8s\n' "$TILES tiles mapped, before" "$rss0" "$anon0" "$file0"
printf '%-32s %8s %8s %8s\n' "after $REQUESTS requests" "$rss1" "$anon1" "$file1"
echo "cairn $("$CAIRN" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
