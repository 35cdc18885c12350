// Reading GeoTIFFs from memory with libtiff; the GeoTIFF tags are registered here (as libgeotiff
// does) so that libtiff hands them over typed.
#include "dem/geotiff_reader.h"

#include <tiffio.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cairn::dem {
namespace {

constexpr ttag_t kModelPixelScale = 33550;
constexpr ttag_t kModelTiepoint = 33922;
constexpr ttag_t kModelTransformation = 34264;
constexpr ttag_t kGeoKeyDirectory = 34735;
constexpr ttag_t kGdalNoData = 42113;
constexpr uint16_t kModelTypeKey = 1024;
constexpr uint16_t kRasterTypeKey = 1025;
constexpr uint16_t kModelTypeGeographic = 2;
constexpr uint16_t kRasterPixelIsPoint = 2;

// libtiff's tag extender chain: every TIFF opened after this learns the GeoTIFF tags.
TIFFExtendProc previous_extender = nullptr;

void AddGeoTiffTags(TIFF* tif) {
  static const TIFFFieldInfo kFields[] = {
      {kModelPixelScale, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1,
       const_cast<char*>("ModelPixelScale")},
      {kModelTiepoint, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTiepoint")},
      {kModelTransformation, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1,
       const_cast<char*>("ModelTransformation")},
      {kGeoKeyDirectory, -1, -1, TIFF_SHORT, FIELD_CUSTOM, 1, 1,
       const_cast<char*>("GeoKeyDirectory")},
      {kGdalNoData, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALNoData")},
  };
  TIFFMergeFieldInfo(tif, kFields, sizeof kFields / sizeof kFields[0]);
  if (previous_extender) previous_extender(tif);
}

void RegisterGeoTiffTags() {
  static std::once_flag once;
  std::call_once(once, [] { previous_extender = TIFFSetTagExtender(AddGeoTiffTags); });
}

// The bytes libtiff reads through its client callbacks, and its messages.
struct MemoryFile {
  std::string_view bytes;
  toff_t position = 0;
  std::string error;
};

tsize_t ReadProc(thandle_t handle, tdata_t buffer, tsize_t size) {
  auto* file = static_cast<MemoryFile*>(handle);
  if (size <= 0 || file->position >= file->bytes.size()) return 0;
  const size_t n = std::min<size_t>(static_cast<size_t>(size), file->bytes.size() - file->position);
  std::memcpy(buffer, file->bytes.data() + file->position, n);
  file->position += n;
  return static_cast<tsize_t>(n);
}
tsize_t WriteProc(thandle_t, tdata_t, tsize_t) { return -1; }
toff_t SeekProc(thandle_t handle, toff_t offset, int whence) {
  auto* file = static_cast<MemoryFile*>(handle);
  toff_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? file->position : file->bytes.size();
  file->position = base + offset;
  return file->position;
}
int CloseProc(thandle_t) { return 0; }
toff_t SizeProc(thandle_t handle) { return static_cast<MemoryFile*>(handle)->bytes.size(); }
int MapProc(thandle_t, tdata_t*, toff_t*) { return 0; }
void UnmapProc(thandle_t, tdata_t, toff_t) {}

int OnError(TIFF*, void* user, const char* module, const char* format, va_list args) {
  auto* file = static_cast<MemoryFile*>(user);
  if (!file->error.empty()) return 1;  // the first error is the cause
  char text[512];
  std::vsnprintf(text, sizeof text, format, args);
  file->error = std::string(module ? module : "libtiff") + ": " + text;
  return 1;
}
int OnWarning(TIFF*, void*, const char*, const char*, va_list) { return 1; }

struct TiffCloser {
  void operator()(TIFF* tif) const { TIFFClose(tif); }
};

util::Error Refused(const std::string& why) { return util::Error::InvalidArgument(why); }

// A GeoKey's inline value from the directory; nullopt when absent.
std::optional<uint16_t> GeoKey(const uint16_t* keys, uint16_t count, uint16_t id) {
  if (count < 4) return std::nullopt;
  const uint16_t entries = keys[3];
  for (uint32_t i = 0; i < entries && 4 + 4 * i + 3 < count; ++i) {
    const uint16_t* entry = keys + 4 + 4 * i;
    if (entry[0] == id && entry[1] == 0) return entry[3];
  }
  return std::nullopt;
}

// The georeferencing: the raster position (0, 0) maps to (lon0, lat0), one pixel is scale_x
// degrees east and scale_y degrees south.
struct Georeference {
  double lon0 = 0, lat0 = 0, scale_x = 0, scale_y = 0;
};

util::Result<Georeference> GeoreferenceOf(TIFF* tif) {
  uint16_t count = 0;
  double* values = nullptr;
  Georeference geo;
  if (TIFFGetField(tif, kModelTransformation, &count, &values) && count >= 16) {
    // lon = a*i + b*j + d, lat = e*i + f*j + h
    if (values[1] != 0 || values[4] != 0) {
      return Refused("the raster is rotated (ModelTransformationTag); warp it north-up first");
    }
    geo = {values[3], values[7], values[0], -values[5]};
  } else {
    double* scale = nullptr;
    uint16_t scale_count = 0;
    if (!TIFFGetField(tif, kModelTiepoint, &count, &values) || count < 6 ||
        !TIFFGetField(tif, kModelPixelScale, &scale_count, &scale) || scale_count < 2) {
      return Refused("no georeferencing (ModelTiepointTag and ModelPixelScaleTag are missing)");
    }
    geo = {values[3] - values[0] * scale[0], values[4] + values[1] * scale[1], scale[0], scale[1]};
  }
  if (!(geo.scale_x > 0) || !(geo.scale_y > 0) || !std::isfinite(geo.lon0) ||
      !std::isfinite(geo.lat0)) {
    return Refused("the raster is not north-up with a positive pixel size");
  }
  return geo;
}

// 3599.99999999 -> 3600: per-degree counts written as rounded decimal steps.
double PerDegree(double step) {
  const double count = 1 / step;
  return std::abs(count - std::round(count)) < 1e-6 * count ? std::round(count) : count;
}

util::Result<GridGeometry> GridOf(TIFF* tif, uint32_t width, uint32_t height) {
  uint16_t key_count = 0;
  uint16_t* keys = nullptr;
  if (!TIFFGetField(tif, kGeoKeyDirectory, &key_count, &keys)) {
    return Refused("not a GeoTIFF: no GeoKeyDirectoryTag, so its coordinate system is unknown");
  }
  if (GeoKey(keys, key_count, kModelTypeKey) != kModelTypeGeographic) {
    return Refused(
        "not in geographic coordinates (latitude/longitude); reproject it, e.g. gdalwarp -t_srs "
        "EPSG:4326");
  }
  const bool point = GeoKey(keys, key_count, kRasterTypeKey) == kRasterPixelIsPoint;
  CAIRN_ASSIGN_OR_RETURN(Georeference geo, GeoreferenceOf(tif));
  GridGeometry grid;
  grid.rows = static_cast<int32_t>(height);
  grid.cols = static_cast<int32_t>(width);
  grid.rows_per_degree = PerDegree(geo.scale_y);
  grid.cols_per_degree = PerDegree(geo.scale_x);
  if (!IsPlausibleResolution(grid.rows_per_degree) ||
      !IsPlausibleResolution(grid.cols_per_degree)) {
    return Refused("the pixel size is not a terrain tile's (0.01 arc-second to 1 degree)");
  }
  const double half_lat = point ? 0 : 0.5 / grid.rows_per_degree;
  const double half_lon = point ? 0 : 0.5 / grid.cols_per_degree;
  grid.first_lat = geo.lat0 - half_lat;
  grid.first_lon = geo.lon0 + half_lon;
  grid.coverage = {grid.LastLat() - half_lat, grid.first_lon - half_lon, grid.first_lat + half_lat,
                   grid.LastLon() + half_lon};
  // Rounding of the pixel edges to the globe's: Copernicus' first pixel reaches half a pixel
  // past 180°W.
  const GeoBox& box = grid.coverage;
  const double slack = 1.0 / grid.cols_per_degree + 1.0 / grid.rows_per_degree;
  if (box.south < -90 - slack || box.north > 90 + slack || box.west < -180 - slack ||
      box.east > 180 + slack) {
    return Refused("the raster lies outside latitudes -90..90 and longitudes -180..180");
  }
  grid.coverage = {std::max(box.south, -90.0), std::max(box.west, -180.0),
                   std::min(box.north, 90.0), std::min(box.east, 180.0)};
  return grid;
}

// The sample layout: bits and format of one band.
enum class Format { kInt16, kUInt16, kInt32, kFloat32, kFloat64 };

util::Result<Format> FormatOf(TIFF* tif) {
  uint16_t bands = 1, bits = 0, sample_format = SAMPLEFORMAT_UINT;
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &bands);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &sample_format);
  if (bands != 1) return Refused("the raster has " + std::to_string(bands) + " bands, not one");
  if (sample_format == SAMPLEFORMAT_INT && bits == 16) return Format::kInt16;
  if (sample_format == SAMPLEFORMAT_UINT && bits == 16) return Format::kUInt16;
  if (sample_format == SAMPLEFORMAT_INT && bits == 32) return Format::kInt32;
  if (sample_format == SAMPLEFORMAT_IEEEFP && bits == 32) return Format::kFloat32;
  if (sample_format == SAMPLEFORMAT_IEEEFP && bits == 64) return Format::kFloat64;
  return Refused("unsupported samples (" + std::to_string(bits) +
                 " bits); heights must be 16/32-bit integers or 32/64-bit floats");
}

float SampleAt(const unsigned char* data, size_t index, Format format) {
  switch (format) {
    case Format::kInt16: {
      int16_t v;
      std::memcpy(&v, data + 2 * index, 2);
      return v;
    }
    case Format::kUInt16: {
      uint16_t v;
      std::memcpy(&v, data + 2 * index, 2);
      return v;
    }
    case Format::kInt32: {
      int32_t v;
      std::memcpy(&v, data + 4 * index, 4);
      return static_cast<float>(v);
    }
    case Format::kFloat32: {
      float v;
      std::memcpy(&v, data + 4 * index, 4);
      return v;
    }
    case Format::kFloat64: {
      double v;
      std::memcpy(&v, data + 8 * index, 8);
      return static_cast<float>(v);
    }
  }
  return std::numeric_limits<float>::quiet_NaN();
}

// Copies the decoded block (`block_width` x `block_height` at column x0, row y0) into `out`.
void CopyBlock(const unsigned char* block, uint32_t block_width, uint32_t block_height, uint32_t x0,
               uint32_t y0, Format format, DecodedTile& out) {
  const uint32_t width = static_cast<uint32_t>(out.grid.cols);
  const uint32_t height = static_cast<uint32_t>(out.grid.rows);
  for (uint32_t y = 0; y < block_height && y0 + y < height; ++y) {
    for (uint32_t x = 0; x < block_width && x0 + x < width; ++x) {
      out.heights[static_cast<size_t>(y0 + y) * width + x0 + x] =
          SampleAt(block, static_cast<size_t>(y) * block_width + x, format);
    }
  }
}

// Every strip or tile must have bytes, inside the file: libtiff reads a missing uncompressed
// one (a count of zero, as in a file whose header claims more rows than it stores) as whatever
// its buffer held before, and a declared size no bytes back must not cost memory or time.
// Uncompressed ones must hold all their samples.
util::Status CheckStriles(TIFF* tif, uint64_t file_size) {
  const bool tiled = TIFFIsTiled(tif);
  const uint32_t count = tiled ? TIFFNumberOfTiles(tif) : TIFFNumberOfStrips(tif);
  uint16_t compression = COMPRESSION_NONE;
  uint32_t height = 0, rows_per_strip = 0;
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &compression);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  // All the samples of an uncompressed strip (the last one may have fewer rows) or tile.
  auto uncompressed_bytes = [&](uint32_t i) -> uint64_t {
    if (tiled) return TIFFTileSize64(tif);
    const uint64_t first_row = uint64_t{i} * rows_per_strip;
    const uint64_t rows =
        height > first_row ? std::min<uint64_t>(rows_per_strip, height - first_row) : 0;
    return TIFFVStripSize64(tif, static_cast<uint32_t>(rows));
  };
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t offset = TIFFGetStrileOffset(tif, i);
    const uint64_t bytes = TIFFGetStrileByteCount(tif, i);
    const char* problem = nullptr;
    if (bytes == 0 || offset > file_size || bytes > file_size - offset) {
      problem = " is missing or lies beyond the end of the file";
    } else if (compression == COMPRESSION_NONE && bytes < uncompressed_bytes(i)) {
      problem = " holds fewer bytes than its samples need";
    }
    if (problem) {
      return Refused(std::string("damaged image data: ") + (tiled ? "tile " : "strip ") +
                     std::to_string(i) + problem);
    }
  }
  return util::OkStatus();
}

