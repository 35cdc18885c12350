#!/usr/bin/python3
"""Runs a command where the kernel runs arm64 programs through qemu-user, without touching the
machine's own binfmt_misc:  with_qemu_binfmt.py COMMAND [ARGS...]

Linux 6.7 and later give each user namespace its own binfmt_misc. The command runs in a new user
namespace (uids and gids mapped one to one, so root stays root for files and chroot) and a new
mount namespace holding a private binfmt_misc with one entry: arm64 ELF files go to
/usr/bin/qemu-aarch64-static, opened now (flag F) so it also works inside a chroot. Nothing
outside the command sees the entry. Exits 125 when the kernel cannot do this (older kernels: use
the qemu-user-static package's own binfmt registration instead)."""
import ctypes
import os
import sys

CLONE_NEWUSER = 0x10000000
CLONE_NEWNS = 0x00020000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
QEMU = "/usr/bin/qemu-aarch64-static"
# binfmt_misc's registration of aarch64 ELF executables, as qemu's scripts/qemu-binfmt-conf.sh.
MAGIC = r"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00"
MASK = r"\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff"
BINFMT_DIR = "/proc/sys/fs/binfmt_misc"


def fail(message):
    print(f"with_qemu_binfmt: {message}", file=sys.stderr)
    os._exit(125)


def child(ready_w, mapped_r):
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
        fail(f"unshare: {os.strerror(ctypes.get_errno())}")
    os.write(ready_w, b"u")
    if os.read(mapped_r, 1) != b"m":
        fail("the parent did not map the user namespace")
    # Mounts made here stay in this namespace.
    if libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        fail(f"making / private: {os.strerror(ctypes.get_errno())}")
    if libc.mount(b"binfmt_misc", BINFMT_DIR.encode(), b"binfmt_misc", 0, None) != 0:
        fail(f"mounting a private binfmt_misc: {os.strerror(ctypes.get_errno())} "
             "(Linux 6.7 or later is needed)")
    try:
        with open(f"{BINFMT_DIR}/register", "w") as register:
            register.write(f":qemu-aarch64:M::{MAGIC}:{MASK}:{QEMU}:F")
    except OSError as error:
        fail(f"registering {QEMU}: {error}")
    os.execvp(sys.argv[1], sys.argv[1:])


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if not os.access(QEMU, os.X_OK):
        print(f"with_qemu_binfmt: {QEMU} is missing (apt-get install qemu-user-static)",
              file=sys.stderr)
        return 125
    ready_r, ready_w = os.pipe()
    mapped_r, mapped_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(ready_r)
        os.close(mapped_w)
        child(ready_w, mapped_r)
    os.close(ready_w)
    os.close(mapped_r)
    if os.read(ready_r, 1) == b"u":
        # Writing another process's maps needs CAP_SETUID/CAP_SETGID here: this runs as root.
        for name in ("uid_map", "gid_map"):
            with open(f"/proc/{pid}/{name}", "w") as f:
                f.write("0 0 4294967295\n")
        os.write(mapped_w, b"m")
    os.close(mapped_w)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
