#!/usr/bin/env bash
# Error of geo::DistanceMeters against GeographicLib's geodesic (Karney, accurate to nanometres)
# on random point pairs at 1 m ... 1000 km and nearly antipodal, with the time per call.
# Needs g++ and GeodSolve (Debian: apt-get install geographiclib-tools).
# usage: bench/geodesy_accuracy.sh [PAIRS_PER_BAND] [SEED]   (defaults 10000 and 1)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PAIRS=${1:-10000}
SEED=${2:-1}
command -v GeodSolve >/dev/null || { echo "GeodSolve is required: apt-get install geographiclib-tools" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

g++ -std=c++20 -O2 -Wall -Wextra -Isrc -o "$WORK/driver" bench/geodesy_driver.cpp src/geo/geodesy.cpp
"$WORK/driver" generate "$PAIRS" "$SEED" >"$WORK/pairs"
# GeodSolve -i reads "lat1 lon1 lat2 lon2" and prints "azi1 azi2 s12"; -p 9 gives s12 in nm.
cut -d' ' -f2- "$WORK/pairs" | GeodSolve -i -p 9 >"$WORK/reference"
paste -d' ' "$WORK/pairs" "$WORK/reference" | "$WORK/driver" compare
