// The web app's files by URL path: compiled in, or read from a folder during development.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "util/result.h"
#include "web/embedded_files.h"

namespace cairn::web {

// One file ready to send: views over its bytes. Immutable; copies share the bytes.
struct Asset {
  std::string_view content_type;  // static storage
  std::string_view content;
  std::string_view gzip;  // the gzip form; empty when the type is not compressible or gzip does
                          // not make it smaller
  std::string_view etag;  // strong, quoted: the content hash, "\"0123456789abcdef\""
  // Keeps the viewed bytes of a file prepared at run time alive; null for a compiled-in file,
  // whose bytes live as long as the program.
  std::shared_ptr<const void> storage;
};

// An Asset prepared now for `content`: its type by `path`'s extension, its hash, and its gzip
// form for compressible types when smaller. The work the build does for compiled-in files.
Asset MakeAsset(std::string_view path, std::string content);

// True for a relative path a catalog may look up: non-empty segments separated by single '/',
// none starting with '.' (so no "..", no hidden files), no '\\', NUL or other control characters.
bool IsSafeAssetPath(std::string_view path);

// Files under this prefix always come from the embedded copy (third-party code and data: Leaflet
// from libjs-leaflet, the npm packages of third_party/web-packages).
inline constexpr std::string_view kVendorPrefix = "vendor/";

enum class AssetSource { kEmbedded, kDirectory };

// Thread safety: const after construction; every method may be called from many threads.
class AssetCatalog {
 public:
  // The compiled-in files as the build prepared them: nothing is hashed, compressed or copied,
  // and no byte of a file is read until it is served. What `bundle` points to must outlive the
  // catalog (EmbeddedWebApp's lives as long as the program).
  static AssetCatalog FromEmbedded(EmbeddedBundle bundle);

  // Development mode: files are read, hashed and compressed at every lookup, so edits show
  // without a restart; paths under kVendorPrefix still come from `embedded` (sorted by path, as
  // EmbeddedBundle::files, and outliving the catalog). Fails, naming `dir`, when it is not a
  // folder holding index.html.
  static util::Result<AssetCatalog> FromDirectory(const std::string& dir,
                                                  std::span<const EmbeddedFile> embedded);

  AssetSource source() const {
    return dir_.empty() ? AssetSource::kEmbedded : AssetSource::kDirectory;
  }

  // 12 hex digits over every file's path and content (BundleHasher): the version folder in asset
  // URLs. The build's for embedded files; recomputed from the folder's current files at each call
  // otherwise.
  std::string BundleHash() const;

  // The file at `path` ("lib/map.js"), or a NotFound error when there is none, the path is not
  // IsSafeAssetPath, names no regular file, or (folder) resolves outside the folder through a
  // symbolic link.
  util::Result<Asset> Find(std::string_view path) const;

 private:
  AssetCatalog() = default;
  // The embedded file at `path` (a binary search), or nullptr.
  const EmbeddedFile* FindEmbedded(std::string_view path) const;
  // The bytes of the folder's file at `path`, under the same rules as Find.
  util::Result<std::string> ReadFromDirectory(std::string_view path) const;

  std::span<const EmbeddedFile> embedded_;  // sorted by path
  std::string_view embedded_hash_;
  std::string dir_;  // canonical; empty for the embedded catalog
};

}  // namespace cairn::web
