// Reading and atomically replacing the manifest.
#include "dem/manifest.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

#include "dem/tile_name.h"
#include "util/durable_files.h"

namespace cairn::dem {
namespace {

constexpr char kFirstLine[] = "cairn-dem-manifest 1";

}  // namespace

util::Result<std::vector<std::string>> ReadManifest(const std::string& dir) {
  const std::string path = dir + "/" + kManifestName;
  std::ifstream in(path);
  if (!in) {
    if (errno == ENOENT) return std::vector<std::string>();
    return util::FileSystemError("cannot read", path);
  }
  std::string line;
  if (!std::getline(in, line) || line != kFirstLine) {
    return util::Error::InvalidArgument(path + " is not a terrain manifest");
  }
  std::vector<std::string> names;
  while (std::getline(in, line)) {
    if (IsTileFileName(line)) names.push_back(line);
  }
  return names;
}

util::Status WriteManifest(const std::string& dir, const std::vector<std::string>& names) {
  std::string text = std::string(kFirstLine) + "\n";
  for (const auto& name : names) text += name + "\n";
  const std::string path = dir + "/" + kManifestName;
  std::string temp = dir + "/.manifest-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return util::FileSystemError("cannot create a file in", dir);
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) &&
                       ::fsync(fd) == 0 && ::fchmod(fd, 0644) == 0;
  const int write_errno = errno;
  ::close(fd);
  if (!written || ::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = written ? errno : write_errno;
    ::unlink(temp.c_str());
    return util::FileSystemError("cannot write", path, error);
  }
  return util::SyncFolder(dir);
}

}  // namespace cairn::dem
