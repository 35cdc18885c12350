// Reading zip archives from memory or a file, and writing them in memory: the one adapter over
// libzip, with limits that make zip bombs harmless.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

struct zip_source;  // libzip's, seen only by zip_archive.cpp

namespace cairn::geo {

// Hard limits applied while reading an archive. They are enforced on the bytes actually
// decompressed, never on the sizes an entry's header declares.
struct ZipLimits {
  size_t max_entries = 10'000;
  uint64_t max_entry_bytes = 200ull << 20;  // uncompressed, per entry
  uint64_t max_total_bytes = 200ull << 20;  // uncompressed, over every entry read
  // Output may exceed `max_ratio` times the entry's compressed size only within the first
  // `ratio_allowance_bytes`: small entries compress well legitimately, bombs do so for ever.
  double max_ratio = 200;
  uint64_t ratio_allowance_bytes = 1ull << 20;
};

struct ZipEntry {
  std::string name;              // as stored, UTF-8; only ever compared, never used as a file path
  uint64_t declared_size = 0;    // from the header: informative only
  uint64_t compressed_size = 0;  // from the header
  bool is_directory = false;     // the name ends with '/'
};

// A zip archive read from memory. Open() fails with InvalidArgument when the bytes are not a
// readable zip or hold more than `limits.max_entries` entries. Not thread-safe: use one reader
// per thread. The bytes passed to Open() must outlive the reader.
class ZipReader {
 public:
  static util::Result<ZipReader> Open(std::string_view bytes, ZipLimits limits = {});
  // The archive at `path`, read in place: only the entry being read is held in memory, so an
  // export of several gigabytes costs what its largest entry does. The file must not change
  // while the reader is open. InvalidArgument as Open(), or when the file cannot be read.
  static util::Result<ZipReader> OpenFile(const std::string& path, ZipLimits limits = {});

  ZipReader(ZipReader&&) noexcept;
  ZipReader& operator=(ZipReader&&) noexcept;
  ~ZipReader();

  // Every entry, directories included, in the archive's order.
  const std::vector<ZipEntry>& entries() const { return entries_; }

  // The uncompressed bytes of entries()[index]. InvalidArgument when the entry is damaged,
  // encrypted, uses an unsupported compression method, or would exceed a limit (the message
  // says which); decompression stops as soon as a limit is passed, so memory stays within
  // max_entry_bytes plus one chunk.
  util::Result<std::string> ReadEntry(size_t index);

 private:
  struct Archive;
  static util::Result<ZipReader> OpenSource(::zip_source* source, uint64_t archive_bytes,
                                            ZipLimits limits);
  ZipReader(std::unique_ptr<Archive> archive, std::vector<ZipEntry> entries, ZipLimits limits);

  std::unique_ptr<Archive> archive_;
  std::vector<ZipEntry> entries_;
  ZipLimits limits_;
  uint64_t total_read_ = 0;
};

// An entry name fit for a message: at most 80 bytes, control characters replaced by '?'.
std::string PrintableEntryName(std::string_view name);

struct ZipMember {
  std::string name;
  std::string_view bytes;  // must stay valid until WriteZip returns
};

// A deflate-compressed zip holding `members` in order. Names are made safe for whoever unpacks
// the archive: '/', '\\', ':' and control characters become '_', leading dots are dropped, an
// empty name becomes "file", and a repeated name gets " (2)", " (3)"... before its extension.
// Internal error only when libzip fails. Thread-safe (no shared state).
util::Result<std::string> WriteZip(const std::vector<ZipMember>& members);

}  // namespace cairn::geo