// Decodes band by band (a strip, or a row of tiles), growing `out.heights` only by what was
// decoded: a header claiming a raster its data does not hold fails at the first missing band,
// having filled no more memory than the bytes given produced.
util::Status ReadSamples(TIFF* tif, Format format, MemoryFile& file, DecodedTile& out) {
  const uint32_t width = static_cast<uint32_t>(out.grid.cols);
  const uint32_t height = static_cast<uint32_t>(out.grid.rows);
  auto failed = [&]() {
    return Refused("damaged image data: " + (file.error.empty()
                                                 ? "it decodes to fewer samples than it declares"
                                                 : file.error));
  };
  CAIRN_RETURN_IF_ERROR(CheckStriles(tif, file.bytes.size()));
  auto grow_to = [&](uint32_t rows) {
    // Reserved whole once the first band is there (pages untouched until decoded into).
    if (out.heights.empty()) out.heights.reserve(static_cast<size_t>(width) * height);
    out.heights.resize(static_cast<size_t>(std::min(rows, height)) * width);
  };
  if (TIFFIsTiled(tif)) {
    uint32_t tile_width = 0, tile_height = 0;
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height);
    const tmsize_t size = TIFFTileSize(tif);
    if (tile_width == 0 || tile_height == 0 || size <= 0) return failed();
    // Not zeroed: every byte copied out of it was decoded (the read must fill the tile).
    std::unique_ptr<unsigned char[]> block(new unsigned char[static_cast<size_t>(size)]);
    for (uint32_t y = 0; y < height; y += tile_height) {
      for (uint32_t x = 0; x < width; x += tile_width) {
        if (TIFFReadEncodedTile(tif, TIFFComputeTile(tif, x, y, 0, 0), block.get(), size) != size) {
          return failed();
        }
        if (x == 0) grow_to(y + tile_height);  // the band's first tile is there
        CopyBlock(block.get(), tile_width, tile_height, x, y, format, out);
      }
    }
    return util::OkStatus();
  }
  uint32_t rows_per_strip = height;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  rows_per_strip = std::min(std::max(rows_per_strip, 1u), height);
  const tmsize_t size = TIFFStripSize(tif);
  if (size <= 0) return failed();
  std::unique_ptr<unsigned char[]> block(new unsigned char[static_cast<size_t>(size)]);
  for (uint32_t y = 0; y < height; y += rows_per_strip) {
    // The last strip may hold fewer rows; those it holds must all be decoded.
    const uint32_t rows = std::min(rows_per_strip, height - y);
    const tmsize_t need = TIFFScanlineSize(tif) * static_cast<tmsize_t>(rows);
    if (TIFFReadEncodedStrip(tif, TIFFComputeStrip(tif, y, 0), block.get(), size) < need) {
      return failed();
    }
    grow_to(y + rows);
    CopyBlock(block.get(), width, rows, 0, y, format, out);
  }
  return util::OkStatus();
}

}  // namespace

