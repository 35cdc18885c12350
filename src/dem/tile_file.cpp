// The tile file format: writing it durably, reading its header, mapping it.
#include "dem/tile_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

#include "dem/tile_name.h"
#include "util/durable_files.h"

namespace cairn::dem {
namespace {

constexpr char kMagic[8] = {'C', 'A', 'I', 'R', 'N', 'D', 'E', 'M'};
constexpr uint32_t kVersion = 1;
// Written as a number, read back in the reader's byte order: a tile moved to a machine of the
// other byte order is refused instead of read as noise.
constexpr uint32_t kByteOrderMark = 0x01020304;
// Samples start on a page boundary, so the mapping's samples are page aligned.
constexpr size_t kSamplesOffset = 4096;
constexpr size_t kSourceBytes = 128;
// Degrees of rounding allowed where a header's coverage meets its grid.
constexpr double kCoverageSlack = 1e-9;

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t byte_order;
  uint32_t sample_type;
  int32_t rows;
  int32_t cols;
  uint32_t reserved;
  double first_lat;
  double first_lon;
  double rows_per_degree;
  double cols_per_degree;
  double south;
  double west;
  double north;
  double east;
  char source[kSourceBytes];  // NUL-terminated
};
static_assert(sizeof(Header) <= kSamplesOffset);

size_t SampleBytes(SampleType type) { return type == SampleType::kInt16 ? 2 : 4; }

// Printable, at most kSourceBytes - 1 bytes: the name is shown on a terminal.
std::string PrintableSource(const std::string& source) {
  std::string out;
  for (char c : source) {
    if (out.size() + 1 >= kSourceBytes) break;
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20 || byte == 0x7f ? '?' : c;
  }
  return out;
}

util::Result<TileInfo> InfoOf(const Header& h, const std::string& file_name, uint64_t size) {
  auto bad = [&](const char* why) {
    return util::Error::InvalidArgument(file_name + " is not a Cairn terrain tile: " + why);
  };
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return bad("wrong magic");
  if (h.version != kVersion) return bad("unknown version");
  if (h.byte_order != kByteOrderMark) return bad("written on a machine of the other byte order");
  if (h.sample_type != static_cast<uint32_t>(SampleType::kInt16) &&
      h.sample_type != static_cast<uint32_t>(SampleType::kFloat32)) {
    return bad("unknown sample type");
  }
  TileInfo info;
  info.file_name = file_name;
  info.type = static_cast<SampleType>(h.sample_type);
  info.grid = {h.rows,
               h.cols,
               h.first_lat,
               h.first_lon,
               h.rows_per_degree,
               h.cols_per_degree,
               {h.south, h.west, h.north, h.east}};
  const GridGeometry& g = info.grid;
  const bool sane = g.rows >= 2 && g.cols >= 2 && IsPlausibleResolution(g.rows_per_degree) &&
                    IsPlausibleResolution(g.cols_per_degree) && std::isfinite(g.first_lat) &&
                    std::isfinite(g.first_lon) && g.coverage.south <= g.coverage.north &&
                    g.coverage.west <= g.coverage.east && g.coverage.south >= -90 &&
                    g.coverage.north <= 90 && g.coverage.west >= -180 && g.coverage.east <= 180;
  if (!sane) return bad("implausible grid");
  // The coverage reaches at most half a pixel past the samples (pixel-is-area tiles): a lookup
  // anywhere in it lands on the grid or beside it, never rows away from it.
  const double lat_margin = 0.5 / g.rows_per_degree + kCoverageSlack;
  const double lon_margin = 0.5 / g.cols_per_degree + kCoverageSlack;
  if (g.coverage.south < g.LastLat() - lat_margin || g.coverage.north > g.first_lat + lat_margin ||
      g.coverage.west < g.first_lon - lon_margin || g.coverage.east > g.LastLon() + lon_margin) {
    return bad("its coverage lies beyond its samples");
  }
  const uint64_t expected =
      kSamplesOffset + static_cast<uint64_t>(g.rows) * g.cols * SampleBytes(info.type);
  if (size != expected) return bad("its size does not match its grid");
  info.source = std::string(h.source, strnlen(h.source, kSourceBytes));
  info.file_bytes = size;
  return info;
}

// Reads the header of an open tile file.
util::Result<TileInfo> ReadInfo(int fd, const std::string& file_name) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return util::FileSystemError("cannot stat", file_name);
  if (!S_ISREG(st.st_mode)) return util::Error::InvalidArgument(file_name + " is not a file");
  Header header{};
  if (static_cast<uint64_t>(st.st_size) < kSamplesOffset ||
      ::pread(fd, &header, sizeof header, 0) != static_cast<ssize_t>(sizeof header)) {
    return util::Error::InvalidArgument(file_name + " is not a Cairn terrain tile: too short");
  }
  return InfoOf(header, file_name, static_cast<uint64_t>(st.st_size));
}

