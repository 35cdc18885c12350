// The child's side of starting a plugin: only system calls, in the order their effects need.
#include "services/plugins/sandboxed_child.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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
    case ChildStep::kNamespace:
      return "starting the plugin in its own PID namespace";
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

// A process that stays behind to wait for `child`: it lets go of the plugin's descriptors (the
// server reads the report pipe to its end, and the plugin's output to its end), waits, and ends
// as `child` ended. `status_out` >= 0: the wait status is written there too, for a waiter that
// cannot die of the same signal itself (the init of a PID namespace ignores its own signals).
[[noreturn]] void WaitAndEndAlike(pid_t child, int status_out, int status_in) {
  for (int fd = 0; fd <= kRulesetFd; ++fd) {
    if (fd != status_out && fd != status_in) ::close(fd);
  }
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) ::_exit(127);
  }
  if (status_in >= 0) {
    int inner = 0;
    if (::read(status_in, &inner, sizeof inner) == sizeof inner) status = inner;
  }
  if (status_out >= 0) {
    (void)!::write(status_out, &status, sizeof status);
    ::_exit(0);
  }
  if (WIFSIGNALED(status)) {
    ::signal(WTERMSIG(status), SIG_DFL);
    ::kill(::getpid(), WTERMSIG(status));
    ::_exit(128 + WTERMSIG(status));
  }
  ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

// Moves the rest of the setup into a new PID namespace and a network namespace without a single
// interface up (inside a new user namespace, which any user may make where the kernel allows
// it): this process stays to wait, a second one becomes the namespace's init and waits for the
// third, which returns to become the plugin. When the namespace's init ends, the kernel kills
// every process left in it, so nothing the plugin started outlives it, not even one that left
// its process group with setsid; and the plugin reaches no network. Where namespaces are refused
// (a container's seccomp profile, a sysctl), the setup goes on here: the group kill remains, and
// Landlock's network rules where the kernel has them.
void EnterOwnNamespaces() {
  if (::unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET) != 0 &&
      ::unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0) {
    return;
  }
  int status_pipe[2];
  if (::pipe2(status_pipe, O_CLOEXEC) != 0) FailChild(kReportFd, ChildStep::kNamespace);
  const pid_t init = ::fork();
  if (init < 0) FailChild(kReportFd, ChildStep::kNamespace);
  if (init > 0) {
    ::close(status_pipe[1]);
    WaitAndEndAlike(init, -1, status_pipe[0]);
  }
  ::close(status_pipe[0]);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  const pid_t plugin = ::fork();
  if (plugin < 0) FailChild(kReportFd, ChildStep::kNamespace);
  if (plugin > 0) WaitAndEndAlike(plugin, status_pipe[1], -1);
  ::close(status_pipe[1]);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
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
  // After the user switch too: a user namespace made before it would leave no user to switch to.
  if (plan.own_namespaces) EnterOwnNamespaces();
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
