// Manifests of external plugins: reading, checking and finding them in the plugins dir.
#include "services/plugins/external_plugin.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/text.h"

namespace cairn::services::plugins {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr size_t kMaxManifestBytes = 64 * 1024;
constexpr size_t kMaxIdLength = 64;
constexpr size_t kMaxExtensionLength = 16;
constexpr const char* kCapabilities[] = {"import-archive", "watch", "sync", "send"};

bool IsPluginFolderName(const std::string& id) {
  auto lower_or_digit = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (id.empty() || id.size() > kMaxIdLength || !lower_or_digit(id[0])) return false;
  return std::all_of(id.begin(), id.end(),
                     [&](char c) { return lower_or_digit(c) || c == '_' || c == '-'; });
}

// The folder's own name, whether or not `dir` ends with '/'.
std::string FolderName(const std::string& dir) {
  fs::path path = fs::path(dir).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();
  return path.filename().string();
}

class ManifestChecker {
 public:
  explicit ManifestChecker(std::string folder) : folder_(std::move(folder)) {}

  util::Error Fail(const std::string& what) const {
    return util::Error::InvalidArgument("plugin folder \"" + folder_ +
                                        "\": manifest.json: " + what);
  }

  // The string `key` of `manifest`, required to be present and non-empty.
  util::Result<std::string> RequiredString(const json& manifest, const char* key) const {
    auto found = manifest.find(key);
    if (found == manifest.end()) return Fail(std::string("\"") + key + "\" is missing");
    if (!found->is_string() || found->get_ref<const std::string&>().empty()) {
      return Fail(std::string("\"") + key + "\" must be a non-empty string");
    }
    return found->get<std::string>();
  }

  // The strings of the array `key`; empty when absent.
  util::Result<std::vector<std::string>> StringList(const json& manifest, const char* key) const {
    auto found = manifest.find(key);
    if (found == manifest.end()) return std::vector<std::string>{};
    const std::string wrong = std::string("\"") + key + "\" must be a list of strings";
    if (!found->is_array()) return Fail(wrong);
    std::vector<std::string> values;
    for (const json& value : *found) {
      if (!value.is_string()) return Fail(wrong);
      values.push_back(value.get<std::string>());
    }
    return values;
  }

 private:
  std::string folder_;
};

util::Result<std::vector<std::string>> CheckCapabilities(const ManifestChecker& check,
                                                         std::vector<std::string> capabilities) {
  if (capabilities.empty()) return check.Fail("\"capabilities\" must list at least one");
  for (size_t i = 0; i < capabilities.size(); ++i) {
    const std::string& capability = capabilities[i];
    if (std::find(std::begin(kCapabilities), std::end(kCapabilities), capability) ==
        std::end(kCapabilities)) {
      return check.Fail("unknown capability \"" + std::string(util::TruncateUtf8(capability, 64)) +
                        "\" (known: import-archive, watch, sync, send)");
    }
    if (std::find(capabilities.begin(), capabilities.begin() + static_cast<ptrdiff_t>(i),
                  capability) != capabilities.begin() + static_cast<ptrdiff_t>(i)) {
      return check.Fail("capability \"" + capability + "\" is listed twice");
    }
  }
  return capabilities;
}

util::Status CheckExec(const ManifestChecker& check, const std::string& dir,
                       const std::string& exec) {
  if (exec.find('/') != std::string::npos || exec.find("..") != std::string::npos || exec == ".") {
    return check.Fail("\"exec\" must be a file name in the plugin's folder, without '/' or \"..\"");
  }
  struct stat info {};
  if (::lstat((dir + "/" + exec).c_str(), &info) != 0) {
    return check.Fail("\"exec\" names \"" + exec + "\", which is not in the plugin's folder");
  }
  if (!S_ISREG(info.st_mode)) {
    return check.Fail("\"exec\" names \"" + exec + "\", which is not a regular file");
  }
  if ((info.st_mode & 0111) == 0) {
    return check.Fail("\"exec\" names \"" + exec + "\", which is not executable (chmod +x)");
  }
  return util::OkStatus();
}

util::Result<int> CheckTimeout(const ManifestChecker& check, const json& manifest) {
  auto found = manifest.find("timeout_seconds");
  if (found == manifest.end()) return kDefaultPluginTimeoutSeconds;
  if (!found->is_number_integer() || found->get<int64_t>() < 1 ||
      found->get<int64_t>() > kMaxPluginTimeoutSeconds) {
    return check.Fail("\"timeout_seconds\" must be a whole number from 1 to " +
                      std::to_string(kMaxPluginTimeoutSeconds));
  }
  return static_cast<int>(found->get<int64_t>());
}

util::Result<std::vector<std::string>> CheckAccepts(const ManifestChecker& check,
                                                    std::vector<std::string> accepts) {
  for (std::string& extension : accepts) {
    const bool plain = std::all_of(extension.begin(), extension.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.';
    });
    if (extension.size() < 2 || extension.size() > kMaxExtensionLength || extension[0] != '.' ||
        !plain) {
      return check.Fail("\"accepts\" must list file extensions such as \".zip\"");
    }
    extension = util::LowercaseAscii(extension);
  }
  return accepts;
}

}  // namespace