util::Result<int> OpenTile(const std::string& dir, const std::string& file_name) {
  if (!IsTileFileName(file_name)) {
    return util::Error::InvalidArgument("\"" + file_name + "\" is not a tile file name");
  }
  const std::string path = dir + "/" + file_name;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) {
    if (errno == ENOENT) return util::Error::NotFound(path + " is missing");
    return util::FileSystemError("cannot open", path);
  }
  return fd;
}

// The samples as stored: int16 whole metres or float32.
util::Result<std::vector<char>> EncodeSamples(const DecodedTile& tile) {
  const size_t bytes = SampleBytes(tile.type);
  std::vector<char> out(tile.heights.size() * bytes);
  for (size_t i = 0; i < tile.heights.size(); ++i) {
    const float h = tile.heights[i];
    if (!std::isfinite(h)) return util::Error::InvalidArgument("the tile still holds voids");
    if (tile.type == SampleType::kInt16) {
      const auto v = static_cast<int16_t>(std::lround(h));
      std::memcpy(out.data() + 2 * i, &v, 2);
    } else {
      std::memcpy(out.data() + 4 * i, &h, 4);
    }
  }
  return out;
}

}  // namespace

util::Result<TileInfo> WriteTileFile(const std::string& dir, const DecodedTile& tile) {
  const GridGeometry& g = tile.grid;
  if (tile.heights.size() != static_cast<size_t>(g.rows) * g.cols) {
    return util::Error::InvalidArgument("the tile's heights do not match its grid");
  }
  CAIRN_ASSIGN_OR_RETURN(std::vector<char> samples, EncodeSamples(tile));
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kVersion;
  header.byte_order = kByteOrderMark;
  header.sample_type = static_cast<uint32_t>(tile.type);
  header.rows = g.rows;
  header.cols = g.cols;
  header.first_lat = g.first_lat;
  header.first_lon = g.first_lon;
  header.rows_per_degree = g.rows_per_degree;
  header.cols_per_degree = g.cols_per_degree;
  header.south = g.coverage.south;
  header.west = g.coverage.west;
  header.north = g.coverage.north;
  header.east = g.coverage.east;
  const std::string source = PrintableSource(tile.source);
  std::memcpy(header.source, source.data(), source.size());
  std::vector<char> page(kSamplesOffset, 0);
  std::memcpy(page.data(), &header, sizeof header);

  const std::string name = TileFileName(g);
  CAIRN_RETURN_IF_ERROR(
      util::ReplaceFileDurably(dir, name,
                               {std::string_view(page.data(), page.size()),
                                std::string_view(samples.data(), samples.size())}));
  return InfoOf(header, name, kSamplesOffset + samples.size());
}

util::Result<TileInfo> ReadTileInfo(const std::string& dir, const std::string& file_name) {
  CAIRN_ASSIGN_OR_RETURN(int fd, OpenTile(dir, file_name));
  auto info = ReadInfo(fd, file_name);
  ::close(fd);
  return info;
}

util::Result<std::unique_ptr<MappedTile>> MappedTile::Open(const std::string& dir,
                                                           const std::string& file_name) {
  CAIRN_ASSIGN_OR_RETURN(int fd, OpenTile(dir, file_name));
  auto info = ReadInfo(fd, file_name);
  if (!info.ok()) {
    ::close(fd);
    return std::move(info).error();
  }
  const size_t length = static_cast<size_t>(info->file_bytes);
  void* mapping = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, fd, 0);
  const int map_errno = errno;
  ::close(fd);  // the mapping keeps the file
  if (mapping == MAP_FAILED)
    return util::FileSystemError("cannot map", dir + "/" + file_name, map_errno);
  const void* samples = static_cast<const char*>(mapping) + kSamplesOffset;
  return std::unique_ptr<MappedTile>(
      new MappedTile(std::move(info).value(), mapping, length, samples));
}

MappedTile::~MappedTile() { ::munmap(mapping_, length_); }

}  // namespace cairn::dem
