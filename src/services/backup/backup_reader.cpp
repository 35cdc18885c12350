// One pass over the archive with a sink for the content: hashing only, or writing files too.
#include "services/backup/backup_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <vector>

#include "storage/database_snapshot.h"
#include "util/durable_files.h"
#include "util/random.h"
#include "util/sha256.h"
#include "util/tar_archive.h"

namespace cairn::services {
namespace {

constexpr size_t kChunkBytes = 1 << 20;

util::Error Damaged(const std::string& archive, const std::string& what) {
  return util::Error::InvalidArgument(archive + ": " + what);
}

// An entry name fit for a message: control characters replaced, long names cut.
std::string Printable(const std::string& name) {
  std::string out;
  for (char c : name.substr(0, 120)) out += (c >= 32 && c < 127) ? c : '?';
  return name.size() > 120 ? out + "..." : out;
}

// Where the content of the entries goes, besides the hash: each entry is Begin, Write..., End.
class EntrySink {
 public:
  virtual ~EntrySink() = default;
  virtual util::Status Begin(const std::string& path, uint64_t size) = 0;
  virtual util::Status Write(std::string_view bytes) = 0;
  virtual util::Status End() = 0;
};

// Writes one file and syncs it.
class FileOutput {
 public:
  util::Status Open(const std::string& path, unsigned mode) {
    path_ = path;
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd_ < 0) return util::FileSystemError("cannot create", path);
    return util::OkStatus();
  }
  util::Status Write(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return util::FileSystemError("cannot write", path_);
      bytes.remove_prefix(static_cast<size_t>(n));
    }
    return util::OkStatus();
  }
  util::Status Close() {
    const int fd = fd_;
    fd_ = -1;
    if (::fsync(fd) != 0) {
      ::close(fd);
      return util::FileSystemError("cannot sync", path_);
    }
    if (::close(fd) != 0 && errno != EINTR) return util::FileSystemError("cannot close", path_);
    return util::OkStatus();
  }
  bool open() const { return fd_ >= 0; }
  ~FileOutput() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  std::string path_;
  int fd_ = -1;
};

// Verification: keeps only data.db, in a scratch file, for its integrity check.
class DatabaseCopySink : public EntrySink {
 public:
  explicit DatabaseCopySink(std::string path) : path_(std::move(path)) {}
  ~DatabaseCopySink() override {
    // A file claiming WAL mode makes even a read-only connection leave its -wal and -shm.
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
      ::unlink((path_ + suffix).c_str());
    }
  }
  util::Status Begin(const std::string& path, uint64_t) override {
    active_ = path == kDatabaseEntry;
    return active_ ? output_.Open(path_, 0600) : util::OkStatus();
  }
  util::Status Write(std::string_view bytes) override {
    return active_ ? output_.Write(bytes) : util::OkStatus();
  }
  util::Status End() override {
    if (!active_) return util::OkStatus();
    active_ = false;
    return output_.Close();
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  FileOutput output_;
  bool active_ = false;
};

// Restoring: every entry to its place below the target folder.
class FolderSink : public EntrySink {
 public:
  explicit FolderSink(std::string target) : target_(std::move(target)) { folders_.insert(target_); }
  util::Status Begin(const std::string& path, uint64_t) override {
    // The path passed IsBackupEntryPath: relative, without "..", in the expected layout.
    const std::filesystem::path destination = std::filesystem::path(target_) / path;
    const std::string folder = destination.parent_path().string();
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) return util::FileSystemError("cannot create", folder, ec.value());
    for (auto at = destination.parent_path(); at.string().size() > target_.size();
         at = at.parent_path()) {
      folders_.insert(at.string());
    }
    return output_.Open(destination.string(), path == kSecretEntry ? 0600 : 0640);
  }
  util::Status Write(std::string_view bytes) override { return output_.Write(bytes); }
  util::Status End() override { return output_.Close(); }

  // Syncs every folder it made, deepest first, so the names of the files are durable too.
  util::Status SyncFolders() {
    for (auto it = folders_.rbegin(); it != folders_.rend(); ++it) {
      CAIRN_RETURN_IF_ERROR(util::SyncFolder(*it));
    }
    return util::OkStatus();
  }

 private:
  std::string target_;
  std::set<std::string> folders_;
  FileOutput output_;
};

