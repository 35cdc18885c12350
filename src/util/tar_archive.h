// A tar archive (POSIX ustar, with pax headers for long names and large sizes) written and read
// as a stream, so an archive of many gigabytes never needs more memory than one chunk.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::util {

// One member of an archive: a regular file.
struct TarEntry {
  std::string name;  // as stored; the reader checks only that it is not empty and has no NUL
  uint64_t size = 0;
  int64_t modified_seconds = 0;
};

// Writes an archive to a new file. Not thread-safe. Every write failure is an error naming the
// file (InsufficientStorage when the disk is full); after one, the writer is unusable and the
// caller removes the file.
class TarWriter {
 public:
  // Creates `path` (which must not exist) with mode `mode`.
  static Result<TarWriter> Create(const std::string& path, unsigned mode = 0600);
  TarWriter(TarWriter&& other) noexcept;
  TarWriter& operator=(TarWriter&&) = delete;
  ~TarWriter();  // closes the file if Finish was not reached (the caller removes it)

  // Starts entry `entry`; exactly `entry.size` bytes must follow through Write before the next
  // Begin or Finish. InvalidArgument for an empty name or one holding NUL.
  Status Begin(const TarEntry& entry);
  Status Write(std::string_view bytes);

  // Ends the last entry, writes the end-of-archive blocks, syncs the file to disk and closes it.
  // Returns how many bytes the archive holds.
  Result<uint64_t> Finish();

 private:
  TarWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  Status EndEntry();
  Status WriteRaw(std::string_view bytes);

  int fd_ = -1;
  std::string path_;
  uint64_t remaining_ = 0;  // bytes the current entry still expects
  uint64_t padding_ = 0;    // zero bytes after the current entry, up to a 512-byte block
  uint64_t written_ = 0;
  bool in_entry_ = false;
};

// Reads an archive TarWriter wrote (or any ustar/pax archive of regular files). Not thread-safe.
// Damage is InvalidArgument with a message saying what is wrong: a header whose checksum fails,
// an entry type other than a regular file, a size that runs past the end ("truncated"), a missing
// end-of-archive marker.
class TarReader {
 public:
  // NotFound when `path` does not exist; Internal when it cannot be opened.
  static Result<TarReader> Open(const std::string& path);
  TarReader(TarReader&& other) noexcept;
  TarReader& operator=(TarReader&&) = delete;
  ~TarReader();

  // The next entry, skipping what is left of the current one; nullopt at the end-of-archive
  // marker.
  Result<std::optional<TarEntry>> Next();

  // Reads up to `length` bytes of the current entry into `buffer`; 0 when it is all read.
  Result<size_t> Read(char* buffer, size_t length);

  // Bytes of the archive consumed so far (for progress and throughput).
  uint64_t position() const { return position_; }

 private:
  TarReader(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  // Reads exactly `length` bytes; InvalidArgument "truncated" at an early end of the file.
  Status ReadExactly(char* buffer, size_t length);
  Status Skip(uint64_t length);

  int fd_ = -1;
  std::string path_;
  uint64_t remaining_ = 0;
  uint64_t padding_ = 0;
  uint64_t position_ = 0;
};

}  // namespace cairn::util
