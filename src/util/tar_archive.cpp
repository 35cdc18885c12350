// ustar headers, pax records for what they cannot hold, and the stream around them.
#include "util/tar_archive.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "util/durable_files.h"

namespace cairn::util {
namespace {

constexpr size_t kBlock = 512;
constexpr size_t kNameField = 100;
constexpr size_t kSizeField = 12;
// A pax header of ours holds two short records; anything much larger is not an archive of ours.
constexpr uint64_t kMaxPaxBytes = 64 * 1024;

Error Damaged(const std::string& path, uint64_t offset, const std::string& what) {
  return Error::InvalidArgument(path + " is damaged at byte " + std::to_string(offset) + ": " +
                                what);
}

uint64_t PaddingOf(uint64_t size) { return (kBlock - size % kBlock) % kBlock; }

bool FitsOctal(uint64_t value, size_t width) {
  // width - 1 digits and a terminating NUL.
  return (width - 1) * 3 >= 64 || value < (uint64_t{1} << ((width - 1) * 3));
}

void PutOctal(char* field, size_t width, uint64_t value) {
  field[width - 1] = '\0';
  for (size_t i = width - 1; i-- > 0;) {
    field[i] = static_cast<char>('0' + (value & 7));
    value >>= 3;
  }
}

unsigned HeaderChecksum(const char* header) {
  unsigned sum = 0;
  for (size_t i = 0; i < kBlock; ++i) {
    sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(header[i]);
  }
  return sum;
}

std::string Header(std::string_view name, uint64_t size, int64_t modified, char type) {
  std::string header(kBlock, '\0');
  char* h = header.data();
  std::memcpy(h, name.data(), std::min(name.size(), kNameField));
  PutOctal(h + 100, 8, 0644);
  PutOctal(h + 108, 8, 0);
  PutOctal(h + 116, 8, 0);
  PutOctal(h + 124, kSizeField, FitsOctal(size, kSizeField) ? size : 0);
  PutOctal(h + 136, 12, static_cast<uint64_t>(std::max<int64_t>(modified, 0)));
  h[156] = type;
  std::memcpy(h + 257, "ustar", 6);
  std::memcpy(h + 263, "00", 2);
  PutOctal(h + 148, 7, HeaderChecksum(h));
  h[155] = ' ';
  return header;
}

// "<length> <key>=<value>\n", where the length counts itself.
std::string PaxRecord(const std::string& key, const std::string& value) {
  const size_t body = key.size() + value.size() + 3;
  size_t length = body + std::to_string(body).size();
  if (std::to_string(length).size() + body != length) length = body + std::to_string(length).size();
  return std::to_string(length) + " " + key + "=" + value + "\n";
}

// An octal number field: optional leading spaces, digits, then NULs or spaces.
std::optional<uint64_t> ParseOctal(const char* field, size_t width) {
  size_t i = 0;
  while (i < width && field[i] == ' ') ++i;
  uint64_t value = 0;
  bool any = false;
  for (; i < width && field[i] >= '0' && field[i] <= '7'; ++i) {
    if (value >> 61) return std::nullopt;
    value = value * 8 + static_cast<uint64_t>(field[i] - '0');
    any = true;
  }
  for (; i < width; ++i) {
    if (field[i] != '\0' && field[i] != ' ') return std::nullopt;
  }
  if (!any) return std::nullopt;
  return value;
}

std::string FieldText(const char* field, size_t width) {
  return std::string(field, strnlen(field, width));
}

}  // namespace

// --- TarWriter ---

Result<TarWriter> TarWriter::Create(const std::string& path, unsigned mode) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd < 0) return FileSystemError("cannot create", path);
  return TarWriter(fd, path);
}

TarWriter::TarWriter(TarWriter&& other) noexcept
    : fd_(other.fd_),
      path_(std::move(other.path_)),
      remaining_(other.remaining_),
      padding_(other.padding_),
      written_(other.written_),
      in_entry_(other.in_entry_) {
  other.fd_ = -1;
}

TarWriter::~TarWriter() {
  if (fd_ >= 0) ::close(fd_);
}

Status TarWriter::WriteRaw(std::string_view bytes) {
  if (fd_ < 0) return Error::Internal("the archive " + path_ + " is closed");
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return FileSystemError("cannot write", path_);
    }
    bytes.remove_prefix(static_cast<size_t>(n));
    written_ += static_cast<uint64_t>(n);
  }
  return OkStatus();
}

