// The parent's side of a plugin process: what the child needs, prepared before the fork
// (sandboxed_child.cpp is the child's side), and the poll loop over its stdin, stdout and stderr.
#include "services/plugins/plugin_process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

#include "services/plugins/landlock_ruleset.h"
#include "services/plugins/sandboxed_child.h"
#include "util/log.h"
#include "util/text.h"

namespace cairn::services::plugins {
namespace {

constexpr rlim_t kAddressSpaceBytes = 1ULL << 30;
constexpr rlim_t kOpenFiles = 64;
constexpr rlim_t kFileSizeBytes = 256ULL << 20;
constexpr rlim_t kExtraProcesses = 64;
constexpr size_t kReadChunkBytes = 64 * 1024;
// Without a pidfd (kernels before 5.3) the leader's exit is checked this often.
constexpr int kExitCheckMs = 100;

// How many tasks (threads count) `uid` runs now: RLIMIT_NPROC counts them all.
rlim_t CountTasksOfUser(uid_t uid) {
  rlim_t tasks = 0;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return 0;
  while (const dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
    std::ifstream status(std::string("/proc/") + entry->d_name + "/status");
    std::string line;
    bool mine = false;
    while (std::getline(status, line)) {
      if (line.rfind("Uid:", 0) == 0) mine = std::stoul(line.substr(4)) == uid;
      if (mine && line.rfind("Threads:", 0) == 0) tasks += std::stoul(line.substr(8));
    }
  }
  ::closedir(proc);
  return tasks;
}

// `wanted` as soft and hard limit, never above the current hard limit (raising it is refused).
ChildLimit LimitOf(int resource, rlim_t soft, rlim_t hard) {
  rlimit current{};
  ::getrlimit(static_cast<__rlimit_resource>(resource), &current);
  return {resource, {std::min(soft, current.rlim_max), std::min(hard, current.rlim_max)}};
}

// A descriptor closed when it goes out of scope unless released.
class OwnedFd {
 public:
  OwnedFd() = default;
  explicit OwnedFd(int fd) : fd_(fd) {}
  ~OwnedFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  int get() const { return fd_; }
  int* out() { return &fd_; }
  int release() { return std::exchange(fd_, -1); }
  void Reset() {
    if (fd_ >= 0) ::close(release());
  }

 private:
  int fd_ = -1;
};

util::Error SystemError(const std::string& what) {
  return util::Error::Internal(what + ": " + std::strerror(errno));
}

void CloseFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// `text` with every byte that is neither printable ASCII, a line break or tab, nor part of a
// valid UTF-8 sequence replaced by '?'.
std::string PrintableUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      out += (byte >= 0x20 && byte != 0x7F) || byte == '\n' || byte == '\t' ? text[i] : '?';
      ++i;
      continue;
    }
    // Well-formed sequences only (Unicode Table 3-7): no overlong forms, surrogates or values
    // above U+10FFFF, which JSON encoders refuse.
    size_t length = 0;
    unsigned char second_low = 0x80;
    unsigned char second_high = 0xBF;
    if (byte >= 0xC2 && byte <= 0xDF) {
      length = 2;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
      length = 3;
      if (byte == 0xE0) second_low = 0xA0;
      if (byte == 0xED) second_high = 0x9F;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
      length = 4;
      if (byte == 0xF0) second_low = 0x90;
      if (byte == 0xF4) second_high = 0x8F;
    }
    bool valid = length > 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = k == 1 ? next >= second_low && next <= second_high : (next & 0xC0) == 0x80;
    }
    if (valid) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += '?';
      ++i;
    }
  }
  return out;
}

}  // namespace

