#!/usr/bin/env bash
# The package in a clean Debian 12 root: install, run as the packaged user, upgrade, remove, purge.
#   tests/packaging/in_root.sh ARCH DEB UPGRADE_DEB OUT
# Runs as root (chroot, mounts); the mounts live in a private mount namespace and vanish with it.
# For a foreign ARCH the kernel must run its binaries (binfmt_misc with qemu-user: arm64.sh).
# Called by run.sh, which counts the checks (RESULTS, lib.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=tests/packaging/lib.sh
source "$here/lib.sh"
arch="$1" deb="$2" deb2="$3" out="$4"
version="$(dpkg-deb -f "$deb" Version)"
version2="$(dpkg-deb -f "$deb2" Version)"

if [[ -z "${CAIRN_IN_MOUNT_NS:-}" ]]; then
  exec env CAIRN_IN_MOUNT_NS=1 unshare --mount --propagation private -- bash "$0" "$@"
fi

# --- the clean root ----------------------------------------------------------------------------
# The Debian mirrors this machine's apt uses (its sources for bookworm), never a host named here.
mirrors=()
while read -r site suite component; do
  mirrors+=("deb $site $suite $component")
done < <(apt-get indextargets --format '$(SITE) $(RELEASE) $(COMPONENT) $(CODENAME)' \
  'Created-By: Packages' | awk '$4 ~ /^bookworm/ {print $1, $2, $3}' | sort -u)
