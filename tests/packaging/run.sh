#!/usr/bin/env bash
# `make deb-test [ARCH=arm64]`: proves the Debian package the way an admin meets it.
#   tests/packaging/run.sh --arch A --version V --build-dir DIR --out DIR
# 1. builds cairn_V_A.deb and cairn_V+pkgtest1_A.deb (the "upgrade"), lintian finds no errors,
#    systemd-analyze verify accepts the units;
# 2. in a clean Debian 12 root (mmdebstrap, cached as a tarball in OUT) apt installs the package
#    (Depends: resolved by apt), then checks the files, the cairn user, the enabled units and the
#    conffile; starts /usr/bin/cairn as the cairn user with /etc/default/cairn and
#    --dir /var/lib/cairn on a free 127.0.0.1 port, calls /api/health, signs up and makes a trail;
# 3. upgrades (data, account, trail and an edited conffile kept; postinst asks systemd to restart
#    the units), removes (data, user and settings kept; prerm stops the units) and purges
#    (data, user, group, settings and unit links gone).
# On arm64 the root is an arm64 Debian run under qemu-user (tests/packaging/arm64.sh), and the
# arm64 unit and API tests run under qemu-user through ctest first.
# Prints "N passed, M failed" and exits non-zero when a check fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(cd "$here/../.." && pwd)"
arch="" version="" build_dir="" out=""
while (($#)); do
  case "$1" in
    --arch) arch="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    --build-dir) build_dir="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
cd "$root_dir"
out="$(realpath -m "$out")"
build_dir="$(realpath -m "$build_dir")"
mkdir -p "$out"
export RESULTS="$out/deb-test-$arch.results"
: >"$RESULTS"
: >"$RESULTS.log"
# shellcheck source=tests/packaging/lib.sh
source "$here/lib.sh"
start_all=$(date +%s)

# --- 1. build, lintian, systemd-analyze --------------------------------------------------------
targets="cairn"
[[ "$arch" != "$(dpkg --print-architecture)" ]] && targets="cairn cairn_unit_tests cairn_api_tests"
t0=$(date +%s)
deb="$(bash packaging/build-deb.sh --arch "$arch" --version "$version" --build-dir "$build_dir" \
  --out "$out" --targets "$targets" | tail -1)"
next_version="$version+pkgtest1"
deb2="$(bash packaging/build-deb.sh --arch "$arch" --version "$next_version" \
  --build-dir "$build_dir" --out "$out" | tail -1)"
note "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) and $(basename "$deb2") in $(($(date +%s) - t0)) s"
check "package is named cairn_<version>_<arch>.deb" test "$(basename "$deb")" = "cairn_${version}_${arch}.deb"
check "Architecture: is $arch" test "$(dpkg-deb -f "$deb" Architecture)" = "$arch"
depends="$(dpkg-deb -f "$deb" Depends)"
note "Depends: $depends"
note "Installed-Size: $(dpkg-deb -f "$deb" Installed-Size) KiB"
check "Depends: names libc6, libsqlite3-0, libsodium23 and adduser" \
  bash -c "grep -q 'libc6 (>=' <<<'$depends' && grep -q libsqlite3-0 <<<'$depends' &&
           grep -q libsodium23 <<<'$depends' && grep -q adduser <<<'$depends'"
check "/etc/default/cairn is a conffile" bash -c "dpkg-deb -e '$deb' '$out/ctl' && grep -qx /etc/default/cairn '$out/ctl/conffiles'"
check "md5sums cover /usr/bin/cairn" grep -q ' usr/bin/cairn$' "$out/ctl/md5sums"
rm -rf "$out/ctl"

lintian_log="$out/lintian-$arch.txt"
lintian --fail-on error --display-info --suppress-tags-from-file /dev/null "$deb" >"$lintian_log" 2>&1 &&
  lintian_rc=0 || lintian_rc=$?
note "lintian: $(grep -c '^E:' "$lintian_log" || true) errors, $(grep -c '^W:' "$lintian_log" || true) warnings, $(grep -c '^I:' "$lintian_log" || true) info"
sed 's/^/  lintian: /' "$lintian_log" >&2
check "lintian reports no errors" test "$lintian_rc" -eq 0

# systemd-analyze verify needs the binary that ExecStart names: verify against the package
# unpacked into a temporary root, beside this machine's own units (the targets named).
unpacked="$(mktemp -d)"
dpkg-deb -x "$deb" "$unpacked"
cp -an /lib/systemd/system/. "$unpacked/lib/systemd/system/"
verify_log="$out/systemd-analyze-$arch.txt"
check "systemd-analyze verify accepts the units" bash -c "
  systemd-analyze verify --root='$unpacked' --man=no \
    '$unpacked/lib/systemd/system/cairn.service' '$unpacked/lib/systemd/system/cairn-backup.service' \
    '$unpacked/lib/systemd/system/cairn-backup.timer' >'$verify_log' 2>&1 && ! grep -qi cairn '$verify_log'"
sed 's/^/  systemd-analyze: /' "$verify_log" >&2
exposure="$(systemd-analyze security --offline=yes --root="$unpacked" \
  "$unpacked/lib/systemd/system/cairn.service" 2>/dev/null | sed -n 's/.*Overall exposure level for .*: //p')"
note "systemd-analyze security: exposure $exposure"
rm -rf "$unpacked"

# --- 2 and 3. the package in a clean Debian 12 root --------------------------------------------
if [[ "$arch" == "$(dpkg --print-architecture)" ]]; then
  bash "$here/in_root.sh" "$arch" "$deb" "$deb2" "$out" || check "the root test ran to its end" false
else
  bash "$here/arm64.sh" "$deb" "$deb2" "$out" "$build_dir" || check "the arm64 test ran to its end" false
fi
note "deb-test $arch took $(($(date +%s) - start_all)) s"
finish
