// The child's side of starting a plugin: only system calls, in the order their effects need.
#include "services/plugins/sandboxed_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "services/plugins/landlock_ruleset.h"

namespace cairn::services::plugins {
namespace {

const char* StepWords(ChildStep step) {
  switch (step) {
    case ChildStep::kDescriptors:
      return "arranging file descriptors";
    case ChildStep::kProcessGroup:
      return "setpgid";
    case ChildStep::kWorkDir:
      return "chdir to the work dir";
    case ChildStep::kLimits:
      return "setrlimit";
    case ChildStep::kUser:
      return "switching user";
    case ChildStep::kNoNewPrivileges:
      return "prctl(PR_SET_NO_NEW_PRIVS)";
    case ChildStep::kSandbox:
      return "landlock_restrict_self";
    case ChildStep::kExecute:
      return "execve";
  }
  return "setup";
}

constexpr int kReportFd = 3;
constexpr int kRulesetFd = 4;

[[noreturn]] void FailChild(int report_fd, ChildStep step) {
  const ChildFailure failure{step, errno};
  (void)!::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

}  // namespace

[[noreturn]] void RunSandboxedChild(const ChildPlan& plan) {
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  for (int signal = 1; signal < NSIG; ++signal) ::sigaction(signal, &default_action, nullptr);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);

  // Move the five descriptors above any they could collide with, then into 0..4.
  int high[5];
  for (int i = 0; i < 5; ++i) {
    high[i] = plan.fds[i] < 0 ? -1 : ::fcntl(plan.fds[i], F_DUPFD_CLOEXEC, 10);
    if (plan.fds[i] >= 0 && high[i] < 0) FailChild(plan.fds[3], ChildStep::kDescriptors);
  }
  for (int i = 0; i < 5; ++i) {
    if (high[i] >= 0 && ::dup2(high[i], i) < 0) FailChild(high[3], ChildStep::kDescriptors);
  }
  ::fcntl(kReportFd, F_SETFD, FD_CLOEXEC);
  const bool sandboxed = plan.fds[kRulesetFd] >= 0;
  const unsigned first_to_close = sandboxed ? kRulesetFd + 1 : kRulesetFd;
  if (::syscall(SYS_close_range, first_to_close, ~0U, 0) != 0) {
    for (int fd = static_cast<int>(first_to_close); fd < (1 << 16); ++fd) ::close(fd);
  }

  if (::setpgid(0, 0) != 0) FailChild(kReportFd, ChildStep::kProcessGroup);
  if (::chdir(plan.work_dir) != 0) FailChild(kReportFd, ChildStep::kWorkDir);
  for (const ChildLimit& limit : plan.limits) {
    if (::setrlimit(static_cast<__rlimit_resource>(limit.resource), &limit.value) != 0) {
      FailChild(kReportFd, ChildStep::kLimits);
    }
  }
  if (plan.switch_to_id >= 0) {
    const auto id = static_cast<unsigned>(plan.switch_to_id);
    // Raw system calls: the child has one thread, and glibc's wrappers would try to reach all.
    if (::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, id, id, id) != 0 ||
        ::syscall(SYS_setresuid, id, id, id) != 0) {
      FailChild(kReportFd, ChildStep::kUser);
    }
  }
  // After the user switch, which clears it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != plan.parent) ::_exit(127);
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    FailChild(kReportFd, ChildStep::kNoNewPrivileges);
  }
  if (sandboxed) {
    if (RestrictSelfToRuleset(kRulesetFd) != 0) FailChild(kReportFd, ChildStep::kSandbox);
    ::close(kRulesetFd);
  }
  ::execve(plan.executable, plan.argv, plan.envp);
  FailChild(kReportFd, ChildStep::kExecute);
}

std::string DescribeChildStep(ChildStep step) { return StepWords(step); }

}  // namespace cairn::services::plugins
