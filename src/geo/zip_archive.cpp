// The libzip adapter: bounded in-memory reading and deflate writing of zip archives.
#include "geo/zip_archive.h"

#include <zip.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

namespace cairn::geo {
namespace {

constexpr size_t kReadChunk = 64 * 1024;
constexpr size_t kMaxMemberNameBytes = 200;

std::string ZipErrorText(zip_error_t* error) {
  std::string text = zip_error_strerror(error);
  zip_error_fini(error);
  return text;
}

std::string MibText(uint64_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

std::string ToLowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string SafeMemberName(std::string_view name) {
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unsafe = byte < 0x20 || byte == 0x7f || c == '/' || c == '\\' || c == ':';
    out += unsafe ? '_' : c;
  }
  // Leading dots would hide the file or, as "..", climb out of the extraction folder.
  out.erase(0, out.find_first_not_of('.'));
  if (out.size() > kMaxMemberNameBytes) {
    size_t cut = kMaxMemberNameBytes;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    out.resize(cut);
  }
  return out.empty() ? "file" : out;
}

// "name.gpx" -> "name (2).gpx", so that every member keeps its extension.
std::string NumberedName(const std::string& name, int number) {
  const size_t dot = name.rfind('.');
  const size_t stem_end = dot == std::string::npos || dot == 0 ? name.size() : dot;
  return name.substr(0, stem_end) + " (" + std::to_string(number) + ")" + name.substr(stem_end);
}

// An empty archive: libzip writes nothing at all for one, so the end record is spelled out.
std::string EmptyZip() {
  std::string out = "PK\x05\x06";
  out.append(18, '\0');
  return out;
}

}  // namespace

struct ZipReader::Archive {
  zip_t* zip = nullptr;
  uint64_t archive_bytes = 0;
  ~Archive() {
    if (zip != nullptr) zip_discard(zip);
  }
};

ZipReader::ZipReader(std::unique_ptr<Archive> archive, std::vector<ZipEntry> entries,
                     ZipLimits limits)
    : archive_(std::move(archive)), entries_(std::move(entries)), limits_(limits) {}
ZipReader::ZipReader(ZipReader&&) noexcept = default;
ZipReader& ZipReader::operator=(ZipReader&&) noexcept = default;
ZipReader::~ZipReader() = default;

util::Result<ZipReader> ZipReader::Open(std::string_view bytes, ZipLimits limits) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (source == nullptr) return util::Error::Internal("zip: " + ZipErrorText(&error));
  return OpenSource(source, bytes.size(), limits);
}

util::Result<ZipReader> ZipReader::OpenFile(const std::string& path, ZipLimits limits) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return util::Error::InvalidArgument("the archive cannot be read (" + ec.message() + ")");
  zip_error_t error;
  zip_error_init(&error);
  // Read in place: libzip seeks to each entry, so only the entry being read is in memory.
  zip_source_t* source = zip_source_file_create(path.c_str(), 0, -1, &error);
  if (source == nullptr) {
    return util::Error::InvalidArgument("the archive cannot be opened (" + ZipErrorText(&error) +
                                        ")");
  }
  return OpenSource(source, size, limits);
}

util::Result<ZipReader> ZipReader::OpenSource(zip_source* source, uint64_t archive_bytes,
                                              ZipLimits limits) {
  zip_error_t error;
  zip_error_init(&error);
  auto archive = std::make_unique<Archive>();
  archive->archive_bytes = archive_bytes;
  // ZIP_CHECKCONS also compares every local header with the central directory: an archive
  // whose two copies of an entry disagree is refused rather than read one way or the other.
  archive->zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  if (archive->zip == nullptr) {
    zip_source_free(source);
    return util::Error::InvalidArgument("the zip archive is damaged or is not a zip (" +
                                        ZipErrorText(&error) + ")");
  }
  zip_error_fini(&error);
  const zip_int64_t count = zip_get_num_entries(archive->zip, 0);
  if (count < 0 || static_cast<uint64_t>(count) > limits.max_entries) {
    return util::Error::InvalidArgument("the zip archive holds " + std::to_string(count) +
                                        " entries; at most " + std::to_string(limits.max_entries) +
                                        " are accepted");
  }
  std::vector<ZipEntry> entries;
  entries.reserve(static_cast<size_t>(count));
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive->zip, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS, &stat) != 0) {
      return util::Error::InvalidArgument("the zip archive is damaged (entry " +
                                          std::to_string(i + 1) + " cannot be read)");
    }
    ZipEntry entry;
    if ((stat.valid & ZIP_STAT_NAME) != 0 && stat.name != nullptr) entry.name = stat.name;
    if ((stat.valid & ZIP_STAT_SIZE) != 0) entry.declared_size = stat.size;
    if ((stat.valid & ZIP_STAT_COMP_SIZE) != 0) entry.compressed_size = stat.comp_size;
    entry.is_directory = !entry.name.empty() && entry.name.back() == '/';
    entries.push_back(std::move(entry));
  }
  return ZipReader(std::move(archive), std::move(entries), limits);
}

