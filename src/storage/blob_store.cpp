// Atomic file storage with POSIX calls: temporary file, fsync, rename, fsync of the folder.
#include "storage/blob_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>

#include "storage/backup_fence.h"
#include "util/durable_files.h"
#include "util/random.h"

namespace cairn::storage {
namespace {

constexpr size_t kMaxBaseLength = 100;
constexpr size_t kSuffixLength = 10;
constexpr size_t kMaxExtensionLength = 10;

// A failed file operation; a full disk (or quota) is InsufficientStorage, anything else Internal.
util::Error FolderError(const std::string& folder, const std::error_code& ec) {
  return util::FileSystemError("cannot create", folder, ec.value());
}

// Creates `folder` (and its parents) when missing; `created` tells whether this call made the
// record folder itself, so a failed first write can take it away again.
util::Status MakeFolder(const std::string& folder, bool* created) {
  std::error_code ec;
  *created = std::filesystem::create_directories(folder, ec);
  if (ec) return FolderError(folder, ec);
  return util::OkStatus();
}

// Removes `folder` when it is empty (rmdir refuses otherwise, which is what we want when another
// upload to the same record has just put a file there).
void RemoveIfEmpty(const std::string& folder) { (void)::rmdir(folder.c_str()); }

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

// Splits "name.ext" into "name" and ".ext" (lowercased); no extension when it is long or odd.
std::pair<std::string, std::string> SplitExtension(const std::string& name) {
  const size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot == 0 || name.size() - dot > kMaxExtensionLength + 1) {
    return {name, ""};
  }
  std::string extension = name.substr(dot);
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!std::all_of(extension.begin() + 1, extension.end(),
                   [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); })) {
    return {name, ""};
  }
  return {name.substr(0, dot), extension};
}

util::Status WriteAll(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return util::FileSystemError("cannot write", path);
    }
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  return util::OkStatus();
}

// Writes `bytes` to a temporary file in `folder`, syncs it and renames it to `path`, so `path`
// is either absent or whole, even after a crash. Temporaries left by a crash start with ".tmp-"
// and are removed at start by the storage check.
util::Status WriteWhole(const std::string& folder, const std::string& path,
                        std::string_view bytes) {
  const std::string temp = folder + "/.tmp-" + util::RandomString(16);
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
  if (fd < 0) return util::FileSystemError("cannot create", temp);
  util::Status written = WriteAll(fd, bytes, temp);
  if (written.ok() && ::fsync(fd) != 0) written = util::FileSystemError("cannot sync", temp);
  // Some filesystems (NFS, quotas) report a lack of space only when the file is closed.
  if (::close(fd) != 0 && written.ok() && errno != EINTR)
    written = util::FileSystemError("cannot close", temp);
  if (written.ok() && ::rename(temp.c_str(), path.c_str()) != 0) {
    written = util::FileSystemError("cannot rename into", path);
  }
  if (!written.ok()) ::unlink(temp.c_str());
  return written;
}

}  // namespace

std::string SanitiseFileName(std::string_view original_name) {
  const size_t slash = original_name.find_last_of("/\\");
  if (slash != std::string_view::npos) original_name.remove_prefix(slash + 1);
  std::string out;
  for (char c : original_name) out += IsNameChar(c) ? c : '_';
  // No hidden files and no "..": leading dots become underscores.
  for (char& c : out) {
    if (c != '.') break;
    c = '_';
  }
  auto [base, extension] = SplitExtension(out);
  if (base.size() > kMaxBaseLength) base.resize(kMaxBaseLength);
  if (base.empty() || std::all_of(base.begin(), base.end(), [](char c) { return c == '_'; })) {
    base = "file";
  }
  return base + extension;
}

