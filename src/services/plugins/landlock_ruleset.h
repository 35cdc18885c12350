// The Landlock ruleset that confines an external plugin's process to the files it needs: the
// system's programs and libraries, its own folder and its private work dir. Everything else (the
// data dir with data.db, the storage dir, the installation secret) is out of its reach.
#pragma once

#include <string>

#include "util/result.h"

namespace cairn::services::plugins {

// The Landlock ABI version this kernel offers; 0 when it offers none (too old, or Landlock not
// enabled at boot).
int LandlockAbiVersion();

// A new Landlock ruleset, as a file descriptor (O_CLOEXEC, owned by the caller, who closes it),
// granting:
//   read + execute   /usr /bin /sbin /lib /lib64 and `program_dir`
//   read             /etc, /proc (a process's own entries; other processes' are guarded by
//                    Landlock's ptrace rule), /dev/urandom /dev/random /dev/zero
//   read + write     /dev/null
//   everything       under `work_dir` (create, write, remove, rename and link inside it)
// and nothing else on the filesystem. It handles every filesystem right the kernel's ABI knows
// (rights of a newer ABI are masked off) and, from ABI 6, also stops the process from signalling
// or connecting to abstract sockets of processes outside it. Missing system paths are skipped.
// Unavailable when the kernel offers no Landlock; Internal when `program_dir` or `work_dir`
// cannot be opened or the kernel refuses a rule.
util::Result<int> CreatePluginRuleset(const std::string& program_dir, const std::string& work_dir);

// Confines the calling thread (and what it executes) to `ruleset_fd`. Only makes system calls,
// so a child may call it between fork and exec; PR_SET_NO_NEW_PRIVS must be set before. Returns 0
// or -1 with errno set.
int RestrictSelfToRuleset(int ruleset_fd);

}  // namespace cairn::services::plugins