bool ExternalPluginManifest::HasCapability(const std::string& capability) const {
  return std::find(capabilities.begin(), capabilities.end(), capability) != capabilities.end();
}

util::Result<ExternalPluginManifest> ReadPluginManifest(const std::string& plugin_dir) {
  const std::string folder = FolderName(plugin_dir);
  const ManifestChecker check(folder);
  std::ifstream in(plugin_dir + "/manifest.json", std::ios::binary);
  if (!in) return check.Fail("missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > kMaxManifestBytes) return check.Fail("larger than 64 KiB");
  json manifest;
  try {
    manifest = json::parse(text.str());
  } catch (const json::parse_error& error) {
    return check.Fail("not JSON (at byte " + std::to_string(error.byte) + ")");
  }
  if (!manifest.is_object()) return check.Fail("not a JSON object");

  ExternalPluginManifest out;
  out.dir = fs::absolute(fs::path(plugin_dir)).lexically_normal().string();
  if (out.dir.size() > 1 && out.dir.back() == '/') out.dir.pop_back();
  CAIRN_ASSIGN_OR_RETURN(out.id, check.RequiredString(manifest, "id"));
  if (!IsPluginFolderName(out.id)) {
    return check.Fail(
        "\"id\" must be 1 to 64 of a-z, 0-9, '_' and '-', starting with a letter "
        "or digit");
  }
  if (out.id != folder) {
    return check.Fail("\"id\" is \"" + out.id + "\" but must be the folder's name, \"" + folder +
                      "\"");
  }
  CAIRN_ASSIGN_OR_RETURN(out.name, check.RequiredString(manifest, "name"));
  CAIRN_ASSIGN_OR_RETURN(out.version, check.RequiredString(manifest, "version"));
  if (manifest.find("capabilities") == manifest.end()) {
    return check.Fail("\"capabilities\" is missing");
  }
  CAIRN_ASSIGN_OR_RETURN(auto capabilities, check.StringList(manifest, "capabilities"));
  CAIRN_ASSIGN_OR_RETURN(out.capabilities, CheckCapabilities(check, std::move(capabilities)));
  CAIRN_ASSIGN_OR_RETURN(out.exec, check.RequiredString(manifest, "exec"));
  CAIRN_RETURN_IF_ERROR(CheckExec(check, out.dir, out.exec));
  CAIRN_ASSIGN_OR_RETURN(out.timeout_seconds, CheckTimeout(check, manifest));
  CAIRN_ASSIGN_OR_RETURN(auto accepts, check.StringList(manifest, "accepts"));
  CAIRN_ASSIGN_OR_RETURN(out.accepts, CheckAccepts(check, std::move(accepts)));
  return out;
}

std::vector<DiscoveredPlugin> DiscoverExternalPlugins(const std::string& plugins_dir) {
  std::vector<std::string> folders;
  std::error_code error;
  for (fs::directory_iterator it(plugins_dir, error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code type_error;
    if (name.empty() || name[0] == '.' || !it->is_directory(type_error)) continue;
    folders.push_back(name);
  }
  std::sort(folders.begin(), folders.end());
  std::vector<DiscoveredPlugin> plugins;
  for (const std::string& folder : folders) {
    const std::string dir = plugins_dir + "/" + folder;
    plugins.push_back({folder, dir, ReadPluginManifest(dir)});
  }
  return plugins;
}

}  // namespace cairn::services::plugins