bool IsStorageId(std::string_view id) {
  if (id.empty() || id.size() > 32) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

bool IsStoredName(std::string_view name) {
  if (name.empty() || name.size() > kMaxBaseLength + 1 + kSuffixLength + kMaxExtensionLength + 1) {
    return false;
  }
  if (name.front() == '.' || name.find("..") != std::string_view::npos) return false;
  if (!std::all_of(name.begin(), name.end(), IsNameChar)) return false;
  auto [base, extension] = SplitExtension(std::string(name));
  return base.size() > kSuffixLength + 1 && base[base.size() - kSuffixLength - 1] == '_';
}

util::Result<std::string> BlobStore::Put(std::string_view collection_id, std::string_view record_id,
                                         std::string_view original_name, std::string_view bytes) {
  auto [base, extension] = SplitExtension(SanitiseFileName(original_name));
  const std::string name = base + "_" + util::RandomString(kSuffixLength) + extension;
  CAIRN_RETURN_IF_ERROR(Store(collection_id, record_id, name, bytes));
  return name;
}

util::Status BlobStore::PutNamed(std::string_view collection_id, std::string_view record_id,
                                 std::string_view name, std::string_view bytes) {
  if (!IsStoredName(name)) return util::Error::InvalidArgument("not a stored file name");
  return Store(collection_id, record_id, name, bytes);
}

util::Status BlobStore::Store(std::string_view collection_id, std::string_view record_id,
                              std::string_view name, std::string_view bytes) {
  if (!IsStorageId(collection_id) || !IsStorageId(record_id)) {
    return util::Error::InvalidArgument("invalid collection or record id for a file");
  }
  const std::string folder =
      root_ + "/" + std::string(collection_id) + "/" + std::string(record_id);
  const std::string path = folder + "/" + std::string(name);
  util::Status stored;
  bool created = false;
  // Two tries: a failed upload to the same record may remove the (empty) folder between our
  // creating it and opening the temporary file in it.
  for (int attempt = 0; attempt < 2; ++attempt) {
    stored = MakeFolder(folder, &created);
    if (stored.ok()) stored = WriteWhole(folder, path, bytes);
    std::error_code ec;
    if (stored.ok() || std::filesystem::is_directory(folder, ec)) break;
  }
  if (stored.ok()) {
    stored = util::SyncFolder(folder);
    // Not durable means not stored: the caller will not name it in a record.
    if (!stored.ok()) ::unlink(path.c_str());
  }
  if (!stored.ok() && created) {
    // Nothing half-done stays behind: no temporary (WriteWhole removed it), no empty folder.
    RemoveIfEmpty(folder);
  }
  return stored;
}

util::Result<std::string> BlobStore::PathOf(std::string_view collection_id,
                                            std::string_view record_id,
                                            std::string_view name) const {
  if (!IsStorageId(collection_id) || !IsStorageId(record_id) || !IsStoredName(name)) {
    return util::Error::InvalidArgument("not a stored file name");
  }
  return root_ + "/" + std::string(collection_id) + "/" + std::string(record_id) + "/" +
         std::string(name);
}

util::Result<std::string> BlobStore::Read(std::string_view collection_id,
                                          std::string_view record_id, std::string_view name) const {
  CAIRN_ASSIGN_OR_RETURN(std::string path, PathOf(collection_id, record_id, name));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return util::Error::NotFound("The file is missing from storage.");
    return util::FileSystemError("cannot open", path);
  }
  std::string content;
  struct stat st {};
  if (::fstat(fd, &st) == 0) content.reserve(static_cast<size_t>(st.st_size));
  char buffer[1 << 16];
  ssize_t n;
  while ((n = ::read(fd, buffer, sizeof buffer)) != 0) {
    if (n < 0) {
      if (errno == EINTR) continue;
      ::close(fd);
      return util::FileSystemError("cannot read", path);
    }
    content.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return content;
}

util::Status BlobStore::Remove(std::string_view collection_id, std::string_view record_id,
                               std::string_view name) {
  CAIRN_ASSIGN_OR_RETURN(std::string path, PathOf(collection_id, record_id, name));
  std::optional<RemovalLock> fence;
  if (!data_dir_.empty()) fence.emplace(data_dir_);
  if (fence && fence->backup_running()) {
    // The running backup's snapshot may name this file: it reads it from the hold folder.
    CAIRN_RETURN_IF_ERROR(HoldFile(path, HeldPathOf(data_dir_, collection_id, record_id, name)));
  } else {
    if (::unlink(path.c_str()) != 0 && errno != ENOENT)
      return util::FileSystemError("cannot remove", path);
    if (fence) storage::PurgeHeld(data_dir_);
  }
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::filesystem::remove_all(folder / ("thumbs_" + std::string(name)), ec);
  if (std::filesystem::is_empty(folder, ec)) std::filesystem::remove(folder, ec);
  return util::OkStatus();
}

util::Status BlobStore::RemoveRecord(std::string_view collection_id, std::string_view record_id) {
  if (!IsStorageId(collection_id) || !IsStorageId(record_id)) {
    return util::Error::InvalidArgument("invalid collection or record id for a file");
  }
  const std::string folder =
      root_ + "/" + std::string(collection_id) + "/" + std::string(record_id);
  std::optional<RemovalLock> fence;
  if (!data_dir_.empty()) fence.emplace(data_dir_);
  if (fence && fence->backup_running()) {
    for (const std::string& name : List(collection_id, record_id)) {
      CAIRN_RETURN_IF_ERROR(
          HoldFile(folder + "/" + name, HeldPathOf(data_dir_, collection_id, record_id, name)));
    }
  } else if (fence) {
    storage::PurgeHeld(data_dir_);
  }
  std::error_code ec;
  std::filesystem::remove_all(folder, ec);
  if (ec) return util::Error::Internal("cannot remove " + folder + ": " + ec.message());
  return util::OkStatus();
}

size_t BlobStore::PurgeHeld() {
  if (data_dir_.empty()) return 0;
  RemovalLock fence(data_dir_);
  return fence.backup_running() ? 0 : storage::PurgeHeld(data_dir_);
}

util::Result<std::string> BlobStore::ThumbPathOf(std::string_view collection_id,
                                                 std::string_view record_id, std::string_view name,
                                                 std::string_view size) const {
  const bool size_shape =
      !size.empty() && size.size() <= 12 && std::all_of(size.begin(), size.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == 'x' || c == 't' || c == 'b' || c == 'f';
      });
  if (!size_shape) return util::Error::InvalidArgument("not a thumbnail size");
  CAIRN_ASSIGN_OR_RETURN(std::string path, PathOf(collection_id, record_id, name));
  const size_t slash = path.rfind('/');
  return path.substr(0, slash) + "/thumbs_" + std::string(name) + "/" + std::string(size) + "_" +
         std::string(name);
}

