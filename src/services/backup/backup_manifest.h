// What a backup archive holds and how it says so: the entry paths it may contain and the
// manifest (the last entry, JSON) that lists every other entry with its size and SHA-256.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::services {

// Version 1: a tar archive of data.db (a VACUUM INTO snapshot), .secret when the data dir has
// one, storage/<collectionId>/<recordId>/<name> for every file the snapshot's records name, and
// manifest.json last. Thumbnails are not archived: they are made again on request.
inline constexpr int kBackupFormatVersion = 1;
inline constexpr std::string_view kManifestEntry = "manifest.json";
inline constexpr std::string_view kDatabaseEntry = "data.db";
inline constexpr std::string_view kSecretEntry = ".secret";
// A manifest lists about 150 bytes per file; this allows millions of files and no more.
inline constexpr uint64_t kMaxManifestBytes = 512ull << 20;

struct BackupEntry {
  std::string path;
  uint64_t size = 0;
  std::string sha256;  // 64 lowercase hex digits

  bool operator==(const BackupEntry&) const = default;
};

struct BackupManifest {
  int format_version = kBackupFormatVersion;
  std::string cairn_version;
  int schema_version = 0;
  std::string created;  // "YYYY-MM-DD HH:MM:SS.mmmZ"
  std::vector<BackupEntry> entries;
};

// The manifest as JSON text.
std::string SerializeManifest(const BackupManifest& manifest);

// Parses and checks a manifest: InvalidArgument naming what is wrong when it is not JSON, lacks
// a field, has a format version this build does not read, an entry path IsBackupEntryPath
// refuses, a path listed twice, a digest that is not 64 hex digits, or no data.db.
util::Result<BackupManifest> ParseManifest(std::string_view text);

// Whether `path` is one a backup may hold (besides the manifest): "data.db", ".secret", or
// "storage/<id>/<id>/<stored name>" with ids and name of the shapes the blob store writes. So no
// "..", no absolute path, no other folder: a path that passes can be joined to a restore folder.
bool IsBackupEntryPath(std::string_view path);

}  // namespace cairn::services
