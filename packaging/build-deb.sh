#!/usr/bin/env bash
# Builds cairn_<version>_<arch>.deb (`make deb`, `make deb ARCH=arm64`):
#   packaging/build-deb.sh --arch amd64|arm64 --version V --build-dir DIR --out DIR [--targets "T..."]
# Installs what the build needs (third_party/packages.txt, packaging-packages.txt and, for arm64,
# the arm64 architecture and packages-arm64.txt), configures DIR as a Release build with Debian's
# hardening flags (dpkg-buildflags) unless DIR is already configured (CI passes its test build),
# builds the targets (default: cairn; CAIRN_DEB_BINARY=FILE packages that binary instead), stages the package tree from packaging/, computes Depends:
# with dpkg-shlibdeps and writes OUT/cairn_<version>_<arch>.deb with dpkg-deb.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
arch="" version="" build_dir="" out="" targets="cairn"
while (($#)); do
  case "$1" in
    --arch) arch="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    --build-dir) build_dir="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --targets) targets="$2"; shift 2 ;;
    *) echo "build-deb.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$arch" in
  amd64) triplet=x86_64-linux-gnu ;;
  arm64) triplet=aarch64-linux-gnu ;;
  *) echo "build-deb.sh: --arch must be amd64 or arm64, not '$arch'" >&2; exit 2 ;;
esac
if [[ -z "$version" || -z "$build_dir" || -z "$out" ]]; then
  echo "build-deb.sh: --version, --build-dir and --out are required" >&2
  exit 2
fi
# Debian policy: upstream version digits first, then letters, digits and + . ~ (no revision: the
# package is native, built from this tree).
if [[ ! "$version" =~ ^[0-9][A-Za-z0-9.+~]*$ ]]; then
  echo "build-deb.sh: '$version' is not a Debian native version (e.g. 0.1.0 or 0.1.0+git5)" >&2
  exit 2
fi
native="$(dpkg --print-architecture)"
if [[ "$arch" != "$native" && "$arch" != arm64 ]]; then
  echo "build-deb.sh: cross builds are set up for arm64 only (this machine is $native)" >&2
  exit 2
fi
cd "$root"
build_dir="$(realpath -m "$build_dir")"
out="$(realpath -m "$out")"