util::Status BlobStore::PutThumb(std::string_view collection_id, std::string_view record_id,
                                 std::string_view name, std::string_view size,
                                 std::string_view bytes) {
  CAIRN_ASSIGN_OR_RETURN(std::string path, ThumbPathOf(collection_id, record_id, name, size));
  const std::string folder = path.substr(0, path.rfind('/'));
  bool created = false;
  CAIRN_RETURN_IF_ERROR(MakeFolder(folder, &created));
  // A lost thumbnail is made again, so its folder is not synced.
  util::Status written = WriteWhole(folder, path, bytes);
  if (!written.ok() && created) RemoveIfEmpty(folder);
  return written;
}

std::vector<std::string> BlobStore::List(std::string_view collection_id,
                                         std::string_view record_id) const {
  std::vector<std::string> names;
  if (!IsStorageId(collection_id) || !IsStorageId(record_id)) return names;
  std::error_code ec;
  const std::string folder =
      root_ + "/" + std::string(collection_id) + "/" + std::string(record_id);
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (IsStoredName(name) && entry.is_regular_file(ec)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<StoredEntry> BlobStore::Scan(const std::vector<std::string>& collection_ids) const {
  namespace fs = std::filesystem;
  using Kind = StoredEntry::Kind;
  std::vector<StoredEntry> found;
  std::error_code ec;
  for (const auto& top : fs::directory_iterator(root_, ec)) {
    const std::string collection = top.path().filename().string();
    if (std::find(collection_ids.begin(), collection_ids.end(), collection) ==
        collection_ids.end()) {
      found.push_back({Kind::kUnknownFolder, collection, "", "", top.path().string()});
      continue;
    }
    for (const auto& record : fs::directory_iterator(top.path(), ec)) {
      const std::string record_id = record.path().filename().string();
      if (!record.is_directory(ec) || !IsStorageId(record_id)) {
        found.push_back({Kind::kUnexpected, collection, "", record_id, record.path().string()});
        continue;
      }
      bool holds_anything = false;
      for (const auto& item : fs::directory_iterator(record.path(), ec)) {
        const std::string name = item.path().filename().string();
        StoredEntry entry{Kind::kUnexpected, collection, record_id, name, item.path().string()};
        if (name.rfind(".tmp-", 0) == 0) {
          entry.kind = Kind::kTemporary;
        } else if (item.is_directory(ec) && name.rfind("thumbs_", 0) == 0 &&
                   IsStoredName(name.substr(7))) {
          entry.kind = Kind::kThumbnails;
          entry.name = name.substr(7);
          // A thumbnail write cut short leaves its temporary file inside.
          for (const auto& thumb : fs::directory_iterator(item.path(), ec)) {
            if (thumb.path().filename().string().rfind(".tmp-", 0) == 0) {
              found.push_back({Kind::kTemporary, collection, record_id,
                               thumb.path().filename().string(), thumb.path().string()});
            }
          }
        } else if (item.is_regular_file(ec) && IsStoredName(name)) {
          entry.kind = Kind::kFile;
        }
        holds_anything = true;
        found.push_back(std::move(entry));
      }
      if (!holds_anything) {
        found.push_back({Kind::kRecordFolder, collection, record_id, "", record.path().string()});
      }
    }
  }
  return found;
}

util::Status BlobStore::RemoveEntry(const StoredEntry& entry) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(root_, ec);
  const fs::path target = fs::weakly_canonical(entry.path, ec);
  const auto [root_end, unused] = std::mismatch(root.begin(), root.end(), target.begin());
  if (ec || root_end != root.end() || target == root) {
    return util::Error::InvalidArgument("refusing to remove " + entry.path + " outside storage");
  }
  fs::remove_all(target, ec);
  if (ec) return util::Error::Internal("cannot remove " + entry.path + ": " + ec.message());
  if (entry.kind != StoredEntry::Kind::kRecordFolder && !entry.record_id.empty()) {
    const fs::path folder = fs::path(root_) / entry.collection_id / entry.record_id;
    if (fs::is_directory(folder, ec) && fs::is_empty(folder, ec)) fs::remove(folder, ec);
  }
  return util::OkStatus();
}

bool BlobStore::Exists(std::string_view collection_id, std::string_view record_id,
                       std::string_view name) const {
  auto path = PathOf(collection_id, record_id, name);
  if (!path.ok()) return false;
  struct stat st {};
  return ::lstat(path->c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace cairn::storage
