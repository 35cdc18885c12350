#!/usr/bin/env bash
# Elevation gain/loss per GPS file, as a Markdown table for docs/STATISTICS.md: the device's own
# totals (FIT session/lap, TCX lap) against Cairn before the current work (commit $BEFORE), Cairn
# as built from the working tree, gpxpy (Debian python3-gpxpy) and a port of wanderer v0.18.
# Rows: every FIT file of the corpus whose device totals include ascent or descent, every TCX file
# with a <Lap>, the files named in `required` below, and a few GPX files. Files missing on this
# machine are skipped with a note. The corpus is read in place, never copied.
# Writes the table to stdout and to bench/out/elevation/table.md; progress goes to stderr.
# The "before" tree (git archive of $BEFORE) and its build are cached in bench/out/elevation/, so
# only the first run builds it.
# usage: bench/elevation_table.sh   (env GPSDATA, BEFORE=9829171)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GPSDATA=${GPSDATA:-$(cd .. && pwd)/shared/gpsdata}
BEFORE=${BEFORE:-9829171}
OUT=bench/out/elevation
PY=/usr/bin/python3  # Debian's python, where python3-gpxpy is; python3 on PATH may be another one
JOBS=$(nproc)
mkdir -p "$OUT/gpx"
bash third_party/install-deps.sh bench/packages.txt
[[ -d $GPSDATA ]] || { echo "no corpus at $GPSDATA (set GPSDATA)" >&2; exit 1; }

# run LOG CMD...: CMD with its output in LOG, shown only when it fails.
run() {
  local log=$1
  shift
  "$@" >"$log" 2>&1 || { echo "failed: $* (log: $log)" >&2; tail -40 "$log" >&2; exit 1; }
}

# "after": the driver built from the working tree, in build/.
echo "building the working tree's driver" >&2
grep -qs cairn_elevation_driver build/bench/Makefile || run "$OUT/after-configure.log" cmake -S . -B build
run "$OUT/after-build.log" cmake --build build -j "$JOBS" --target cairn_elevation_driver
AFTER=build/bench/cairn_elevation_driver

# "before": the same driver source built against $BEFORE's geo library, from a git archive of that
# commit (no worktree, so .git is left alone), with the target appended to its CMakeLists.txt.
before_commit=$(git rev-parse --verify "$BEFORE^{commit}")
SRC=$OUT/before-src
BLD=$OUT/before-build
if [[ $(cat "$SRC/.cairn-commit" 2>/dev/null || true) != "$before_commit" ]]; then
  echo "extracting $BEFORE into $SRC" >&2
  rm -rf "$SRC" "$BLD"
  mkdir -p "$SRC"
  git archive "$before_commit" | tar -x -C "$SRC"
  cat >>"$SRC/CMakeLists.txt" <<'EOF'

# Added by bench/elevation_table.sh (not part of this commit).
add_executable(cairn_elevation_driver EXCLUDE_FROM_ALL bench/elevation_driver.cpp)
target_link_libraries(cairn_elevation_driver PRIVATE cairn_geo)
EOF
  echo "$before_commit" >"$SRC/.cairn-commit"
fi
mkdir -p "$SRC/bench"
cmp -s bench/elevation_driver.cpp "$SRC/bench/elevation_driver.cpp" ||
  cp bench/elevation_driver.cpp "$SRC/bench/elevation_driver.cpp"
echo "building the driver at $BEFORE (cached after the first run)" >&2
[[ -f $BLD/CMakeCache.txt ]] ||
  run "$OUT/before-configure.log" cmake -S "$SRC" -B "$BLD" -DCMAKE_BUILD_TYPE=Release
run "$OUT/before-build.log" cmake --build "$BLD" -j "$JOBS" --target cairn_elevation_driver
BEFORE_BIN=$BLD/cairn_elevation_driver

