# shellcheck shell=bash
# Shared by the packaging test scripts: checks append PASS/FAIL lines to $RESULTS (one file for
# the run, so scripts run in a sub-process, e.g. under a user namespace, count towards it).
: "${RESULTS:?RESULTS must name the results file}"

note() { echo "== $*" >&2; }

# check NAME COMMAND...: runs COMMAND, records whether it succeeded.
check() {
  local name="$1"
  shift
  if "$@" >/dev/null 2>>"$RESULTS.log"; then
    echo "PASS $name" >>"$RESULTS"
    echo "ok   - $name" >&2
  else
    echo "FAIL $name" >>"$RESULTS"
    echo "FAIL - $name" >&2
  fi
}

# finish: the closing count line; exits non-zero when a check failed or none ran.
finish() {
  local passed failed
  passed=$(grep -c '^PASS ' "$RESULTS" || true)
  failed=$(grep -c '^FAIL ' "$RESULTS" || true)
  grep '^FAIL ' "$RESULTS" | sed 's/^FAIL /failed: /' >&2 || true
  echo "$passed passed, $failed failed"
  [[ "$failed" -eq 0 && "$passed" -gt 0 ]]
}
