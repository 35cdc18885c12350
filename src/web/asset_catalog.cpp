// Embedded files are prepared once at start; a development folder is read on every request.
#include "web/asset_catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include "web/content_hash.h"
#include "web/gzip.h"
#include "web/media_types.h"

namespace cairn::web {
namespace {

namespace fs = std::filesystem;

// Larger files in a development folder are refused rather than read into memory per request.
constexpr uintmax_t kMaxDevelopmentFileBytes = 64 * 1024 * 1024;

// `files` are (path, content hash) pairs in path order.
std::string BundleHashOf(const std::vector<std::pair<std::string, std::string>>& files) {
  ContentHasher hasher;
  for (const auto& [path, hash] : files) {
    hasher.AddField(path);
    hasher.AddField(hash);
  }
  return hasher.Hex().substr(0, 12);
}

bool InsideFolder(const std::string& path, const std::string& folder) {
  return path.size() > folder.size() && path.starts_with(folder) && path[folder.size()] == '/';
}

}  // namespace

Asset MakeAsset(std::string path, std::string content) {
  Asset asset;
  asset.content_type = ContentTypeForPath(path);
  asset.etag = "\"" + ContentHashHex(content) + "\"";
  if (IsCompressibleType(asset.content_type)) {
    auto gzip = std::make_shared<const std::string>(GzipCompress(content));
    if (gzip->size() < content.size()) asset.gzip = std::move(gzip);
  }
  asset.path = std::move(path);
  asset.content = std::make_shared<const std::string>(std::move(content));
  return asset;
}

bool IsSafeAssetPath(std::string_view path) {
  if (path.empty()) return false;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    const std::string_view segment = path.substr(start, slash - start);
    if (segment.empty() || segment.front() == '.') return false;
    for (unsigned char c : segment) {
      if (c < 0x20 || c == 0x7f || c == '\\') return false;
    }
    start = slash + 1;
  }
  return true;
}

AssetCatalog AssetCatalog::FromEmbedded(std::span<const EmbeddedFile> files) {
  AssetCatalog catalog;
  for (const EmbeddedFile& file : files) {
    std::string content(reinterpret_cast<const char*>(file.data), file.size);
    catalog.embedded_.insert_or_assign(file.path, MakeAsset(file.path, std::move(content)));
  }
  std::vector<std::pair<std::string, std::string>> hashes;
  for (const auto& [path, asset] : catalog.embedded_) hashes.emplace_back(path, asset.etag);
  catalog.embedded_hash_ = BundleHashOf(hashes);
  return catalog;
}

util::Result<AssetCatalog> AssetCatalog::FromDirectory(const std::string& dir,
                                                       std::span<const EmbeddedFile> embedded) {
  std::error_code error;
  const fs::path canonical = fs::canonical(dir, error);
  if (error || !fs::is_directory(canonical, error)) {
    return util::Error::InvalidArgument("--web-dir: \"" + dir + "\" is not a folder");
  }
  if (!fs::is_regular_file(canonical / "index.html", error)) {
    return util::Error::InvalidArgument("--web-dir: \"" + dir +
                                        "\" has no index.html (point it at the web/ folder)");
  }
  AssetCatalog catalog;
  for (const EmbeddedFile& file : embedded) {
    if (!std::string_view(file.path).starts_with(kVendorPrefix)) continue;
    std::string content(reinterpret_cast<const char*>(file.data), file.size);
    catalog.embedded_.insert_or_assign(file.path, MakeAsset(file.path, std::move(content)));
  }
  catalog.dir_ = canonical.string();
  return catalog;
}

std::string AssetCatalog::BundleHash() const {
  if (dir_.empty()) return embedded_hash_;
  std::vector<std::string> paths;
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(dir_, error);
       !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (it->path().filename().string().starts_with(".")) {
      if (it->is_directory(error)) it.disable_recursion_pending();
      continue;
    }
    std::string relative = it->path().lexically_relative(dir_).generic_string();
    if (!relative.starts_with(kVendorPrefix)) paths.push_back(std::move(relative));
  }
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& path : paths) {
    if (auto content = ReadFromDirectory(path); content.ok()) {
      files.emplace_back(path, "\"" + ContentHashHex(*content) + "\"");
    }
  }
  for (const auto& [path, asset] : embedded_) files.emplace_back(path, asset.etag);
  std::sort(files.begin(), files.end());
  return BundleHashOf(files);
}

util::Result<Asset> AssetCatalog::Find(std::string_view path) const {
  if (!IsSafeAssetPath(path)) return util::Error::NotFound();
  if (dir_.empty() || path.starts_with(kVendorPrefix)) {
    auto it = embedded_.find(path);
    if (it == embedded_.end()) return util::Error::NotFound();
    return it->second;
  }
  auto content = ReadFromDirectory(path);
  if (!content.ok()) return content.error();
  return MakeAsset(std::string(path), std::move(*content));
}

util::Result<std::string> AssetCatalog::ReadFromDirectory(std::string_view path) const {
  if (!IsSafeAssetPath(path)) return util::Error::NotFound();
  std::error_code error;
  // Symbolic links are followed, but the file they lead to must lie inside the folder.
  const fs::path real = fs::canonical(fs::path(dir_) / path, error);
  if (error || !InsideFolder(real.string(), dir_)) return util::Error::NotFound();
  const fs::file_status status = fs::status(real, error);
  if (error || !fs::is_regular_file(status)) return util::Error::NotFound();
  const uintmax_t size = fs::file_size(real, error);
  if (error || size > kMaxDevelopmentFileBytes) return util::Error::NotFound();
  std::ifstream in(real, std::ios::binary);
  if (!in) return util::Error::NotFound();
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace cairn::web