util::Result<std::unique_ptr<PluginProcess>> PluginProcess::Start(const SandboxedCommand& command,
                                                                  std::string input) {
  OwnedFd ruleset;
  auto created = CreatePluginRuleset(command.program_dir, command.work_dir);
  if (created.ok()) {
    *ruleset.out() = *created;
  } else if (created.error().kind != util::ErrorKind::kUnavailable ||
             command.sandbox == SandboxRequirement::kRequired) {
    return std::move(created).error();
  } else {
    util::LogWarning("running " + command.executable +
                     " without a filesystem sandbox: " + created.error().message);
  }

  const bool drop_to_nobody = ::geteuid() == 0;
  const std::string home = "HOME=" + command.work_dir;
  std::vector<std::string> environment = {"PATH=/usr/bin:/bin", home, "LANG=C.UTF-8"};
  std::vector<char*> envp;
  for (std::string& variable : environment) envp.push_back(variable.data());
  envp.push_back(nullptr);
  std::string executable = command.executable;
  char* argv[] = {executable.data(), nullptr};
  const rlim_t seconds = static_cast<rlim_t>(std::max(command.time_limit_seconds, 1));
  const rlim_t processes =
      CountTasksOfUser(drop_to_nobody ? kNobodyId : ::getuid()) + kExtraProcesses;

  int stdin_pair[2];
  int stdout_pipe[2];
  int stderr_pipe[2];
  int report_pipe[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, stdin_pair) != 0) {
    return SystemError("cannot make the plugin's stdin");
  }
  OwnedFd stdin_parent(stdin_pair[0]), stdin_child(stdin_pair[1]);
  if (::pipe2(stdout_pipe, O_CLOEXEC) != 0) return SystemError("cannot make the plugin's stdout");
  OwnedFd stdout_parent(stdout_pipe[0]), stdout_child(stdout_pipe[1]);
  if (::pipe2(stderr_pipe, O_CLOEXEC) != 0) return SystemError("cannot make the plugin's stderr");
  OwnedFd stderr_parent(stderr_pipe[0]), stderr_child(stderr_pipe[1]);
  if (::pipe2(report_pipe, O_CLOEXEC) != 0) return SystemError("cannot make a pipe");
  OwnedFd report_parent(report_pipe[0]), report_child(report_pipe[1]);

  ChildPlan plan{
      command.executable.c_str(),
      command.work_dir.c_str(),
      argv,
      envp.data(),
      {stdin_child.get(), stdout_child.get(), stderr_child.get(), report_child.get(),
       ruleset.get()},
      {LimitOf(RLIMIT_AS, kAddressSpaceBytes, kAddressSpaceBytes),
       LimitOf(RLIMIT_NOFILE, kOpenFiles, kOpenFiles), LimitOf(RLIMIT_CORE, 0, 0),
       LimitOf(RLIMIT_FSIZE, kFileSizeBytes, kFileSizeBytes),
       LimitOf(RLIMIT_NPROC, processes, processes), LimitOf(RLIMIT_CPU, seconds + 1, seconds + 2)},
      drop_to_nobody ? static_cast<long>(kNobodyId) : -1L,
      ::getpid()};

  const pid_t pid = ::fork();
  if (pid < 0) return SystemError("cannot start plugin process");
  if (pid == 0) RunSandboxedChild(plan);

  std::unique_ptr<PluginProcess> process(new PluginProcess());
  process->pid_ = pid;
  process->deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  ::setpgid(pid, pid);  // also done by the child; whichever runs first wins the race
  ::close(stdin_child.release());
  ::close(stdout_child.release());
  ::close(stderr_child.release());
  ::close(report_child.release());
  ruleset.Reset();

  ChildFailure failure{};
  ssize_t got;
  do {
    got = ::read(report_parent.get(), &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  if (got == sizeof failure) {
    process->Kill();
    std::string message = command.executable + ": " + DescribeChildStep(failure.step) +
                          " failed: " + std::strerror(failure.error);
    if (drop_to_nobody && failure.error == EACCES) {
      message +=
          " (it runs as user nobody: its folder and every folder above must be "
          "readable and searchable by others)";
    }
    // A plugin that cannot be executed (a wrong interpreter, a file it may not read) is the
    // plugin's failure; the steps before are the server's.
    if (failure.step == ChildStep::kExecute) return util::Error::UpstreamFailed(message);
    return util::Error::Internal(message);
  }

  process->pid_fd_ = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  process->stdin_fd_ = stdin_parent.release();
  process->stdout_fd_ = stdout_parent.release();
  process->stderr_fd_ = stderr_parent.release();
  for (int fd : {process->stdin_fd_, process->stdout_fd_, process->stderr_fd_}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  process->input_ = std::move(input);
  process->WriteInput();
  return process;
}

PluginProcess::~PluginProcess() {
  if (pid_ > 0 && !reaped_) Reap(false);
  for (int* fd : {&stdin_fd_, &stdout_fd_, &stderr_fd_, &pid_fd_}) CloseFd(*fd);
}

void PluginProcess::WriteInput() {
  while (input_sent_ < input_.size()) {
    const ssize_t sent = ::send(stdin_fd_, input_.data() + input_sent_, input_.size() - input_sent_,
                                MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent > 0) {
      input_sent_ += static_cast<size_t>(sent);
    } else if (sent < 0 && (errno == EAGAIN || errno == EINTR)) {
      return;
    } else {
      break;  // the plugin closed its stdin: the rest is not wanted
    }
  }
  CloseFd(stdin_fd_);  // end of file for the plugin
}

void PluginProcess::NoteLeaderExited() {
  leader_exited_ = true;
  ::kill(-pid_, SIGKILL);  // what it left running in its group; the leader is not reaped yet
  CloseFd(pid_fd_);
}

util::Result<bool> PluginProcess::PumpOnce() {
  const auto now = std::chrono::steady_clock::now();
  if (now >= deadline_) return false;
  auto wait_ms = std::chrono::ceil<std::chrono::milliseconds>(deadline_ - now).count();
  if (pid_fd_ < 0 && !leader_exited_) wait_ms = std::min<decltype(wait_ms)>(wait_ms, kExitCheckMs);
  pollfd polled[4];
  nfds_t count = 0;
  for (int fd : {stdin_fd_, stdout_fd_, stderr_fd_, pid_fd_}) {
    if (fd >= 0) polled[count++] = {fd, static_cast<short>(fd == stdin_fd_ ? POLLOUT : POLLIN), 0};
  }
  const int ready =
      ::poll(polled, count, static_cast<int>(std::min<decltype(wait_ms)>(wait_ms, 60000)));
  if (ready < 0) {
    if (errno == EINTR) return true;
    return SystemError("plugin process: poll");
  }
  char chunk[kReadChunkBytes];
  for (nfds_t i = 0; i < count; ++i) {
    if (polled[i].revents == 0) continue;
    const int fd = polled[i].fd;
    if (fd == stdin_fd_) {
      WriteInput();
    } else if (fd == pid_fd_) {
      NoteLeaderExited();
    } else {
      const ssize_t got = ::read(fd, chunk, sizeof chunk);
      if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (got <= 0) {
        CloseFd(fd == stdout_fd_ ? stdout_fd_ : stderr_fd_);
      } else if (fd == stdout_fd_) {
        stdout_buffer_.append(chunk, static_cast<size_t>(got));
      } else {
        stderr_tail_.append(chunk, static_cast<size_t>(got));
        if (stderr_tail_.size() > 2 * kStderrTailBytes) {
          stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
        }
      }
    }
  }
  if (pid_fd_ < 0 && !leader_exited_) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
      NoteLeaderExited();
    }
  }
  return true;
}

