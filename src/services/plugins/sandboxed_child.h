// What a plugin's child process does between fork and execve: its descriptors, process group,
// work dir, limits, user, no_new_privs and Landlock, then the plugin's executable.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <string>
#include <vector>

namespace cairn::services::plugins {

struct ChildLimit {
  int resource;  // RLIMIT_*
  rlimit value;
};

// Everything the child needs, prepared before the fork: the child of a multithreaded server may
// only make async-signal-safe calls (no allocation) before execve. The pointers must stay valid
// until the fork.
struct ChildPlan {
  const char* executable;
  const char* work_dir;
  char* const* argv;
  char* const* envp;
  // Become the child's 0 (stdin), 1 (stdout), 2 (stderr), 3 (the failure report, closed by
  // execve) and 4 (the Landlock ruleset, -1 for none); every other descriptor is closed.
  int fds[5];
  std::vector<ChildLimit> limits;  // set as they are, before the user switch
  long switch_to_id;               // >= 0: switch to this uid and gid, without supplementary groups
  pid_t parent;                    // the forking process: the child exits if it is already gone
  // Run the plugin in its own PID and network namespaces when the kernel allows it, so that
  // nothing it starts outlives it and it reaches no network (RunSandboxedChild).
  bool own_namespaces = true;
};

// The steps of the child's setup, in their order.
enum class ChildStep : int {
  kDescriptors,
  kProcessGroup,
  kWorkDir,
  kLimits,
  kUser,
  kNamespace,
  kNoNewPrivileges,
  kSandbox,
  kExecute
};

// What the child writes to its report descriptor when a step fails (then it exits with 127).
struct ChildFailure {
  ChildStep step;
  int error;  // errno
};

// Runs in the child after fork: sets it up as `plan` says and executes the plugin. Resets every
// signal's disposition and the signal mask; makes its own process group; sets PR_SET_PDEATHSIG
// (SIGKILL) after the user switch, which would clear it, and PR_SET_NO_NEW_PRIVS before
// entering the Landlock ruleset. With `own_namespaces`, the plugin runs as the grandchild of
// this process, inside new user, PID and network namespaces whose init waits for it; this process
// and that init end as the plugin does (its exit status or its signal), so the server sees the
// plugin's end. Never returns.
[[noreturn]] void RunSandboxedChild(const ChildPlan& plan);

// The words for a step ("landlock_restrict_self", "execve").
std::string DescribeChildStep(ChildStep step);

}  // namespace cairn::services::plugins