// Reads `archive` through, feeding `sink`, and checks everything but the database's own
// integrity. Returns what the manifest says with the counts.
util::Result<VerifiedBackup> ScanArchive(const std::string& archive, EntrySink& sink) {
  CAIRN_ASSIGN_OR_RETURN(util::TarReader reader, util::TarReader::Open(archive));
  VerifiedBackup result;
  std::map<std::string, BackupEntry> seen;
  std::optional<std::string> manifest_text;
  std::vector<char> buffer(kChunkBytes);
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(std::optional<util::TarEntry> entry, reader.Next());
    if (!entry) break;
    if (manifest_text) {
      return Damaged(archive, "an entry follows the manifest: " + Printable(entry->name));
    }
    if (entry->name == kManifestEntry) {
      if (entry->size > kMaxManifestBytes) return Damaged(archive, "the manifest is too large");
      manifest_text.emplace(entry->size, '\0');
      size_t at = 0;
      while (at < manifest_text->size()) {
        CAIRN_ASSIGN_OR_RETURN(size_t n,
                               reader.Read(manifest_text->data() + at, manifest_text->size() - at));
        if (n == 0) return Damaged(archive, "the manifest is cut short");
        at += n;
      }
      continue;
    }
    // Checked before anything is written anywhere: a name like "../x" or "/etc/x" stops here.
    if (!IsBackupEntryPath(entry->name)) {
      return Damaged(archive, "an entry that no backup holds: " + Printable(entry->name));
    }
    if (seen.count(entry->name)) return Damaged(archive, "a second " + Printable(entry->name));
    CAIRN_RETURN_IF_ERROR(sink.Begin(entry->name, entry->size));
    util::Sha256 hash;
    uint64_t total = 0;
    while (true) {
      CAIRN_ASSIGN_OR_RETURN(size_t n, reader.Read(buffer.data(), buffer.size()));
      if (n == 0) break;
      const std::string_view chunk(buffer.data(), n);
      hash.Update(chunk);
      CAIRN_RETURN_IF_ERROR(sink.Write(chunk));
      total += n;
    }
    CAIRN_RETURN_IF_ERROR(sink.End());
    seen[entry->name] = {entry->name, total, hash.FinishHex()};
  }
  if (!manifest_text) return Damaged(archive, "the archive has no manifest");
  auto manifest = ParseManifest(*manifest_text);
  if (!manifest.ok()) return Damaged(archive, manifest.error().message);
  for (const auto& listed : manifest->entries) {
    const auto found = seen.find(listed.path);
    if (found == seen.end()) {
      return Damaged(archive, Printable(listed.path) + " is in the manifest but not the archive");
    }
    if (found->second.size != listed.size) {
      return Damaged(archive, Printable(listed.path) + " has " +
                                  std::to_string(found->second.size) +
                                  " bytes; the manifest says " + std::to_string(listed.size));
    }
    if (found->second.sha256 != listed.sha256) {
      return Damaged(archive, Printable(listed.path) + " does not match its checksum");
    }
    if (listed.path.starts_with("storage/")) ++result.files;
    result.content_bytes += listed.size;
    seen.erase(found);
  }
  if (!seen.empty()) {
    return Damaged(archive, Printable(seen.begin()->first) + " is not in the manifest");
  }
  result.manifest = std::move(manifest).value();
  result.archive_bytes = reader.position();
  return result;
}

}  // namespace

util::Result<VerifiedBackup> VerifyBackup(const std::string& archive,
                                          const std::string& scratch_folder) {
  DatabaseCopySink sink(scratch_folder + "/.tmp-cairn-verify-" + util::RandomString(10) + ".db");
  CAIRN_ASSIGN_OR_RETURN(VerifiedBackup verified, ScanArchive(archive, sink));
  auto intact = storage::CheckDatabaseIntegrity(sink.path());
  if (!intact.ok()) {
    if (intact.error().kind != util::ErrorKind::kInvalidArgument) return std::move(intact).error();
    return Damaged(archive, "data.db: " + intact.error().message);
  }
  CAIRN_ASSIGN_OR_RETURN(int schema_version, storage::ReadSchemaVersion(sink.path()));
  if (schema_version != verified.manifest.schema_version) {
    return Damaged(archive, "data.db has schema version " + std::to_string(schema_version) +
                                "; the manifest says " +
                                std::to_string(verified.manifest.schema_version));
  }
  return verified;
}

util::Status ExtractBackup(const std::string& archive, const BackupManifest& expected,
                           const std::string& target) {
  FolderSink sink(target);
  CAIRN_ASSIGN_OR_RETURN(VerifiedBackup extracted, ScanArchive(archive, sink));
  if (extracted.manifest.entries != expected.entries) {
    return Damaged(archive, "the archive changed after it was verified");
  }
  return sink.SyncFolders();
}

}  // namespace cairn::services