util::Result<OutputLine> PluginProcess::ReadLine() {
  for (;;) {
    const size_t newline = stdout_buffer_.find('\n', stdout_consumed_);
    const size_t end = newline == std::string::npos ? stdout_buffer_.size() : newline;
    if (end - stdout_consumed_ > kMaxLineBytes) return OutputLine{OutputLine::Kind::kTooLong, ""};
    if (newline != std::string::npos || (stdout_fd_ < 0 && end > stdout_consumed_)) {
      OutputLine line{OutputLine::Kind::kLine,
                      stdout_buffer_.substr(stdout_consumed_, end - stdout_consumed_)};
      stdout_consumed_ = std::min(end + 1, stdout_buffer_.size());
      return line;
    }
    if (stdout_fd_ < 0) return OutputLine{OutputLine::Kind::kEnd, ""};
    stdout_buffer_.erase(0, stdout_consumed_);
    stdout_consumed_ = 0;
    CAIRN_ASSIGN_OR_RETURN(const bool in_time, PumpOnce());
    if (!in_time) return OutputLine{OutputLine::Kind::kTimedOut, ""};
  }
}

ProcessEnd PluginProcess::Wait() {
  while (!leader_exited_ && !reaped_) {
    stdout_buffer_.clear();
    stdout_consumed_ = 0;
    auto in_time = PumpOnce();
    if (!in_time.ok()) break;
    if (!*in_time) return Reap(true);
  }
  return Reap(false);
}

ProcessEnd PluginProcess::Kill() { return Reap(false); }

ProcessEnd PluginProcess::Reap(bool timed_out) {
  if (reaped_) return end_;
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  DrainStderr();
  if (timed_out) {
    end_ = {ProcessEnd::Kind::kTimedOut, 0};
  } else if (WIFSIGNALED(status)) {
    end_ = {ProcessEnd::Kind::kSignaled, WTERMSIG(status)};
  } else {
    end_ = {ProcessEnd::Kind::kExited, WEXITSTATUS(status)};
  }
  for (int* fd : {&stdin_fd_, &pid_fd_}) CloseFd(*fd);
  return end_;
}

void PluginProcess::DrainStderr() {
  char chunk[kReadChunkBytes];
  while (stderr_fd_ >= 0) {
    const ssize_t got = ::read(stderr_fd_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (got == 0) CloseFd(stderr_fd_);
      return;  // end of file, or a process outside the group still holds it open
    }
    stderr_tail_.append(chunk, static_cast<size_t>(got));
    if (stderr_tail_.size() > 2 * kStderrTailBytes) {
      stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
    }
  }
}

std::string PluginProcess::StderrTail() const {
  std::string_view tail = stderr_tail_;
  if (tail.size() > kStderrTailBytes) tail.remove_prefix(tail.size() - kStderrTailBytes);
  return std::string(util::TrimWhitespace(PrintableUtf8(tail)));
}

}  // namespace cairn::services::plugins
