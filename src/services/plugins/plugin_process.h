// An external plugin's executable run as a sandboxed child process (fork, confinement, execve),
// fed one input and read back line by line under a wall-clock limit.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "util/result.h"

namespace cairn::services::plugins {

// Whether a process may run when the kernel cannot confine it to its files.
enum class SandboxRequirement {
  kRequired,  // refuse to start without Landlock (the default: never run unconfined silently)
  kOptional,  // run without the Landlock part (the rest of the confinement still applies)
};

struct SandboxedCommand {
  std::string executable;        // absolute path; run with argv = {executable} and no arguments
  std::string program_dir;       // the plugin's folder: readable and executable by the process
  std::string work_dir;          // absolute; cwd and HOME, and the only place it may write
  int time_limit_seconds = 300;  // wall clock from Start; RLIMIT_CPU is set a little above it
  SandboxRequirement sandbox = SandboxRequirement::kRequired;
};

// How the process ended.
struct ProcessEnd {
  enum class Kind {
    kExited,    // `code` is its exit status
    kSignaled,  // `code` is the signal that killed it
    kTimedOut,  // still running at the time limit; it was killed
  };
  Kind kind = Kind::kExited;
  int code = 0;
};

// One read of the process's stdout.
struct OutputLine {
  enum class Kind {
    kLine,      // `text` is the next line, without its '\n'
    kEnd,       // stdout is closed and everything was read
    kTimedOut,  // the time limit passed first
    kTooLong,   // the next line is longer than kMaxLineBytes; nothing more can be read
  };
  Kind kind = Kind::kEnd;
  std::string text;
};

// The child runs:
//   - in its own process group, killed with SIGKILL (the whole group) at the time limit, when
//     its first process exits (so nothing it started outlives it) and when this object goes;
//   - with fds 0 (a socket carrying `input`, then end of file), 1 and 2 (pipes) and no other
//     inherited descriptor;
//   - with the environment PATH=/usr/bin:/bin, HOME=work_dir, LANG=C.UTF-8 and nothing else;
//   - with RLIMIT_AS 1 GiB, RLIMIT_NOFILE 64, RLIMIT_CORE 0, RLIMIT_FSIZE 256 MiB, RLIMIT_NPROC
//     64 above what its user runs already, RLIMIT_CPU the time limit plus 1 s;
//   - with PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG SIGKILL, and the Landlock ruleset of
//     landlock_ruleset.h;
//   - as uid/gid 65534 ("nobody", no supplementary groups) when the server runs as root; the
//     work dir is then handed to that user, and the plugin's folder must be readable by others.
// Not thread-safe: one thread starts and drives one process, and must outlive it (the
// parent-death signal follows the thread that forked).
class PluginProcess {
 public:
  static constexpr size_t kMaxLineBytes = 1 << 20;
  static constexpr size_t kStderrTailBytes = 2048;
  static constexpr unsigned kNobodyId = 65534;

  // Starts `command` with `input` as its stdin. Unavailable when the sandbox is required and the
  // kernel offers no Landlock; UpstreamFailed when execve fails (a missing or forbidden
  // interpreter, a file nobody may read); Internal when the process cannot be set up. The
  // message names the executable, the step and the system's reason.
  static util::Result<std::unique_ptr<PluginProcess>> Start(const SandboxedCommand& command,
                                                            std::string input);
  ~PluginProcess();  // kills the process group and reaps the child if still needed
  PluginProcess(const PluginProcess&) = delete;
  PluginProcess& operator=(const PluginProcess&) = delete;

  pid_t pid() const { return pid_; }  // also the process group's id

  // The next line of stdout, waiting for it until the time limit. Internal only when poll or
  // read fail in a way that is not the process's doing.
  util::Result<OutputLine> ReadLine();

  // Waits for the process to exit (reading and dropping any further output) until the time
  // limit, then kills its group and reaps it.
  ProcessEnd Wait();
  // Kills the process group now and reaps it.
  ProcessEnd Kill();

  // The last kStderrTailBytes (at most) of what the process wrote to stderr, with bytes that
  // are not printable ASCII or valid UTF-8 replaced by '?', without surrounding white space.
  std::string StderrTail() const;

 private:
  PluginProcess() = default;
  // One poll over the open descriptors; reads what is ready. Returns false when the deadline
  // passed.
  util::Result<bool> PumpOnce();
  void WriteInput();
  void NoteLeaderExited();
  ProcessEnd Reap(bool timed_out);
  void DrainStderr();

  pid_t pid_ = -1;
  bool leader_exited_ = false;
  bool reaped_ = false;
  ProcessEnd end_;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
  int pid_fd_ = -1;
  std::string input_;
  size_t input_sent_ = 0;
  std::string stdout_buffer_;
  size_t stdout_consumed_ = 0;
  std::string stderr_tail_;
  std::chrono::steady_clock::time_point deadline_;
};

}  // namespace cairn::services::plugins