util::Result<DecodedTile> ReadGeoTiff(std::string_view name, std::string_view bytes) {
  RegisterGeoTiffTags();
  MemoryFile file{bytes};
  std::unique_ptr<TIFFOpenOptions, void (*)(TIFFOpenOptions*)> options(TIFFOpenOptionsAlloc(),
                                                                       TIFFOpenOptionsFree);
  TIFFOpenOptionsSetErrorHandlerExtR(options.get(), OnError, &file);
  TIFFOpenOptionsSetWarningHandlerExtR(options.get(), OnWarning, &file);
  // A bound on any single allocation libtiff makes for a hostile file's declared sizes.
  TIFFOpenOptionsSetMaxSingleMemAlloc(options.get(), 256 << 20);
  const std::string label(name.substr(0, 200));
  std::unique_ptr<TIFF, TiffCloser> tif(TIFFClientOpenExt(label.c_str(), "rm", &file, ReadProc,
                                                          WriteProc, SeekProc, CloseProc, SizeProc,
                                                          MapProc, UnmapProc, options.get()));
  if (!tif) return Refused("not a readable TIFF" + (file.error.empty() ? "" : ": " + file.error));
  uint32_t width = 0, height = 0;
  TIFFGetField(tif.get(), TIFFTAG_IMAGEWIDTH, &width);
  TIFFGetField(tif.get(), TIFFTAG_IMAGELENGTH, &height);
  if (width < 2 || height < 2) return Refused("the raster is smaller than 2 x 2 samples");
  if (static_cast<uint64_t>(width) * height > kMaxGeoTiffSamples) {
    return Refused("the raster is larger than " + std::to_string(kMaxGeoTiffSamples) +
                   " samples; split it into tiles");
  }
  uint16_t orientation = ORIENTATION_TOPLEFT;
  TIFFGetFieldDefaulted(tif.get(), TIFFTAG_ORIENTATION, &orientation);
  if (orientation != ORIENTATION_TOPLEFT)
    return Refused("the raster's rows are not stored north first");
  CAIRN_ASSIGN_OR_RETURN(Format format, FormatOf(tif.get()));
  DecodedTile tile;
  CAIRN_ASSIGN_OR_RETURN(tile.grid, GridOf(tif.get(), width, height));
  tile.type = format == Format::kInt16 ? SampleType::kInt16 : SampleType::kFloat32;
  tile.source = label;
  CAIRN_RETURN_IF_ERROR(ReadSamples(tif.get(), format, file, tile));
  std::optional<float> no_data;
  if (char* text = nullptr; TIFFGetField(tif.get(), kGdalNoData, &text) && text) {
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    if (end != text) no_data = static_cast<float>(value);
  }
  for (float& h : tile.heights) {
    const bool valid = h >= kLowestHeight && h <= kHighestHeight && (!no_data || h != *no_data);
    if (!valid) h = std::numeric_limits<float>::quiet_NaN();
  }
  return tile;
}

}  // namespace cairn::dem
