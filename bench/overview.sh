#!/usr/bin/env bash
# What the trails page's overview map costs on the wire for an archive of real-shaped trails:
# the gzipped bytes of every request it makes (500 trails each, up to the web app's cap of
# 2000), with each trail's 100-point `preview` and with its 24-point `sketch`.
# usage: bench/overview.sh   (env: COUNTS="200 500 1000 2000" GPSDATA=../shared/gpsdata)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
COUNTS=${COUNTS:-200 500 1000 2000}
GPSDATA=${GPSDATA:-$(cd .. && pwd)/shared/gpsdata}
[[ -x build/cairn ]] || { echo "build first: make build" >&2; exit 1; }
source bench/lib.sh
start_cairn bench/out/overview-server.log

# bytes FIELDS N -> the gzipped bytes of the requests that fetch N trails' FIELDS
bytes() {
  local total=0 page
  for ((page = 1; (page - 1) * 500 < $2; page++)); do
    total=$((total + $(curl -s --compressed -o /dev/null -w '%{size_download}' -H "Authorization: $TOKEN" \
      -H 'Accept-Encoding: gzip' "$API/trail?page=$page&perPage=500&skipTotal=true&sort=-created&fields=$1")))
  done
  echo "$total"
}

seeded=0
printf '%-8s %-22s %-22s %s\n' trails "preview KB (per trail)" "sketch KB (per trail)" ratio
for n in $COUNTS; do
  python3 bench/overview_seed.py "$API" "$TOKEN" $((n - seeded)) "$GPSDATA" 2>/dev/null
  seeded=$n
  p=$(bytes id,name,preview,lat,lon "$n")
  s=$(bytes id,name,sketch,lat,lon "$n")
  awk -v n="$n" -v p="$p" -v s="$s" 'BEGIN {printf "%-8d %6.1f (%3.0f B)           %6.1f (%3.0f B)           %.2f\n", n, p/1024, p/n, s/1024, s/n, s/p}'
done
