// Secret file handling with POSIX calls so the mode is right from the first byte.
#include "services/accounts/installation_secret.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "util/durable_files.h"
#include "util/random.h"

namespace cairn::services {
namespace {

constexpr size_t kSecretBytes = 48;
constexpr size_t kMinSecretLength = 32;

std::string Hex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

util::Error Failure(const std::string& what, const std::string& path) {
  return util::Error::Internal(what + " " + path + ": " + std::strerror(errno));
}

}  // namespace

util::Result<std::string> LoadOrCreateInstallationSecret(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    struct stat st {};
    if (::fstat(fd, &st) == 0 && (st.st_mode & 0077) != 0) ::fchmod(fd, 0600);
    std::string secret;
    char buf[256];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0) secret.append(buf, static_cast<size_t>(n));
    ::close(fd);
    while (!secret.empty() && (secret.back() == '\n' || secret.back() == '\r')) secret.pop_back();
    if (secret.size() < kMinSecretLength) {
      return util::Error::Internal("the secret file " + path +
                                   " is too short; remove it to generate a new one (this signs "
                                   "everyone out)");
    }
    return secret;
  }
  if (errno != ENOENT) return Failure("cannot read", path);

  const std::string secret = Hex(util::RandomBytes(kSecretBytes));
  const std::string temp = path + ".tmp-" + util::RandomString(8);
  fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return Failure("cannot create", temp);
  const std::string content = secret + "\n";
  const bool written =
      ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()) &&
      ::fsync(fd) == 0;
  ::close(fd);
  if (!written || ::rename(temp.c_str(), path.c_str()) != 0) {
    ::unlink(temp.c_str());
    return Failure("cannot write", path);
  }
  const std::string dir = std::filesystem::path(path).parent_path().string();
  (void)util::SyncFolder(dir.empty() ? "." : dir);  // written already; this makes it last
  return secret;
}

}  // namespace cairn::services