# Which files. `required` and `gpx_files` must be in the table (a note when missing); other FIT
# and TCX files join when they carry device totals.
required=(
  python-fitparse/tests/files/activity-small-fenix2-run.fit
  python-fitparse/tests/files/garmin-fenix-5-walk.fit
  python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit
  python-fitparse/tests/files/coros-pace-2-cycling-misaligned-fields.fit
  gpsbabel/reference/track/wahoo-element-bolt.fit
  gpsbabel/reference/track/garmin-edge-800.fit
  gpsbabel/reference/track/history.tcx
  gpsbabel/reference/track/gtrnctr_power.tcx
  togeojson/test/data/tour_hr.tcx
)
gpx_files=(
  FitTrackee/fittrackee/tests/fixtures/fixtures_workouts.gpx_file.gpx
  gpxpy/test_files/cerknicko-jezero.gpx
  gpxpy/test_files/korita-zbevnica.gpx
  gpxpy/test_files/Mojstrovka.gpx
)
notes=()
declare -A wanted=()
for rel in "${required[@]}" "${gpx_files[@]}"; do
  if [[ -f $GPSDATA/$rel ]]; then wanted[$rel]=1; else notes+=("skipped $rel: not on this machine"); fi
done
candidates=()
while IFS= read -r path; do candidates+=("${path#"$GPSDATA"/}"); done < <(
  find "$GPSDATA" -type f \( -iname '*.fit' -o -iname '*.tcx' \) | sort)

# Both drivers over every candidate and GPX file at once: one line per file.
declare -A after=() before=()
all=("${candidates[@]}")
for rel in "${gpx_files[@]}"; do if [[ -n ${wanted[$rel]+x} ]]; then all+=("$rel"); fi; done
abs=()
for rel in "${all[@]}"; do abs+=("$GPSDATA/$rel"); done
echo "running both drivers on ${#abs[@]} files" >&2
while IFS= read -r line; do after[${line%%$'\t'*}]=${line#*$'\t'}; done < <("$AFTER" "${abs[@]}")
while IFS= read -r line; do before[${line%%$'\t'*}]=${line#*$'\t'}; done < <("$BEFORE_BIN" "${abs[@]}")

fit_rows=() tcx_rows=()
for rel in "${candidates[@]}"; do
  IFS=$'\t' read -r ascent descent _ <<<"${after[$GPSDATA/$rel]-}"
  if [[ ${rel,,} == *.fit ]]; then
    if [[ $ascent == ERROR || $ascent != - || $descent != - || -n ${wanted[$rel]+x} ]]; then
      fit_rows+=("$rel")
    fi
  elif grep -qs '<Lap' "$GPSDATA/$rel" || [[ -n ${wanted[$rel]+x} ]]; then
    tcx_rows+=("$rel")
  fi
done
rows=("${fit_rows[@]}" "${tcx_rows[@]}")
for rel in "${gpx_files[@]}"; do if [[ -n ${wanted[$rel]+x} ]]; then rows+=("$rel"); fi; done

# The GPX that gpxpy and the wanderer port read: the file itself, or GPSBabel's conversion
# (cached in $OUT/gpx, remade when the source is newer). Prints the path, or fails.
gpx_of() {
  local rel=$1 src=$GPSDATA/$1 format
  case ${rel,,} in
    *.gpx) echo "$src"; return 0 ;;
    *.fit) format=garmin_fit ;;
    *.tcx) format=gtrnctr ;;
    *) return 1 ;;
  esac
  local gpx=$OUT/gpx/${src//\//__}.gpx  # the whole path: another GPSDATA gets its own copy
  if [[ ! -s $gpx || $src -nt $gpx ]]; then
    if ! gpsbabel -i "$format" -f "$src" -o gpx -F "$gpx" 2>"$gpx.err"; then
      rm -f "$gpx"
      return 1
    fi
  fi
  echo "$gpx"
}

