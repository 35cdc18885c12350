// Landlock through its raw system calls: glibc has no wrappers, and the installed kernel headers
// may be older than the running kernel, so the rights of later ABIs are spelled out here.
#include "services/plugins/landlock_ruleset.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace cairn::services::plugins {
namespace {

// Filesystem rights by the ABI that introduced them (Documentation/userspace-api/landlock.rst).
constexpr uint64_t kExecute = 1ULL << 0;
constexpr uint64_t kWriteFile = 1ULL << 1;
constexpr uint64_t kReadFile = 1ULL << 2;
constexpr uint64_t kReadDir = 1ULL << 3;
constexpr uint64_t kAbi1Rights = (1ULL << 13) - 1;  // execute .. make_sym
constexpr uint64_t kRefer = 1ULL << 13;             // ABI 2: link or rename across folders
constexpr uint64_t kTruncate = 1ULL << 14;          // ABI 3
constexpr uint64_t kIoctlDev = 1ULL << 15;          // ABI 5
// Network rights (ABI 4).
constexpr uint64_t kBindTcp = 1ULL << 0;
constexpr uint64_t kConnectTcp = 1ULL << 1;
// The only rights a rule on a file (rather than a folder) may carry.
constexpr uint64_t kFileRights = kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;
// ABI 6: scopes that stop signals and abstract unix socket connections leaving the domain.
constexpr uint64_t kScopeAbstractUnixSocket = 1ULL << 0;
constexpr uint64_t kScopeSignal = 1ULL << 1;

// struct landlock_ruleset_attr as of ABI 6; older kernels are given only its first fields.
struct RulesetAttr {
  uint64_t handled_access_fs = 0;
  uint64_t handled_access_net = 0;
  uint64_t scoped = 0;
};

// struct landlock_path_beneath_attr is packed in the kernel's UAPI.
struct __attribute__((packed)) PathBeneathAttr {
  uint64_t allowed_access;
  int32_t parent_fd;
};

constexpr int kRuleTypePathBeneath = 1;  // LANDLOCK_RULE_PATH_BENEATH

uint64_t HandledRights(int abi) {
  uint64_t rights = kAbi1Rights;
  if (abi >= 2) rights |= kRefer;
  if (abi >= 3) rights |= kTruncate;
  if (abi >= 5) rights |= kIoctlDev;
  return rights;
}

struct Rule {
  const char* path;
  uint64_t rights;
};

constexpr uint64_t kReadExecute = kReadFile | kReadDir | kExecute;
constexpr uint64_t kReadOnly = kReadFile | kReadDir;
constexpr Rule kSystemRules[] = {
    {"/usr", kReadExecute},      {"/bin", kReadExecute},
    {"/sbin", kReadExecute},     {"/lib", kReadExecute},
    {"/lib64", kReadExecute},    {"/etc", kReadOnly},
    {"/proc", kReadOnly},        {"/dev/null", kReadFile | kWriteFile | kTruncate},
    {"/dev/urandom", kReadFile}, {"/dev/random", kReadFile},
    {"/dev/zero", kReadFile},
};

enum class Presence { kOptional, kRequired };

// Adds a rule for `path`, its rights masked to what the ruleset handles (and to file rights when
// `path` is not a folder).
util::Status AddRule(int ruleset_fd, const char* path, uint64_t rights, uint64_t handled,
                     Presence presence) {
  const int fd = ::open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) {
    if (presence == Presence::kOptional && errno == ENOENT) return util::OkStatus();
    return util::Error::Internal(std::string("sandbox: cannot open ") + path + ": " +
                                 std::strerror(errno));
  }
  struct stat info {};
  if (::fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) rights &= kFileRights;
  PathBeneathAttr rule{rights & handled, fd};
  const long added = ::syscall(SYS_landlock_add_rule, ruleset_fd, kRuleTypePathBeneath, &rule, 0);
  const int saved = errno;
  ::close(fd);
  if (added != 0) {
    return util::Error::Internal(std::string("sandbox: Landlock refused a rule for ") + path +
                                 ": " + std::strerror(saved));
  }
  return util::OkStatus();
}

}  // namespace

int LandlockAbiVersion() {
  const long abi =
      ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi < 0 ? 0 : static_cast<int>(abi);
}

util::Result<int> CreatePluginRuleset(const std::string& program_dir, const std::string& work_dir) {
  const int abi = LandlockAbiVersion();
  if (abi < 1) {
    return util::Error::Unavailable(
        "this kernel offers no Landlock sandbox (it needs Linux 5.13 or later with Landlock "
        "enabled at boot, e.g. lsm=landlock,...)");
  }
  RulesetAttr attr;
  attr.handled_access_fs = HandledRights(abi);
  size_t attr_size = sizeof(uint64_t);  // ABI 1..3 know only handled_access_fs
  if (abi >= 4) {
    // No TCP bind or connect at all (no network rule is added): a plugin reads files.
    attr.handled_access_net = kBindTcp | kConnectTcp;
    attr_size = 2 * sizeof(uint64_t);
  }
  if (abi >= 6) {
    attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    attr_size = sizeof(RulesetAttr);
  }
  const long ruleset = ::syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
  if (ruleset < 0) {
    return util::Error::Internal(std::string("sandbox: cannot create a Landlock ruleset: ") +
                                 std::strerror(errno));
  }
  const int fd = static_cast<int>(ruleset);
  auto add_all = [&]() -> util::Status {
    for (const Rule& rule : kSystemRules) {
      CAIRN_RETURN_IF_ERROR(
          AddRule(fd, rule.path, rule.rights, attr.handled_access_fs, Presence::kOptional));
    }
    CAIRN_RETURN_IF_ERROR(AddRule(fd, program_dir.c_str(), kReadExecute, attr.handled_access_fs,
                                  Presence::kRequired));
    return AddRule(fd, work_dir.c_str(), attr.handled_access_fs, attr.handled_access_fs,
                   Presence::kRequired);
  };
  if (util::Status added = add_all(); !added.ok()) {
    ::close(fd);
    return std::move(added).error();
  }
  return fd;
}

int RestrictSelfToRuleset(int ruleset_fd) {
  return static_cast<int>(::syscall(SYS_landlock_restrict_self, ruleset_fd, 0));
}

}  // namespace cairn::services::plugins
