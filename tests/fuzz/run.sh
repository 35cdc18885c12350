#!/usr/bin/env bash
# Runs every fuzz target in BUILD_DIR/tests/fuzz for SECONDS each, seeded with the corpus files
# of its format from GPSDATA (when present), keeping what it learns in BUILD_DIR/fuzz-corpus/.
# Exits non-zero when any target finds a crash, leak, timeout or undefined behaviour; the
# reproducer is kept.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS [GPSDATA]
set -uo pipefail
build=$(cd "$1" && pwd)  # absolute: each target runs inside it (crash files land there)
seconds=$2
gpsdata=${3:-}
status=0
# UBSan reports and carries on unless told otherwise: undefined behaviour is a finding too.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
declare -A patterns=([gpx_fuzzer]='*.gpx' [tcx_fuzzer]='*.tcx' [kml_fuzzer]='*.kml'
                     [kmz_fuzzer]='*.kmz' [geojson_fuzzer]='*.geojson *.json' [fit_fuzzer]='*.fit')
for target in "$build"/tests/fuzz/*_fuzzer; do
  [[ -x $target ]] || continue
  name=$(basename "$target")
  corpus="$build/fuzz-corpus/$name"
  mkdir -p "$corpus"
  if [[ $name == image_check_fuzzer || $name == exif_fuzzer ]]; then
    "$build/tests/fuzz/make_image_seeds" "$corpus"
  fi
  if [[ $name == geotiff_fuzzer ]]; then
    "$build/tests/fuzz/make_dem_seeds" geotiff "$corpus"
  fi
  if [[ $name == dem_tile_fuzzer ]]; then
    "$build/tests/fuzz/make_dem_seeds" tile "$corpus"
  fi
  if [[ $name == tar_fuzzer ]]; then
    # Archives of GNU tar in both formats the reader takes: plain ustar, and pax with a long name.
    seeds=$(mktemp -d)
    mkdir -p "$seeds/storage/abc/def"
    printf 'hello' >"$seeds/data.db"
    printf 'x%.0s' $(seq 1 700) >"$seeds/storage/abc/def/$(printf 'n%.0s' $(seq 1 120)).jpg"
    tar -C "$seeds" --format=ustar -cf "$corpus/ustar.tar" data.db
    tar -C "$seeds" --format=pax -cf "$corpus/pax.tar" data.db storage
    rm -rf "$seeds"
  fi
  if [[ -n $gpsdata && -d $gpsdata ]]; then
    for pattern in ${patterns[$name]:-}; do
      find "$gpsdata" -name "$pattern" -size -4M -exec cp -n {} "$corpus/" \; 2>/dev/null
    done
  fi
  echo "== $name: ${seconds}s, $(ls "$corpus" | wc -l) inputs in its corpus"
  if ! (cd "$build" && "$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
          -print_final_stats=1 "$corpus" 2>"$build/$name.log"); then
    echo "!! $name found a problem; see $build/$name.log and the crash-*/leak-*/timeout-* file"
    tail -30 "$build/$name.log"
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$build/$name.log" | tr '\n' ' '
    echo
  fi
done
exit $status