util::Result<std::string> ZipReader::ReadEntry(size_t index) {
  if (index >= entries_.size())
    return util::Error::Internal("zip: no entry " + std::to_string(index));
  const ZipEntry& entry = entries_[index];
  const std::string what = "the zip entry \"" + PrintableEntryName(entry.name) + "\"";
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(archive_->zip, index, 0, &stat) == 0 &&
      (stat.valid & ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat.encryption_method != ZIP_EM_NONE) {
    return util::Error::InvalidArgument(what + " is encrypted");
  }
  zip_file_t* file = zip_fopen_index(archive_->zip, index, 0);
  if (file == nullptr) {
    return util::Error::InvalidArgument(what + " cannot be opened (" + zip_strerror(archive_->zip) +
                                        ")");
  }
  // The compressed size cannot be larger than the archive, whatever the header says.
  const uint64_t compressed = std::min(entry.compressed_size, archive_->archive_bytes);
  const double ratio_limit = limits_.max_ratio * static_cast<double>(compressed);
  std::string out;
  out.reserve(static_cast<size_t>(std::min<uint64_t>(entry.declared_size, 16u << 20)));
  std::string failure;
  char chunk[kReadChunk];
  while (true) {
    const zip_int64_t got = zip_fread(file, chunk, sizeof chunk);
    if (got < 0) {
      failure = what + " is damaged (" + zip_file_strerror(file) + ")";
      break;
    }
    if (got == 0) break;
    const uint64_t size = out.size() + static_cast<uint64_t>(got);
    if (size > limits_.max_entry_bytes) {
      failure = what + " is larger than " + MibText(limits_.max_entry_bytes) + " uncompressed";
      break;
    }
    if (total_read_ + size > limits_.max_total_bytes) {
      failure = "the zip archive holds more than " + MibText(limits_.max_total_bytes) +
                " of uncompressed data";
      break;
    }
    if (size > limits_.ratio_allowance_bytes && static_cast<double>(size) > ratio_limit) {
      failure = what + " expands more than " + std::to_string(static_cast<int>(limits_.max_ratio)) +
                " times (a zip bomb?)";
      break;
    }
    out.append(chunk, static_cast<size_t>(got));
  }
  zip_fclose(file);
  if (!failure.empty()) return util::Error::InvalidArgument(std::move(failure));
  total_read_ += out.size();
  return out;
}

// Entry names come from the file, so they are shortened and cleaned before a message shows them.
std::string PrintableEntryName(std::string_view name) {
  std::string out;
  for (const char c : name.substr(0, 80)) {
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  }
  if (name.size() > 80) out += "...";
  return out;
}

util::Result<std::string> WriteZip(const std::vector<ZipMember>& members) {
  if (members.empty()) return EmptyZip();
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (buffer == nullptr) return util::Error::Internal("zip: " + ZipErrorText(&error));
  zip_t* zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (zip == nullptr) {
    zip_source_free(buffer);
    return util::Error::Internal("zip: " + ZipErrorText(&error));
  }
  zip_error_fini(&error);
  std::set<std::string> taken;  // lower-cased: names differing in case collide on Windows and macOS
  for (const ZipMember& member : members) {
    std::string name = SafeMemberName(member.name);
    for (int number = 2; taken.count(ToLowerAscii(name)) != 0; ++number) {
      name = NumberedName(SafeMemberName(member.name), number);
    }
    taken.insert(ToLowerAscii(name));
    zip_source_t* data = zip_source_buffer(zip, member.bytes.data(), member.bytes.size(), 0);
    const zip_int64_t index =
        data == nullptr ? -1 : zip_file_add(zip, name.c_str(), data, ZIP_FL_ENC_GUESS);
    if (index < 0 ||
        zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), ZIP_CM_DEFLATE, 0) != 0) {
      if (data != nullptr && index < 0) zip_source_free(data);
      std::string message =
          "zip: cannot add \"" + PrintableEntryName(name) + "\": " + zip_strerror(zip);
      zip_discard(zip);
      return util::Error::Internal(std::move(message));
    }
  }
  zip_source_keep(buffer);  // zip_close() would free it otherwise; the archive is read from it
  if (zip_close(zip) != 0) {
    std::string message = std::string("zip: ") + zip_strerror(zip);
    zip_discard(zip);
    zip_source_free(buffer);
    return util::Error::Internal(std::move(message));
  }
  std::string out;
  const bool opened = zip_source_open(buffer) == 0;
  bool ok = opened;
  char chunk[kReadChunk];
  while (ok) {
    const zip_int64_t got = zip_source_read(buffer, chunk, sizeof chunk);
    if (got <= 0) {
      ok = got == 0;
      break;
    }
    out.append(chunk, static_cast<size_t>(got));
  }
  std::string message =
      ok ? "" : std::string("zip: ") + zip_error_strerror(zip_source_error(buffer));
  if (opened) zip_source_close(buffer);
  zip_source_free(buffer);
  if (!ok) return util::Error::Internal(std::move(message));
  return out;
}

}  // namespace cairn::geo