Status TarWriter::EndEntry() {
  if (!in_entry_) return OkStatus();
  if (remaining_ != 0) {
    return Error::Internal("an entry of " + path_ + " ended " + std::to_string(remaining_) +
                           " bytes short (did the file change while it was read?)");
  }
  in_entry_ = false;
  return WriteRaw(std::string(padding_, '\0'));
}

Status TarWriter::Begin(const TarEntry& entry) {
  CAIRN_RETURN_IF_ERROR(EndEntry());
  if (entry.name.empty() || entry.name.find('\0') != std::string::npos) {
    return Error::InvalidArgument("an archive entry needs a name without NUL");
  }
  std::string pax;
  if (entry.name.size() > kNameField) pax += PaxRecord("path", entry.name);
  if (!FitsOctal(entry.size, kSizeField)) pax += PaxRecord("size", std::to_string(entry.size));
  if (!pax.empty()) {
    CAIRN_RETURN_IF_ERROR(WriteRaw(Header("PaxHeader", pax.size(), entry.modified_seconds, 'x')));
    CAIRN_RETURN_IF_ERROR(WriteRaw(pax + std::string(PaddingOf(pax.size()), '\0')));
  }
  CAIRN_RETURN_IF_ERROR(WriteRaw(Header(entry.name, entry.size, entry.modified_seconds, '0')));
  in_entry_ = true;
  remaining_ = entry.size;
  padding_ = PaddingOf(entry.size);
  return OkStatus();
}

Status TarWriter::Write(std::string_view bytes) {
  if (!in_entry_ || bytes.size() > remaining_) {
    return Error::Internal("more bytes than the entry's size were written to " + path_);
  }
  remaining_ -= bytes.size();
  return WriteRaw(bytes);
}

Result<uint64_t> TarWriter::Finish() {
  CAIRN_RETURN_IF_ERROR(EndEntry());
  CAIRN_RETURN_IF_ERROR(WriteRaw(std::string(2 * kBlock, '\0')));
  if (::fsync(fd_) != 0) return FileSystemError("cannot sync", path_);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && errno != EINTR) return FileSystemError("cannot close", path_);
  return written_;
}

// --- TarReader ---

Result<TarReader> TarReader::Open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return Error::NotFound(path + " does not exist");
    return FileSystemError("cannot open", path);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error::InvalidArgument(path + " is not a regular file");
  }
  return TarReader(fd, path);
}

TarReader::TarReader(TarReader&& other) noexcept
    : fd_(other.fd_),
      path_(std::move(other.path_)),
      remaining_(other.remaining_),
      padding_(other.padding_),
      position_(other.position_) {
  other.fd_ = -1;
}

TarReader::~TarReader() {
  if (fd_ >= 0) ::close(fd_);
}

Status TarReader::ReadExactly(char* buffer, size_t length) {
  while (length > 0) {
    const ssize_t n = ::read(fd_, buffer, length);
    if (n < 0) {
      if (errno == EINTR) continue;
      return FileSystemError("cannot read", path_);
    }
    if (n == 0) return Damaged(path_, position_, "the archive is truncated");
    buffer += n;
    length -= static_cast<size_t>(n);
    position_ += static_cast<uint64_t>(n);
  }
  return OkStatus();
}

Status TarReader::Skip(uint64_t length) {
  char buffer[64 * 1024];
  while (length > 0) {
    const size_t chunk = static_cast<size_t>(std::min<uint64_t>(length, sizeof buffer));
    CAIRN_RETURN_IF_ERROR(ReadExactly(buffer, chunk));
    length -= chunk;
  }
  return OkStatus();
}

