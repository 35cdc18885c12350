// Embedded files are served as the build prepared them; a development folder is read on every
// request.
#include "web/asset_catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include "web/content_hash.h"
#include "web/gzip.h"
#include "web/media_types.h"

namespace cairn::web {
namespace {

namespace fs = std::filesystem;

// Larger files in a development folder are refused rather than read into memory per request.
constexpr uintmax_t kMaxDevelopmentFileBytes = 64 * 1024 * 1024;

bool InsideFolder(const std::string& path, const std::string& folder) {
  return path.size() > folder.size() && path.starts_with(folder) && path[folder.size()] == '/';
}

std::string_view Bytes(const unsigned char* data, size_t size) {
  return data == nullptr ? std::string_view()
                         : std::string_view(reinterpret_cast<const char*>(data), size);
}

// A compiled-in file as an Asset: views over its static bytes, nothing copied.
Asset EmbeddedAsset(const EmbeddedFile& file) {
  return {.content_type = ContentTypeForPath(file.path),
          .content = Bytes(file.data, file.size),
          .gzip = Bytes(file.gzip, file.gzip_size),
          .etag = file.etag,
          .storage = nullptr};
}

}  // namespace

Asset MakeAsset(std::string_view path, std::string content) {
  struct Storage {
    std::string content;
    std::string gzip;
    std::string etag;
  };
  auto storage = std::make_shared<Storage>();
  const std::string_view content_type = ContentTypeForPath(path);
  storage->etag = "\"" + ContentHashHex(content) + "\"";
  if (IsCompressibleType(content_type)) {
    std::string gzip = GzipCompress(content);
    if (gzip.size() < content.size()) storage->gzip = std::move(gzip);
  }
  storage->content = std::move(content);
  return {.content_type = content_type,
          .content = storage->content,
          .gzip = storage->gzip,
          .etag = storage->etag,
          .storage = std::move(storage)};
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

AssetCatalog AssetCatalog::FromEmbedded(EmbeddedBundle bundle) {
  AssetCatalog catalog;
  catalog.embedded_ = bundle.files;
  catalog.embedded_hash_ = bundle.hash;
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
  catalog.embedded_ = embedded;
  catalog.dir_ = canonical.string();
  return catalog;
}

std::string AssetCatalog::BundleHash() const {
  if (dir_.empty()) return std::string(embedded_hash_);
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
  for (const EmbeddedFile& file : embedded_) {
    if (std::string_view(file.path).starts_with(kVendorPrefix)) {
      files.emplace_back(file.path, file.etag);
    }
  }
  std::sort(files.begin(), files.end());
  BundleHasher hasher;
  for (const auto& [path, etag] : files) hasher.AddFile(path, etag);
  return hasher.Hex();
}

util::Result<Asset> AssetCatalog::Find(std::string_view path) const {
  if (!IsSafeAssetPath(path)) return util::Error::NotFound();
  if (dir_.empty() || path.starts_with(kVendorPrefix)) {
    const EmbeddedFile* file = FindEmbedded(path);
    if (file == nullptr) return util::Error::NotFound();
    return EmbeddedAsset(*file);
  }
  auto content = ReadFromDirectory(path);
  if (!content.ok()) return content.error();
  return MakeAsset(path, std::move(*content));
}

const EmbeddedFile* AssetCatalog::FindEmbedded(std::string_view path) const {
  const auto it = std::lower_bound(embedded_.begin(), embedded_.end(), path,
                                   [](const EmbeddedFile& file, std::string_view wanted) {
                                     return std::string_view(file.path) < wanted;
                                   });
  if (it == embedded_.end() || std::string_view(it->path) != path) return nullptr;
  return &*it;
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