# Number formats: device totals as stored (whole metres print without ".0"), the rest to 0.1 m.
dev() { if [[ $1 == - ]]; then echo "–"; else printf '%s' "${1%.0}"; fi; }
pair() { if [[ $1 == - ]]; then echo "–"; else printf '%.1f / %.1f' "$1" "$2"; fi; }
md() { local s=${1//"$GPSDATA/"/}; s=${s//|/\\|}; printf '%s' "${s//$'\n'/ }"; }

gpxpy_version=$("$PY" -c 'import gpxpy; print(gpxpy.__version__)')
babel_version=$(gpsbabel -V 2>/dev/null | grep -o 'Version [0-9.]*' | cut -d' ' -f2 || true)
head_short=$(git rev-parse --short HEAD)
dirty=""
if [[ -n $(git status --porcelain -- src) ]]; then dirty=" + uncommitted src/ changes"; fi

{
  echo "| file | device gain / loss | ours before | ours after | gpxpy | wanderer | after within max(15 %, 10 m) |"
  echo "|---|---:|---:|---:|---:|---:|:---|"
  for rel in "${rows[@]}"; do
    name=$(basename "$rel")
    IFS=$'\t' read -r d_up d_down _ a_up a_down _ <<<"${after[$GPSDATA/$rel]-}"
    IFS=$'\t' read -r b_up b_down _ b_gain b_loss _ <<<"${before[$GPSDATA/$rel]-}"
    if [[ $d_up == ERROR ]]; then
      device="–" ours_after="error"
      if [[ $b_up == ERROR && $b_down == "$d_down" ]]; then
        notes+=("$name, ours before and after: $(md "$d_down")")
      else
        notes+=("$name, ours after: $(md "$d_down")")
      fi
      d_up=- a_up=-
    else
      device="$(dev "$d_up") / $(dev "$d_down")"
      [[ $device == "– / –" ]] && device="–"
      ours_after=$(pair "$a_up" "$a_down")
    fi
    if [[ $b_up == ERROR ]]; then
      ours_before="error"
      [[ $ours_after == error ]] || notes+=("$name, ours before: $(md "$b_down")")
    else
      ours_before=$(pair "$b_gain" "$b_loss")
    fi
    gpxpy="–" wanderer="–"
    if gpx=$(gpx_of "$rel"); then
      gpxpy=$("$PY" -c '
import sys, gpxpy
try:
    with open(sys.argv[1]) as f:
        up, down = gpxpy.parse(f).get_uphill_downhill()
    print(f"{up:.1f} / {down:.1f}")
except Exception as e:
    print("error: " + str(e).splitlines()[0])' "$gpx")
      if [[ $gpxpy == error:* ]]; then notes+=("$name, gpxpy: $(md "${gpxpy#error: }")"); gpxpy="error"; fi
      if w=$("$PY" bench/wanderer_gain.py "$gpx" 2>"$OUT/wanderer.err"); then
        IFS=$'\t' read -r w_up w_down <<<"$w"
        wanderer=$(pair "$w_up" "$w_down")
      else
        wanderer="error"
        notes+=("$name, wanderer: $(md "$(tail -1 "$OUT/wanderer.err")")")
      fi
    else
      notes+=("$name, gpxpy and wanderer: GPSBabel cannot convert it ($(md "$(head -1 "$OUT/gpx/${GPSDATA//\//__}__${rel//\//__}.gpx.err" 2>/dev/null)"))")
    fi
    within="–"
    if [[ $d_up != - && $a_up != - ]]; then
      within=$(awk -v a="$a_up" -v d="$d_up" 'BEGIN {
        tol = 0.15 * d; if (tol < 10) tol = 10
        diff = a - d
        printf "%s (%+.1f m)", (diff <= tol && -diff <= tol) ? "yes" : "no", diff }')
    fi
    echo "| $name | $device | $ours_before | $ours_after | $gpxpy | $wanderer | $within |"
  done
  echo
  echo "Metres, gain / loss. device: the file's own totals (total_ascent/descent of the FIT sessions, else of its laps) as Cairn's" \
       "reader returns them; TCX laps store none (–). ours before: Cairn's ComputeStatistics at ${before_commit:0:7}" \
       "(bench/elevation_driver.cpp built against that commit's src/geo); ours after: the same driver built from" \
       "the working tree (HEAD $head_short$dirty). gpxpy: Debian python3-gpxpy $gpxpy_version get_uphill_downhill()" \
       "(3-point smoothing; $gpxpy_version counts a missing elevation as 0 m, fixed in 1.6.0); wanderer:" \
       "bench/wanderer_gain.py, a port of wanderer v0.18.3 getTotals (a point counts only after a ≥ 5 m step" \
       "from the previous point, 5 m hysteresis, missing elevation = 0 m). Both read FIT/TCX as GPSBabel" \
       "${babel_version:-} converts them to GPX. Last column: |after gain − device gain| ≤ max(15 % of the device" \
       "gain, 10 m), with the difference."
  if ((${#notes[@]})); then
    echo
    for note in "${notes[@]}"; do echo "- $note"; done
  fi
} | tee "$OUT/table.md"
