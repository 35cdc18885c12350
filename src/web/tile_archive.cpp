// The PMTiles v3 header, as https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md lays
// it out: little-endian integers at fixed offsets.
#include "web/tile_archive.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace cairn::web {
namespace {

uint64_t Uint64At(std::string_view bytes, size_t at) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  return value;
}

int UintAt(std::string_view bytes, size_t at) { return static_cast<unsigned char>(bytes[at]); }

double DegreesAt(std::string_view bytes, size_t at) {
  uint32_t raw = 0;
  for (int i = 3; i >= 0; --i) raw = (raw << 8) | static_cast<unsigned char>(bytes[at + i]);
  return static_cast<int32_t>(raw) / 10'000'000.0;
}

util::Error Bad(const std::string& what) { return util::Error::InvalidArgument(what); }

// Whether [offset, offset + length) lies within the file (without overflowing).
bool Within(uint64_t offset, uint64_t length, uint64_t file_size) {
  return offset <= file_size && length <= file_size - offset;
}

}  // namespace

std::string_view TileTypeName(TileType type) {
  switch (type) {
    case TileType::kMvt:
      return "mvt";
    case TileType::kPng:
      return "png";
    case TileType::kJpeg:
      return "jpeg";
    case TileType::kWebp:
      return "webp";
  }
  return "png";
}

util::Result<PmtilesHeader> ParsePmtilesHeader(std::string_view bytes, uint64_t file_size) {
  if (bytes.size() < kPmtilesHeaderSize || file_size < kPmtilesHeaderSize) {
    return Bad("is too short for a PMTiles archive (its header alone is 127 bytes)");
  }
  if (bytes.substr(0, 7) != "PMTiles") {
    return Bad("is not a PMTiles archive (it does not start with \"PMTiles\")");
  }
  if (const int version = UintAt(bytes, 7); version != 3) {
    return Bad("is a PMTiles version " + std::to_string(version) +
               " archive; Cairn reads version 3 (convert it with `pmtiles convert`)");
  }
  PmtilesHeader header;
  switch (UintAt(bytes, 99)) {
    case 1:
      header.tile_type = TileType::kMvt;
      break;
    case 2:
      header.tile_type = TileType::kPng;
      break;
    case 3:
      header.tile_type = TileType::kJpeg;
      break;
    case 4:
      header.tile_type = TileType::kWebp;
      break;
    default:
      return Bad("holds tiles of type " + std::to_string(UintAt(bytes, 99)) +
                 "; Cairn draws vector (mvt) or png, jpeg and webp raster tiles");
  }
  header.min_zoom = UintAt(bytes, 100);
  header.max_zoom = UintAt(bytes, 101);
  if (header.min_zoom > header.max_zoom || header.max_zoom > 30) {
    return Bad("has zoom levels " + std::to_string(header.min_zoom) + " to " +
               std::to_string(header.max_zoom) + ", not a range within 0 to 30");
  }
  header.min_lon = DegreesAt(bytes, 102);
  header.min_lat = DegreesAt(bytes, 106);
  header.max_lon = DegreesAt(bytes, 110);
  header.max_lat = DegreesAt(bytes, 114);
  header.center_zoom = UintAt(bytes, 118);
  header.center_lon = DegreesAt(bytes, 119);
  header.center_lat = DegreesAt(bytes, 123);
  if (header.min_lon < -180 || header.max_lon > 180 || header.min_lat < -90 ||
      header.max_lat > 90 || header.min_lon > header.max_lon || header.min_lat > header.max_lat) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "has bounds %.4f,%.4f,%.4f,%.4f, which are not a box on the globe",
                  header.min_lon, header.min_lat, header.max_lon, header.max_lat);
    return Bad(text);
  }
  const uint64_t root_offset = Uint64At(bytes, 8), root_length = Uint64At(bytes, 16);
  const uint64_t metadata_offset = Uint64At(bytes, 24), metadata_length = Uint64At(bytes, 32);
  const uint64_t data_offset = Uint64At(bytes, 56), data_length = Uint64At(bytes, 64);
  if (root_length == 0 || !Within(root_offset, root_length, file_size) ||
      !Within(metadata_offset, metadata_length, file_size) ||
      !Within(data_offset, data_length, file_size)) {
    return Bad("is cut short or damaged: its directory, metadata or tiles lie past its " +
               std::to_string(file_size) + " bytes");
  }
  return header;
}

util::Result<TileArchive> OpenTileArchive(const std::string& path) {
  // The owner may well link the file from where downloads go; FileHandle follows no link.
  std::error_code error;
  const std::filesystem::path resolved = std::filesystem::canonical(path, error);
  if (error) return util::Error::InvalidArgument(path + ": " + error.message());
  auto opened = util::FileHandle::Open(resolved.string());
  if (!opened.ok()) {
    return util::Error::InvalidArgument(path + ": " +
                                        (opened.error().kind == util::ErrorKind::kNotFound
                                             ? std::string("not a regular file")
                                             : opened.error().message));
  }
  TileArchive archive{.file = *opened};
  char start[kPmtilesHeaderSize];
  size_t have = 0;
  while (have < sizeof start) {
    auto read = archive.file->ReadAt(have, start + have, sizeof start - have);
    if (!read.ok()) return util::Error::InvalidArgument(path + ": " + read.error().message);
    if (*read == 0) break;
    have += *read;
  }
  auto header = ParsePmtilesHeader(std::string_view(start, have), archive.file->size());
  if (!header.ok()) return util::Error::InvalidArgument(path + " " + header.error().message);
  archive.header = *header;
  char etag[64];
  std::snprintf(etag, sizeof etag, "\"%llx-%llx\"",
                static_cast<unsigned long long>(archive.file->size()),
                static_cast<unsigned long long>(archive.file->modified_ns()));
  archive.etag = etag;
  archive.modified_unix_seconds = archive.file->modified_ns() / 1'000'000'000;
  return archive;
}

}  // namespace cairn::web