Result<std::optional<TarEntry>> TarReader::Next() {
  CAIRN_RETURN_IF_ERROR(Skip(remaining_ + padding_));
  remaining_ = padding_ = 0;
  std::optional<std::string> pax_path;
  std::optional<uint64_t> pax_size;
  char header[kBlock];
  while (true) {
    const uint64_t offset = position_;
    if (auto read = ReadExactly(header, kBlock); !read.ok()) {
      if (read.error().kind == ErrorKind::kInvalidArgument) {
        return Damaged(path_, offset, "the archive is truncated (no end-of-archive marker)");
      }
      return std::move(read).error();
    }
    if (std::all_of(header, header + kBlock, [](char c) { return c == '\0'; })) {
      if (pax_path || pax_size) return Damaged(path_, offset, "a pax header without its entry");
      CAIRN_RETURN_IF_ERROR(ReadExactly(header, kBlock));
      if (!std::all_of(header, header + kBlock, [](char c) { return c == '\0'; })) {
        return Damaged(path_, offset, "a lone zero block inside the archive");
      }
      return std::optional<TarEntry>();
    }
    const auto stored_sum = ParseOctal(header + 148, 8);
    if (!stored_sum || *stored_sum != HeaderChecksum(header)) {
      return Damaged(path_, offset, "an entry header's checksum does not match");
    }
    if (std::memcmp(header + 257, "ustar", 5) != 0) {
      return Damaged(path_, offset, "not a ustar header");
    }
    const auto size = ParseOctal(header + 124, kSizeField);
    if (!size) return Damaged(path_, offset, "an entry's size is not a number");
    const char type = header[156];
    if (type == 'x') {
      if (*size > kMaxPaxBytes) return Damaged(path_, offset, "an oversized pax header");
      std::string records(*size, '\0');
      CAIRN_RETURN_IF_ERROR(ReadExactly(records.data(), records.size()));
      CAIRN_RETURN_IF_ERROR(Skip(PaddingOf(*size)));
      std::string_view rest = records;
      while (!rest.empty()) {
        const size_t space = rest.find(' ');
        uint64_t length = 0;
        // At most 19 digits: std::stoull throws past 2^64, and no record is that long.
        const bool numeric = space != std::string_view::npos && space > 0 && space <= 19 &&
                             std::all_of(rest.begin(), rest.begin() + space,
                                         [](char c) { return c >= '0' && c <= '9'; });
        if (numeric) length = std::stoull(std::string(rest.substr(0, space)));
        if (!numeric || length <= space + 1 || length > rest.size() || rest[length - 1] != '\n') {
          return Damaged(path_, offset, "a malformed pax record");
        }
        const std::string_view record = rest.substr(space + 1, length - space - 2);
        rest.remove_prefix(length);
        const size_t equals = record.find('=');
        if (equals == std::string_view::npos)
          return Damaged(path_, offset, "a malformed pax record");
        const std::string_view key = record.substr(0, equals);
        const std::string value(record.substr(equals + 1));
        if (key == "path") {
          pax_path = value;
        } else if (key == "size") {
          if (value.empty() || value.size() > 19 ||
              !std::all_of(value.begin(), value.end(),
                           [](char c) { return c >= '0' && c <= '9'; })) {
            return Damaged(path_, offset, "a pax size that is not a number");
          }
          pax_size = std::stoull(value);
        }
        // Other keys (times, owners) carry nothing a reader of ours needs.
      }
      continue;
    }
    if (type != '0' && type != '\0') {
      return Damaged(path_, offset,
                     std::string("an entry of type '") + (type >= 32 && type < 127 ? type : '?') +
                         "' (only regular files belong in the archive)");
    }
    TarEntry entry;
    if (pax_path) {
      entry.name = *pax_path;
    } else {
      const std::string prefix = FieldText(header + 345, 155);
      entry.name = (prefix.empty() ? "" : prefix + "/") + FieldText(header, kNameField);
    }
    if (entry.name.empty() || entry.name.find('\0') != std::string::npos) {
      return Damaged(path_, offset, "an entry without a name");
    }
    entry.size = pax_size.value_or(*size);
    entry.modified_seconds = static_cast<int64_t>(ParseOctal(header + 136, 12).value_or(0));
    remaining_ = entry.size;
    padding_ = PaddingOf(entry.size);
    return std::optional<TarEntry>(std::move(entry));
  }
}

Result<size_t> TarReader::Read(char* buffer, size_t length) {
  const size_t chunk = static_cast<size_t>(std::min<uint64_t>(length, remaining_));
  if (chunk == 0) return size_t{0};
  CAIRN_RETURN_IF_ERROR(ReadExactly(buffer, chunk));
  remaining_ -= chunk;
  return chunk;
}

}  // namespace cairn::util
