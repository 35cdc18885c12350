// The web app's files by URL path: compiled in, or read from a folder during development.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "util/result.h"
#include "web/embedded_files.h"

namespace cairn::web {

// One file ready to send. Immutable; copies share the bytes.
struct Asset {
  std::string path;  // under the asset base: "lib/map.js"
  std::string content_type;
  std::shared_ptr<const std::string> content;
  std::shared_ptr<const std::string> gzip;  // null when not compressible or gzip does not help
  std::string etag;  // strong, quoted: the content hash, "\"0123456789abcdef\""
};

// An Asset for `content`: its type by extension, its hash, and its gzip form for text types.
Asset MakeAsset(std::string path, std::string content);

// True for a relative path a catalog may look up: non-empty segments separated by single '/',
// none starting with '.' (so no "..", no hidden files), no '\\', NUL or other control characters.
bool IsSafeAssetPath(std::string_view path);

// Files under this prefix always come from the embedded copy (Leaflet from libjs-leaflet).
inline constexpr std::string_view kVendorPrefix = "vendor/leaflet/";

enum class AssetSource { kEmbedded, kDirectory };

// Thread safety: const after construction; every method may be called from many threads.
class AssetCatalog {
 public:
  // The embedded `files`, hashed and (text types) gzip-compressed once, here.
  static AssetCatalog FromEmbedded(std::span<const EmbeddedFile> files);

  // Development mode: files are read from `dir` at every lookup, so edits show without a restart;
  // paths under kVendorPrefix still come from `embedded`. Fails, naming `dir`, when it is not a
  // folder holding index.html.
  static util::Result<AssetCatalog> FromDirectory(const std::string& dir,
                                                  std::span<const EmbeddedFile> embedded);

  AssetSource source() const {
    return dir_.empty() ? AssetSource::kEmbedded : AssetSource::kDirectory;
  }

  // 12 hex digits over every file's path and content: the version folder in asset URLs. Fixed
  // for embedded files; recomputed from the folder's current files at each call otherwise.
  std::string BundleHash() const;

  // The file at `path` ("lib/map.js"), or a NotFound error when there is none, the path is not
  // IsSafeAssetPath, names no regular file, or (folder) resolves outside the folder through a
  // symbolic link.
  util::Result<Asset> Find(std::string_view path) const;

 private:
  AssetCatalog() = default;
  // The bytes of the folder's file at `path`, under the same rules as Find.
  util::Result<std::string> ReadFromDirectory(std::string_view path) const;

  std::map<std::string, Asset, std::less<>> embedded_;
  std::string embedded_hash_;
  std::string dir_;  // canonical; empty for the embedded catalog
};

}  // namespace cairn::web
