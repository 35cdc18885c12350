// A data dir for backup tests: a real SQLite file with trails naming stored photos.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "records/record_engine.h"
#include "services/backup/backup_manifest.h"
#include "services/backup/backup_writer.h"
#include "services/categories/seed_images.h"
#include "services/core/family_registry.h"
#include "services/families/families.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"
#include "util/clock.h"
#include "util/sha256.h"
#include "util/tar_archive.h"

namespace cairn::services::backup_test {

inline constexpr char kTrails[] = "e864strfxo14pm4";

struct DataDir {
  test_support::TempDir dir;
  util::SystemClock clock;
  std::unique_ptr<storage::Database> db =
      std::move(storage::Database::Open({dir.path() + "/data.db", 1})).value();
  storage::BlobStore blobs{StorageRoot(), dir.path()};
  FamilyRegistry families;
  std::unique_ptr<records::RecordEngine> engine;

  DataDir() {
    BuildFamilies(families, clock);
    engine = std::make_unique<records::RecordEngine>(families.collections(), clock);
    // As the server does at start: the seeded categories' pictograms are stored files too.
    REQUIRE(WriteMissingSeedImages(*db, families, blobs).ok());
    for (const auto& entry : std::filesystem::recursive_directory_iterator(StorageRoot())) {
      seeded_files += entry.is_regular_file();
    }
    REQUIRE(seeded_files > 0);
  }
  size_t seeded_files = 0;
  std::string StorageRoot() {
    std::filesystem::create_directories(dir.path() + "/storage");
    return dir.path() + "/storage";
  }
  void AddTrail(const std::string& id, const std::vector<std::string>& photos) {
    nlohmann::json names = photos;
    auto added = db->Write<int64_t>([&](storage::Connection& c) {
      return c.Execute(
          "INSERT INTO trails (id, created, updated, author, name, photos) VALUES (?, "
          "'2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'u', 'T', ?)",
          {id, names.dump()});
    });
    REQUIRE(added.ok());
  }
  void DeleteTrail(const std::string& id) {
    REQUIRE(db->Write<int64_t>([&](storage::Connection& c) {
                return c.Execute("DELETE FROM trails WHERE id = ?", {id});
              }).ok());
  }
  std::string Store(const std::string& trail, const std::string& bytes) {
    return std::move(blobs.Put(kTrails, trail, "photo.jpg", bytes)).value();
  }
  util::Result<BackupReport> Backup(const std::string& archive,
                                    std::function<void()> after_snapshot = {}) {
    return CreateBackup({.data_dir = dir.path(),
                         .archive_path = archive,
                         .cairn_version = "test",
                         .after_snapshot = std::move(after_snapshot)},
                        *engine, clock);
  }
};

using Entries = std::vector<std::pair<std::string, std::string>>;

// Every entry of a (small) archive, in order, contents in memory.
inline Entries ReadEntries(const std::string& archive) {
  Entries entries;
  auto reader = util::TarReader::Open(archive);
  REQUIRE(reader.ok());
  while (true) {
    auto entry = reader->Next();
    REQUIRE(entry.ok());
    if (!entry->has_value()) return entries;
    std::string content((*entry)->size, '\0');
    size_t at = 0;
    while (at < content.size()) {
      auto n = reader->Read(content.data() + at, content.size() - at);
      REQUIRE(n.ok());
      at += *n;
    }
    entries.emplace_back((*entry)->name, std::move(content));
  }
}

inline void WriteEntries(const std::string& archive, const Entries& entries) {
  std::filesystem::remove(archive);
  auto writer = util::TarWriter::Create(archive);
  REQUIRE(writer.ok());
  for (const auto& [name, content] : entries) {
    REQUIRE(writer->Begin({name, content.size(), 0}).ok());
    REQUIRE(writer->Write(content).ok());
  }
  REQUIRE(writer->Finish().ok());
}

// `entries` without their manifest, followed by a manifest that agrees with them.
inline Entries WithFreshManifest(Entries entries) {
  entries.erase(std::remove_if(entries.begin(), entries.end(),
                               [](const auto& e) { return e.first == kManifestEntry; }),
                entries.end());
  BackupManifest manifest;
  manifest.cairn_version = "test";
  manifest.schema_version = storage::CurrentSchemaVersion();
  for (const auto& [name, content] : entries) {
    manifest.entries.push_back({name, content.size(), util::Sha256Hex(content)});
  }
  entries.emplace_back(std::string(kManifestEntry), SerializeManifest(manifest));
  return entries;
}

inline std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace cairn::services::backup_test
