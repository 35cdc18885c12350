// Snapshot, then stream: the database copy, the secret, the named files, the manifest.
#include "services/backup/backup_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <tuple>

#include "services/backup/backup_manifest.h"
#include "services/files/file_references.h"
#include "storage/backup_fence.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "storage/database_snapshot.h"
#include "storage/schema.h"
#include "util/durable_files.h"
#include "util/random.h"
#include "util/sha256.h"
#include "util/tar_archive.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

constexpr size_t kChunkBytes = 1 << 20;

// The backup's temporary files (the snapshot with any journal SQLite left beside it, the archive
// before its rename), removed however the backup ends.
struct TemporaryFiles {
  std::vector<std::string> paths;
  ~TemporaryFiles() {
    for (const auto& path : paths) {
      for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        ::unlink((path + suffix).c_str());
      }
    }
  }
};

// An open file descriptor, closed when it goes.
struct OpenFile {
  int fd = -1;
  explicit OpenFile(const std::string& path)
      : fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) {}
  ~OpenFile() {
    if (fd >= 0) ::close(fd);
  }
};

// Streams the open file `file` into the archive as `name`, hashing it on the way.
util::Result<BackupEntry> ArchiveFile(util::TarWriter& tar, const OpenFile& file,
                                      const std::string& name, const std::string& source,
                                      std::vector<char>& buffer) {
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return util::FileSystemError("cannot read", source);
  if (!S_ISREG(st.st_mode)) return util::Error::Internal(source + " is not a regular file");
  BackupEntry entry{name, static_cast<uint64_t>(st.st_size), ""};
  CAIRN_RETURN_IF_ERROR(tar.Begin({name, entry.size, static_cast<int64_t>(st.st_mtime)}));
  util::Sha256 hash;
  uint64_t left = entry.size;
  while (left > 0) {
    const ssize_t n = ::read(file.fd, buffer.data(),
                             static_cast<size_t>(std::min<uint64_t>(left, buffer.size())));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return util::FileSystemError("cannot read", source);
    if (n == 0) return util::Error::Internal(source + " shrank while it was archived");
    const std::string_view chunk(buffer.data(), static_cast<size_t>(n));
    hash.Update(chunk);
    CAIRN_RETURN_IF_ERROR(tar.Write(chunk));
    left -= static_cast<uint64_t>(n);
  }
  entry.sha256 = hash.FinishHex();
  return entry;
}

}  // namespace