if ((${#mirrors[@]} == 0)); then
  echo "in_root.sh: apt has no bookworm sources configured (apt-get update?)" >&2
  exit 1
fi
# A tarball made once and kept in OUT: later runs start from an identical clean root in seconds.
tarball="$out/debian12-apt-$arch.tar"
if [[ ! -s "$tarball" ]]; then
  t0=$(date +%s)
  note "making a clean Debian 12 ($arch) root with mmdebstrap (once; kept as $tarball)"
  # (mmdebstrap picks the output format from the name: it must end in .tar.)
  mmdebstrap --quiet --variant=apt --arch="$arch" bookworm \
    "$tarball.partial.tar" "${mirrors[@]}"
  mv "$tarball.partial.tar" "$tarball"
  note "root made in $(($(date +%s) - t0)) s ($(du -m "$tarball" | cut -f1) MB)"
fi
work="$(mktemp -d "$out/root-$arch.XXXXXX")"
rootfs="$work/root"
cleanup() {
  [[ -n "${server_pid:-}" ]] && kill "$server_pid" 2>/dev/null
  for m in var/lib/cairn proc dev/null dev/zero dev/full dev/random dev/urandom; do
    mountpoint -q "$rootfs/$m" && umount -l "$rootfs/$m"
  done
  # Never into a mount that is still there.
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
mkdir "$rootfs"
# Device files are bound from the host below (a user namespace may not mknod).
tar -C "$rootfs" --exclude="./dev/*" -xf "$tarball"
mount -t proc proc "$rootfs/proc" 2>/dev/null || mount --rbind /proc "$rootfs/proc"
# The device files programs open, each bound alone (never all of /dev).
for node in null zero full random urandom; do
  [[ -e "$rootfs/dev/$node" ]] || touch "$rootfs/dev/$node"
  mount --bind "/dev/$node" "$rootfs/dev/$node"
done
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
cp "$deb" "$deb2" "$rootfs/tmp/"
in_root() {
  chroot "$rootfs" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LC_ALL=C.UTF-8 "$@"
}
apt_in_root() {
  in_root env DEBIAN_FRONTEND=noninteractive apt-get -o Dpkg::Use-Pty=0 -qq "$@" >>"$work/apt.log" 2>&1 ||
    { cat "$work/apt.log" >&2; return 1; }
}

# systemctl and deb-systemd-invoke as the maintainer scripts see them when systemd runs: stubs
# that record each call, so the test sees what would be started, restarted or stopped (apt runs
# dpkg with its own PATH, so the real deb-systemd-invoke is diverted aside, as an admin would).
# /run/systemd/system is the scripts' sign that systemd is running.
calls="$rootfs/tmp/systemd-calls"
pretend_systemd() {
  mkdir -p "$rootfs/run/systemd/system"
  in_root dpkg-divert --quiet --local --rename --add /usr/bin/deb-systemd-invoke
  for tool in systemctl deb-systemd-invoke; do
    printf '#!/bin/sh\necho "%s $*" >>/tmp/systemd-calls\n' "$tool" >"$rootfs/usr/bin/$tool"
    chmod 0755 "$rootfs/usr/bin/$tool"
  done
}
no_systemd() {
  rm -rf "$rootfs/run/systemd"
  if [[ -e "$rootfs/usr/bin/deb-systemd-invoke.distrib" ]]; then
    rm -f "$rootfs/usr/bin/systemctl" "$rootfs/usr/bin/deb-systemd-invoke"
    in_root dpkg-divert --quiet --local --rename --remove /usr/bin/deb-systemd-invoke
  fi
}

# --- install -----------------------------------------------------------------------------------
t0=$(date +%s)
apt_in_root update
no_systemd
check "apt installs the package and its Depends: in a clean Debian 12 root" \
  apt_in_root install --no-install-recommends "/tmp/$(basename "$deb")"
note "installed in $(($(date +%s) - t0)) s; the root's apt pulled in: $(grep -c '^Setting up' "$work/apt.log" || true) packages"
check "dpkg says cairn $version is installed" \
  test "$(in_root dpkg-query -W -f='${Status} ${Version}' cairn)" = "install ok installed $version"
check "/usr/bin/cairn runs in the root and says its version" \
  bash -c "chroot '$rootfs' /usr/bin/cairn --version | grep -q ."
passwd_line="$(in_root getent passwd cairn || true)"
note "cairn user: $passwd_line"
uid="$(cut -d: -f3 <<<"$passwd_line")"
check "the cairn system user exists, home /var/lib/cairn, no login shell" \
  bash -c "[[ -n '$uid' && '$uid' -lt 1000 ]] && [[ '$passwd_line' == *:/var/lib/cairn:/usr/sbin/nologin ]]"
check "the cairn group exists" in_root getent group cairn
for f in /lib/systemd/system/cairn.service /lib/systemd/system/cairn-backup.service \
  /lib/systemd/system/cairn-backup.timer /etc/default/cairn /usr/share/man/man1/cairn.1.gz \
  /usr/share/doc/cairn/copyright; do
  check "the package installed $f" test -s "$rootfs$f"
done
check "cairn.service is enabled (multi-user.target.wants)" \
  test -L "$rootfs/etc/systemd/system/multi-user.target.wants/cairn.service"
check "cairn-backup.timer is enabled (timers.target.wants)" \
  test -L "$rootfs/etc/systemd/system/timers.target.wants/cairn-backup.timer"
check "dpkg lists /etc/default/cairn as a conffile" \
  bash -c "chroot '$rootfs' dpkg-query -W -f='\${Conffiles}' cairn | grep -q '/etc/default/cairn '"
check "/var/lib/cairn is made for the cairn user (mode 750)" \
  test "$(stat -c '%u %a' "$rootfs/var/lib/cairn")" = "$uid 750"
check "without systemd running, the maintainer scripts start nothing" test ! -e "$calls"

# --- run it as the service would ---------------------------------------------------------------
# The unit's command line as the cairn user with /etc/default/cairn's settings; only the
# address is moved to a free loopback port (the packaged one is 0.0.0.0:8090).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start_server() {
  port="$(free_port)"
  chroot "$rootfs" env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 setpriv --reuid=cairn --regid=cairn \
    --init-groups --no-new-privs /bin/sh -c \
    "set -a; . /etc/default/cairn; set +a; CAIRN_HTTP=127.0.0.1:$port; export CAIRN_HTTP;
     exec /usr/bin/cairn serve --dir /var/lib/cairn \$CAIRN_ARGS" >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 150); do
    if curl -fsS "http://127.0.0.1:$port/api/health" >"$work/health.json" 2>/dev/null; then return 0; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  cat "$work/server.log" >&2
  return 1
}
stop_server() {
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  server_pid=""
}
api() { curl -sS -o "$work/reply.json" -w '%{http_code}' -H 'Content-Type: application/json' "$@"; }
API_BASE() { echo "http://127.0.0.1:$port/api/v1"; }

t0=$(date +%s)
check "the packaged server starts as the cairn user and answers /api/health" start_server
note "first start to a healthy answer: $(($(date +%s) - t0)) s; health: $(cat "$work/health.json" 2>/dev/null)"
# chroot, env, setpriv and sh each exec the next: the pid is the server's.
check "the server process runs as the cairn user" test "$(stat -c %u "/proc/$server_pid")" = "$uid"
check "sign-up works" test "$(api -X PUT "$(API_BASE)/user" \
  -d '{"username":"ada","email":"ada@example.com","password":"correct-horse","passwordConfirm":"correct-horse"}')" = 200
login() { api -X POST "$(API_BASE)/auth/login" -d '{"username":"ada","password":"correct-horse"}'; }
check "login works" test "$(login)" = 200
token="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["token"])' "$work/reply.json" 2>/dev/null || true)"
me="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["record"]["id"])' "$work/reply.json" 2>/dev/null || true)"
check "a trail is created" test "$(api -X PUT "$(API_BASE)/trail" -H "Authorization: Bearer $token" \
  -d "{\"name\":\"Zugspitze\",\"public\":true,\"author\":\"$me\",\"distance\":21500}")" = 200
stop_server
check "the data dir belongs to the cairn user" test "$(stat -c %u "$rootfs/var/lib/cairn/data.db")" = "$uid"
check "the data dir has the signing key, readable by cairn alone" \
  test "$(stat -c '%u %a' "$rootfs/var/lib/cairn/.secret")" = "$uid 600"

# --- upgrade -----------------------------------------------------------------------------------
# The admin's setting survives the upgrade (a conffile the new package did not change).
echo 'CAIRN_ARGS="--disable-signup"' >>"$rootfs/etc/default/cairn"
pretend_systemd
check "apt upgrades to $version2" apt_in_root install --no-install-recommends "/tmp/$(basename "$deb2")"
check "dpkg says cairn $version2 is installed" \
  test "$(in_root dpkg-query -W -f='${Version}' cairn)" = "$version2"
check "the upgrade asks systemd to restart the server and the timer" \
  grep -qx 'deb-systemd-invoke restart cairn.service cairn-backup.timer' "$calls"
check "the upgrade reloads systemd's units" grep -qx 'systemctl --system daemon-reload' "$calls"
check "the upgrade stops nothing" bash -c "! grep -q stop '$calls'"
check "the admin's edit of /etc/default/cairn is kept" grep -qx 'CAIRN_ARGS="--disable-signup"' "$rootfs/etc/default/cairn"
check "the upgraded server starts on the same data" start_server
check "the account made before the upgrade logs in" test "$(login)" = 200
check "the trail made before the upgrade is there" \
  bash -c "curl -fsS '$(API_BASE)/trail' | grep -q Zugspitze"
check "the kept setting applies: sign-up is refused" bash -c "[[ \$(curl -s -o /dev/null -w '%{http_code}' \
  -X PUT '$(API_BASE)/user' -H 'Content-Type: application/json' \
  -d '{\"username\":\"bob\",\"email\":\"bob@example.com\",\"password\":\"correct-horse\",\"passwordConfirm\":\"correct-horse\"}') != 200 ]]"

# --- back up while it runs, restore (docs/OPERATIONS.md's commands) ----------------------------
as_cairn() {
  chroot "$rootfs" env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 setpriv --reuid=cairn --regid=cairn \
    --init-groups --no-new-privs "$@"
}
# The daily timer's command, while the server serves.
check "the timer's backup command runs beside the server" \
  as_cairn /usr/bin/cairn backup --dir /var/lib/cairn --keep 7
archive="$(cd "$rootfs" && ls var/lib/cairn/backups/cairn-backup-*.tar 2>/dev/null | head -n 1)"
note "backup: /$archive ($(stat -c %s "$rootfs/$archive" 2>/dev/null || echo none) bytes)"
check "the backup is in /var/lib/cairn/backups, the cairn user's alone (600)" \
  test "$(stat -c '%u %a' "$rootfs/$archive")" = "$uid 600"
check "cairn backup --verify finds the archive sound" as_cairn /usr/bin/cairn backup --verify "/$archive"
check "a trail made after the backup is created" test "$(api -X PUT "$(API_BASE)/trail" \
  -H "Authorization: Bearer $token" -d "{\"name\":\"After the backup\",\"public\":true,\"author\":\"$me\"}")" = 200
stop_server
check "restore refuses the non-empty data dir without --force" \
  bash -c "! chroot '$rootfs' env -i PATH=/usr/bin:/bin setpriv --reuid=cairn --regid=cairn --init-groups \
    /usr/bin/cairn restore '/$archive' --dir /var/lib/cairn >/dev/null 2>&1"
cp "$rootfs/$archive" "$rootfs/tmp/move.tar"
# As root (the restored dir is made beside /var/lib/cairn, in root's /var/lib).
check "sudo cairn restore --force puts the backup back" \
  in_root /usr/bin/cairn restore /tmp/move.tar --dir /var/lib/cairn --force
check "the restored data dir keeps the cairn user and mode 750" \
  test "$(stat -c '%u %a' "$rootfs/var/lib/cairn")" = "$uid 750"
check "every restored file belongs to the cairn user" \
  bash -c "[[ -z \$(find '$rootfs/var/lib/cairn' ! -uid '$uid' | head -n 1) ]]"
check "the server starts on the restored data dir" start_server
check "the account logs in after the restore" test "$(login)" = 200
check "the trail of the backup is back" bash -c "curl -fsS '$(API_BASE)/trail' | grep -q Zugspitze"
check "the trail made after the backup is not" bash -c "! curl -fsS '$(API_BASE)/trail' | grep -q 'After the backup'"
check "the backups made before the restore are kept" test -s "$rootfs/$archive"
stop_server

# --- a full disk in the packaged layout ---------------------------------------------------------
# /var/lib/cairn on a 16 MB tmpfs (its data copied in), filled to the last byte while it serves.
gid="$(in_root getent group cairn | cut -d: -f3)"
cp -a "$rootfs/var/lib/cairn" "$work/data-copy"
mount -t tmpfs -o "size=16m,mode=750,uid=$uid,gid=$gid" tmpfs "$rootfs/var/lib/cairn"
cp -a "$work/data-copy/." "$rootfs/var/lib/cairn/"
check "the server starts on a 16 MB disk" start_server
dd if=/dev/zero of="$rootfs/var/lib/cairn/filler" bs=64k >/dev/null 2>&1 || true
new_trail() {
  api -X PUT "$(API_BASE)/trail" -H "Authorization: Bearer $token" \
    -d "{\"name\":\"$1\",\"public\":true,\"author\":\"$me\",\"description\":\"$(head -c 3000 /dev/zero | tr '\0' x)\"}"
}
check "a write on the full disk answers 507" test "$(new_trail 'On a full disk')" = 507
check "the 507 says the disk is full" grep -q 'disk is full' "$work/reply.json"
health_says_full() {
  for _ in $(seq 1 40); do
    curl -fsS "http://127.0.0.1:$port/api/health" | grep -q '"storage":"full"' && return 0
    sleep 0.25
  done
  return 1
}
check "/api/health says the storage is full" health_says_full
check "reads still work on the full disk" bash -c "curl -fsS '$(API_BASE)/trail' | grep -q Zugspitze"
rm -f "$rootfs/var/lib/cairn/filler"
check "writes work again once space is freed" test "$(new_trail 'After the disk was freed')" = 200
stop_server
umount "$rootfs/var/lib/cairn"

# --- remove ------------------------------------------------------------------------------------
: >"$calls"
check "apt removes the package" apt_in_root remove cairn
check "remove stops the server and the timer" \
  grep -qx 'deb-systemd-invoke stop cairn-backup.timer cairn-backup.service cairn.service' "$calls"
check "remove deletes /usr/bin/cairn" test ! -e "$rootfs/usr/bin/cairn"
check "remove keeps the data (/var/lib/cairn/data.db)" test -s "$rootfs/var/lib/cairn/data.db"
check "remove keeps the cairn user" in_root getent passwd cairn
check "remove keeps /etc/default/cairn" test -s "$rootfs/etc/default/cairn"
check "dpkg remembers the removed package's conffiles (rc)" \
  test "$(in_root dpkg-query -W -f='${db:Status-Abbrev}' cairn | tr -d ' ')" = rc

# --- purge -------------------------------------------------------------------------------------
no_systemd
check "apt purges the package" apt_in_root purge cairn
check "purge deletes /var/lib/cairn" test ! -e "$rootfs/var/lib/cairn"
check "purge deletes the cairn user" bash -c "! chroot '$rootfs' getent passwd cairn"
check "purge deletes the cairn group" bash -c "! chroot '$rootfs' getent group cairn"
check "purge deletes /etc/default/cairn" test ! -e "$rootfs/etc/default/cairn"
check "purge leaves no unit links" bash -c "! find '$rootfs/etc/systemd' -name 'cairn*' | grep -q ."
check "dpkg forgets the package" bash -c "! chroot '$rootfs' dpkg-query -W cairn"
