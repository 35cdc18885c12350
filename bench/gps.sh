#!/usr/bin/env bash
# GPS parsing + statistics: Cairn against gpxpy (Debian python3-gpxpy) and GPSBabel on the same
# files, one process per file and tool; then a 100 000-point upload through the real server.
# Prints MB/s, points/s, peak RSS and ratios. usage: bench/gps.sh  (env GPSDATA, POINTS=1000000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GPSDATA=${GPSDATA:-$(cd .. && pwd)/shared/gpsdata}
POINTS=${POINTS:-1000000}
OUT=bench/out/gps
mkdir -p "$OUT"
bash third_party/install-deps.sh bench/packages.txt
cmake --build build -j "$(nproc)" --target cairn_gps_bench cairn >/dev/null
BENCH=build/bench/cairn_gps_bench

[[ -s $OUT/big.gpx ]] || python3 bench/make_gpx.py "$POINTS" "$OUT/big.gpx"
[[ -s $OUT/upload.gpx ]] || python3 bench/make_gpx.py 100000 "$OUT/upload.gpx"
files=("$OUT/big.gpx")
for f in gpsbabel/reference/track/mtk_logger_m241_multiple_tracks.gpx togeojson/test/data/blue_hills.gpx \
         gpxpy/test_files/korita-zbevnica.gpx gpsbabel/reference/track/gtrnctr_power.tcx \
         python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit; do
  [[ -f $GPSDATA/$f ]] && files+=("$GPSDATA/$f")
done

peak_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }

printf "%-44s %9s %9s %10s %10s %9s %10s %10s %8s %8s\n" file MB points "cairn ms" "MB/s" "peak/size" \
       "gpxpy ms" "babel ms" "×gpxpy" "×babel"
for f in "${files[@]}"; do
  line=$("$BENCH" --repeat 3 "$f")
  IFS=$'\t' read -r _ bytes points ms mbs pps rss _ <<<"$line"
  [[ $bytes == ERROR ]] && { echo "$f: $line"; continue; }
  peak=$(peak_kb "$BENCH" --repeat 1 "$f")
  ratio_mem=$(echo "scale=2; $peak * 1024 / $bytes" | bc)
  gpxpy_ms=- babel_ms=- x_gpxpy=- x_babel=-
  case $f in
    *.gpx)
      gpxpy_s=$(seconds /usr/bin/python3 -c "import gpxpy,sys; g=gpxpy.parse(open(sys.argv[1])); g.length_2d(); g.get_uphill_downhill(); g.get_duration()" "$f")
      gpxpy_ms=$(echo "$gpxpy_s * 1000" | bc | cut -d. -f1)
      babel_s=$(seconds gpsbabel -i gpx -f "$f" -o gpx -F /dev/null)
      babel_ms=$(echo "$babel_s * 1000" | bc | cut -d. -f1)
      x_gpxpy=$(echo "scale=1; $gpxpy_ms / $ms" | bc)
      x_babel=$(echo "scale=1; $babel_ms / $ms" | bc) ;;
  esac
  printf "%-44s %9.2f %9s %10.1f %10s %9s %10s %10s %8s %8s\n" "$(basename "$f" | cut -c1-44)" \
         "$(echo "$bytes / 1000000" | bc -l)" "$points" "$ms" "$mbs" "$ratio_mem" "$gpxpy_ms" "$babel_ms" \
         "$x_gpxpy" "$x_babel"
done
echo "gpxpy: parse + length_2d + uphill/downhill + duration in one python3 process (start-up included);"
echo "gpsbabel: read GPX and write GPX to /dev/null (it computes no statistics); cairn: best of 3 in-process passes."
echo "peak/size: the whole process's peak RSS over the file size (small files show the ~6 MB process baseline)."

# A 100 000-point upload through HTTP, timed by curl.
source bench/lib.sh
start_cairn /dev/null
api=$API
token=$TOKEN
for run in 1 2 3; do
  curl -s -o "$OUT/upload.json" -w "100k-point upload ($(du -h "$OUT/upload.gpx" | cut -f1)) run $run: HTTP %{http_code} in %{time_total} s\n" \
    -X PUT "$api/trail/upload?ignoreDuplicates=true" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/gpx+xml' --data-binary @"$OUT/upload.gpx"
done
echo "server peak RSS: $(awk '/VmHWM/ {print $2}' /proc/$CAIRN_PID/status) kB"