util::Result<BackupReport> CreateBackup(const BackupOptions& options,
                                        const records::RecordEngine& engine,
                                        const util::Clock& clock) {
  namespace fs = std::filesystem;
  const std::string& data_dir = options.data_dir;
  const std::string database_path = data_dir + "/data.db";
  std::error_code ec;
  if (!fs::is_regular_file(database_path, ec)) {
    return util::Error::NotFound("no Cairn data in " + data_dir + " (data.db is missing)");
  }
  // From here on every removal by the server holds its file for us.
  CAIRN_ASSIGN_OR_RETURN(storage::BackupLock lock,
                         storage::BackupLock::Acquire(data_dir, options.lock_wait));

  const fs::path target(options.archive_path);
  const std::string folder = target.has_parent_path() ? target.parent_path().string() : ".";
  const std::string suffix = util::RandomString(10);
  const std::string snapshot = folder + "/.tmp-cairn-snapshot-" + suffix + ".db";
  const std::string temporary = folder + "/.tmp-" + target.filename().string() + "-" + suffix;
  TemporaryFiles temporaries{{snapshot, temporary}};

  CAIRN_RETURN_IF_ERROR(storage::SnapshotDatabase(database_path, snapshot));
  BackupReport report;
  CAIRN_ASSIGN_OR_RETURN(report.schema_version, storage::ReadSchemaVersion(snapshot));
  if (report.schema_version != storage::CurrentSchemaVersion()) {
    return util::Error::InvalidArgument(
        "the database has schema version " + std::to_string(report.schema_version) +
        " and this cairn knows " + std::to_string(storage::CurrentSchemaVersion()) +
        ": back up with the cairn binary that serves this data dir");
  }
  if (options.after_snapshot) options.after_snapshot();

  CAIRN_ASSIGN_OR_RETURN(util::TarWriter tar, util::TarWriter::Create(temporary, 0600));
  BackupManifest manifest;
  manifest.cairn_version = options.cairn_version;
  manifest.schema_version = report.schema_version;
  manifest.created = util::FormatTimestamp(clock.NowMillis());
  std::vector<char> buffer(kChunkBytes);

  {
    OpenFile file(snapshot);
    if (file.fd < 0) return util::FileSystemError("cannot open", snapshot);
    CAIRN_ASSIGN_OR_RETURN(BackupEntry entry,
                           ArchiveFile(tar, file, std::string(kDatabaseEntry), snapshot, buffer));
    manifest.entries.push_back(std::move(entry));
  }
  // The installation secret: without it every login token and signed link would end at restore.
  if (OpenFile file(data_dir + "/.secret"); file.fd >= 0) {
    CAIRN_ASSIGN_OR_RETURN(BackupEntry entry, ArchiveFile(tar, file, std::string(kSecretEntry),
                                                          data_dir + "/.secret", buffer));
    manifest.entries.push_back(std::move(entry));
  } else if (errno != ENOENT) {
    return util::FileSystemError("cannot open", data_dir + "/.secret");
  }

  FileReferences references;
  {
    // The archived copy is already in the archive; this connection may touch the temporary one.
    CAIRN_ASSIGN_OR_RETURN(auto database, storage::Database::Open({snapshot, 1, 0}));
    CAIRN_ASSIGN_OR_RETURN(references, ListFileReferences(*database, engine));
  }
  auto& names = references.names;
  const auto key = [](const FileReference& r) {
    return std::tie(r.collection_id, r.record_id, r.name);
  };
  std::sort(names.begin(), names.end(),
            [&](const auto& a, const auto& b) { return key(a) < key(b); });
  names.erase(std::unique(names.begin(), names.end(),
                          [&](const auto& a, const auto& b) { return key(a) == key(b); }),
              names.end());

  const storage::BlobStore blobs(data_dir + "/storage");
  for (const FileReference& reference : names) {
    const std::string entry_name =
        "storage/" + reference.collection_id + "/" + reference.record_id + "/" + reference.name;
    auto path = blobs.PathOf(reference.collection_id, reference.record_id, reference.name);
    if (!path.ok()) {  // a name no upload wrote cannot be a file of ours
      report.missing.push_back(entry_name);
      continue;
    }
    std::string source = *path;
    OpenFile stored(source);
    bool held = false;
    if (stored.fd < 0 && errno == ENOENT) {
      source = storage::HeldPathOf(data_dir, reference.collection_id, reference.record_id,
                                   reference.name);
      stored.fd = ::open(source.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
      held = true;
    }
    if (stored.fd < 0) {
      if (errno != ENOENT) return util::FileSystemError("cannot open", source);
      report.missing.push_back(entry_name);
      continue;
    }
    CAIRN_ASSIGN_OR_RETURN(BackupEntry entry, ArchiveFile(tar, stored, entry_name, source, buffer));
    report.content_bytes += entry.size;
    ++report.files;
    if (held) ++report.held_files;
    manifest.entries.push_back(std::move(entry));
  }
  for (const auto& entry : manifest.entries) {
    if (!entry.path.starts_with("storage/")) report.content_bytes += entry.size;
  }

  const std::string manifest_text = SerializeManifest(manifest);
  CAIRN_RETURN_IF_ERROR(
      tar.Begin({std::string(kManifestEntry), manifest_text.size(), clock.NowMillis() / 1000}));
  CAIRN_RETURN_IF_ERROR(tar.Write(manifest_text));
  CAIRN_ASSIGN_OR_RETURN(report.archive_bytes, tar.Finish());
  if (::rename(temporary.c_str(), options.archive_path.c_str()) != 0) {
    return util::FileSystemError("cannot rename the archive to", options.archive_path);
  }
  temporaries.paths.pop_back();
  CAIRN_RETURN_IF_ERROR(util::SyncFolder(folder));
  // Nothing needs the held files any more; the lock still keeps removals from adding more.
  storage::PurgeHeld(data_dir);
  return report;
}

}  // namespace cairn::services