# --- what the build needs ---------------------------------------------------------------------
bash third_party/install-deps.sh
bash third_party/install-deps.sh third_party/packaging-packages.txt
if [[ "$arch" != "$native" ]]; then
  if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    sudo_cmd=()
    [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
    echo "adding the $arch architecture to dpkg" >&2
    "${sudo_cmd[@]}" dpkg --add-architecture "$arch"
    "${sudo_cmd[@]}" apt-get update -qq
  fi
  bash third_party/install-deps.sh "third_party/packages-$arch.txt"
fi

# --- the binary -------------------------------------------------------------------------------
if [[ -n "${CAIRN_DEB_BINARY:-}" ]]; then
  # A binary built elsewhere (a Release build of this tree for ARCH), packaged as it is.
  binary="$CAIRN_DEB_BINARY"
elif [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  # Debian's hardening (stack protector, fortify, relro, now) as dpkg-buildflags gives it for the
  # target architecture; -g dropped: the binary is stripped anyway.
  flags() {
    DEB_BUILD_MAINT_OPTIONS=hardening=+all DEB_CXXFLAGS_MAINT_STRIP=-g \
      dpkg-architecture -a "$arch" -c dpkg-buildflags --get "$1" 2>/dev/null
  }
  cmake_args=(-S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CXX_FLAGS=$(flags CXXFLAGS) $(flags CPPFLAGS)"
    "-DCMAKE_EXE_LINKER_FLAGS=$(flags LDFLAGS)")
  if [[ "$arch" != "$native" ]]; then
    cmake_args+=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/$triplet.cmake")
  fi
  if command -v ccache >/dev/null; then
    cmake_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake "${cmake_args[@]}"
fi
if [[ -z "${CAIRN_DEB_BINARY:-}" ]]; then
  if ! grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build_dir/CMakeCache.txt"; then
    echo "build-deb.sh: $build_dir is not a Release build; packages ship Release binaries" >&2
    exit 1
  fi
  # shellcheck disable=SC2086  # targets is a space-separated list
  cmake --build "$build_dir" -j "${JOBS:-$(nproc)}" --target $targets
  binary="$build_dir/cairn"
fi
machine="$(readelf -h "$binary" | sed -n 's/^ *Machine: *//p')"
if [[ "$machine" != "$(case $arch in amd64) echo 'Advanced Micro Devices X86-64' ;; arm64) echo AArch64 ;; esac)" ]]; then
  echo "build-deb.sh: $binary is not an $arch executable (machine: $machine)" >&2
  exit 1
fi

# --- the package tree -------------------------------------------------------------------------
umask 022
stage="$out/stage-$arch"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN" "$out"
install -D -m 0755 "$binary" "$stage/usr/bin/cairn"
"$triplet-strip" --strip-unneeded --remove-section=.comment --remove-section=.note \
  "$stage/usr/bin/cairn"
for unit in cairn.service cairn-backup.service cairn-backup.timer; do
  install -D -m 0644 "packaging/$unit" "$stage/lib/systemd/system/$unit"
done
install -D -m 0644 packaging/default "$stage/etc/default/cairn"
doc="$stage/usr/share/doc/cairn"
install -D -m 0644 packaging/copyright "$doc/copyright"
# Reproducible: dates from the last commit, not the clock.
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
maintainer="${DEB_MAINTAINER:-The Cairn authors <cairn@example.org>}"
{
  echo "cairn ($version) unstable; urgency=medium"
  echo
  echo "  * Built from the Cairn source tree; its history is the project's git log."
  echo
  echo " -- $maintainer  $(date -R -u -d "@$epoch")"
} | gzip -9n >"$doc/changelog.gz"
install -d -m 0755 "$stage/usr/share/man/man1"
gzip -9n <packaging/cairn.1 >"$stage/usr/share/man/man1/cairn.1.gz"
chmod 0644 "$doc/changelog.gz" "$stage/usr/share/man/man1/cairn.1.gz"
if [[ -f packaging/lintian-overrides ]]; then
  install -D -m 0644 packaging/lintian-overrides "$stage/usr/share/lintian/overrides/cairn"
fi
for script in postinst prerm postrm; do
  install -m 0755 "packaging/$script" "$stage/DEBIAN/$script"
done
echo /etc/default/cairn >"$stage/DEBIAN/conffiles"
find "$stage" -exec touch -h -d "@$epoch" {} +

# Depends: the shared libraries the binary links, as dpkg-shlibdeps maps them to packages (of
# the target architecture: the :arm64 libraries on a cross build). It wants a debian/control.
shlib_dir="$out/shlibdeps-$arch"
rm -rf "$shlib_dir"
mkdir -p "$shlib_dir/debian"
printf 'Source: cairn\n\nPackage: cairn\nArchitecture: any\n' >"$shlib_dir/debian/control"
shlibs="$(cd "$shlib_dir" && dpkg-architecture -a "$arch" -c \
  dpkg-shlibdeps -O "$stage/usr/bin/cairn" 2>"$shlib_dir/warnings")"
shlibs="${shlibs#shlibs:Depends=}"
if [[ -z "$shlibs" ]]; then
  echo "build-deb.sh: dpkg-shlibdeps found no dependencies:" >&2
  cat "$shlib_dir/warnings" >&2
  exit 1
fi
rm -rf "$shlib_dir"

installed_kb="$(du -k -s --apparent-size --exclude=DEBIAN "$stage" | cut -f1)"
cat >"$stage/DEBIAN/control" <<EOF
Package: cairn
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_kb
Depends: $shlibs, adduser
Section: web
Priority: optional
Description: self-hosted trail archive and sharing server
 Cairn keeps every hike, ride and summit (GPS tracks, waypoints, photos,
 lists, summit logs and comments) and shares some of it with friends. It is
 one small binary with SQLite inside and a web app built in, and runs as the
 cairn system service with its data in /var/lib/cairn.
 .
 Settings are in /etc/default/cairn; a daily timer backs the data up while
 the server runs.
EOF
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z |
  xargs -0 md5sum >DEBIAN/md5sums)
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums" "$stage/DEBIAN/conffiles"

deb="$out/cairn_${version}_${arch}.deb"
SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
rm -rf "$stage"
echo "$deb"
