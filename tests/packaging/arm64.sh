#!/usr/bin/env bash
# The arm64 half of `make deb-test ARCH=arm64`: the arm64 unit and API tests under qemu-user
# (ctest), then the arm64 package in a clean arm64 Debian 12 root (in_root.sh), all on this
# amd64 machine.   tests/packaging/arm64.sh DEB UPGRADE_DEB OUT BUILD_DIR
# arm64 programs run through qemu-aarch64-static: ctest prefixes the test programs with it
# (CMAKE_CROSSCOMPILING_EMULATOR), and whatever they start (the API tests start the server, the
# root's apt runs arm64 maintainer scripts) needs the kernel's binfmt_misc to hand arm64 files to
# qemu: the machine's own registration (Debian's qemu-user-static and binfmt-support do it where
# systemd runs), else a private one made for this test alone (with_qemu_binfmt.py, Linux >= 6.7).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=tests/packaging/lib.sh
source "$here/lib.sh"
deb="$1" deb2="$2" out="$3" build_dir="$4"

if grep -qs '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64; then
  runner=()
  note "arm64 programs run through qemu-user registered in this machine's binfmt_misc"
elif /usr/bin/python3 "$here/with_qemu_binfmt.py" true 2>"$out/binfmt.log"; then
  runner=(/usr/bin/python3 "$here/with_qemu_binfmt.py")
  note "arm64 programs run through qemu-user registered in a private binfmt_misc (user namespace)"
else
  runner=(none)
  note "this kernel runs no arm64 program by itself (no binfmt_misc entry for qemu-aarch64, and" \
    "$(cat "$out/binfmt.log")); only the unit tests run, each under qemu-aarch64-static"
fi

# --- the arm64 tests under qemu-user ----------------------------------------------------------
ctest_log="$out/ctest-arm64.log"
t0=$(date +%s)
if [[ "${runner[0]:-}" == none ]]; then
  ctest --test-dir "$build_dir" -j "${JOBS:-$(nproc)}" --output-on-failure -R '^unit: ' \
    --timeout 600 >"$ctest_log" 2>&1 && rc=0 || rc=$?
else
  "${runner[@]}" ctest --test-dir "$build_dir" -j "${JOBS:-$(nproc)}" --output-on-failure \
    --timeout 600 >"$ctest_log" 2>&1 && rc=0 || rc=$?
fi
note "arm64 ctest under qemu-user: $(grep -E 'tests passed|tests failed' "$ctest_log" | tail -1)" \
  "in $(($(date +%s) - t0)) s"
grep -E '^\s+[0-9]+ - .*\(Failed|Timeout|SEGFAULT|Exception\)' "$ctest_log" >&2 || true
check "the arm64 build's tests pass under qemu-user (ctest)" test "$rc" -eq 0

# --- the arm64 package in an arm64 root --------------------------------------------------------
if [[ "${runner[0]:-}" == none ]]; then
  note "skipped: the arm64 root (apt runs arm64 maintainer scripts: needs binfmt_misc)"
  check "the arm64 binary runs under qemu-user and says its version" \
    bash -c "qemu-aarch64-static '$build_dir/cairn' --version | grep -q ."
  exit 0
fi
"${runner[@]}" bash "$here/in_root.sh" arm64 "$deb" "$deb2" "$out"
