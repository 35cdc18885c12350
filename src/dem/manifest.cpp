// Reading and atomically replacing the manifest.
#include "dem/manifest.h"

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
  return util::ReplaceFileDurably(dir, kManifestName, {text});
}

}  // namespace cairn::dem
