// Terrain tiles made by the tests from known surfaces: SRTM .hgt bytes, and GeoTIFFs written
// with libtiff in the layouts Copernicus uses (and some it must be refused for).
#pragma once

#include <tiffio.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support/srtm_tile.h"

namespace cairn::dem_test {

using test_support::MakeHgt;

inline void WriteFile(const std::string& path, const std::string& bytes) {
  test_support::WriteBytes(path, bytes);
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

enum class Layout { kTiledDeflate, kStripedLzw, kTiledUncompressed };

// A GeoTIFF raster: `width` x `height` samples, the raster's position (0, 0) tied to
// (tie_lon, tie_lat), pixels `scale_x` x `scale_y` degrees.
struct TiffSpec {
  int width = 0;
  int height = 0;
  double tie_lon = 0;
  double tie_lat = 0;
  double scale_x = 0;
  double scale_y = 0;
  bool pixel_is_point = false;
  bool int16 = false;  // else float32
  Layout layout = Layout::kTiledDeflate;
  uint16_t model_type = 2;  // 2 geographic, 1 projected
  bool with_geokeys = true;
  bool rotated = false;  // a ModelTransformationTag with a rotation instead of tie point + scale
  const char* no_data = nullptr;
};

// Writes the GeoTIFF to a temporary file with libtiff and returns its bytes; value(r, c) gives
// the sample of row r, column c.
inline std::string MakeGeoTiff(const TiffSpec& spec, const std::function<float(int, int)>& value) {
  static const TIFFFieldInfo kFields[] = {
      {33550, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelPixelScale")},
      {33922, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTiepoint")},
      {34264, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTransformation")},
      {34735, -1, -1, TIFF_SHORT, FIELD_CUSTOM, 1, 1, const_cast<char*>("GeoKeyDirectory")},
      {42113, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALNoData")},
  };
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("cairn-geotiff-" + std::to_string(::getpid()) + ".tif"))
                               .string();
  TIFF* tif = TIFFOpen(path.c_str(), "w");
  if (!tif) throw std::runtime_error("TIFFOpen failed");
  TIFFMergeFieldInfo(tif, kFields, sizeof kFields / sizeof kFields[0]);
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, spec.width);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, spec.height);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, spec.int16 ? 16 : 32);
  TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, spec.int16 ? SAMPLEFORMAT_INT : SAMPLEFORMAT_IEEEFP);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  const bool tiled = spec.layout != Layout::kStripedLzw;
  if (spec.layout != Layout::kTiledUncompressed) {
    TIFFSetField(tif, TIFFTAG_COMPRESSION, tiled ? COMPRESSION_ADOBE_DEFLATE : COMPRESSION_LZW);
    // Copernicus: floating-point predictor for floats; the horizontal one for integers.
    TIFFSetField(tif, TIFFTAG_PREDICTOR,
                 spec.int16 ? PREDICTOR_HORIZONTAL : PREDICTOR_FLOATINGPOINT);
  }
  if (tiled) {
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, 32);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, 32);
  } else {
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, 7);
  }
  if (spec.rotated) {
    double matrix[16] = {spec.scale_x,
                         0.0001,
                         0,
                         spec.tie_lon,
                         0.0001,
                         -spec.scale_y,
                         0,
                         spec.tie_lat,
                         0,
                         0,
                         0,
                         0,
                         0,
                         0,
                         0,
                         1};
    TIFFSetField(tif, 34264, 16, matrix);
  } else {
    double tie[6] = {0, 0, 0, spec.tie_lon, spec.tie_lat, 0};
    double scale[3] = {spec.scale_x, spec.scale_y, 0};
    TIFFSetField(tif, 33922, 6, tie);
    TIFFSetField(tif, 33550, 3, scale);
  }
  if (spec.with_geokeys) {
    uint16_t keys[] = {1,    1, 0, 3,
                       1024, 0, 1, spec.model_type,
                       1025, 0, 1, static_cast<uint16_t>(spec.pixel_is_point ? 2 : 1),
                       2048, 0, 1, 4326};
    TIFFSetField(tif, 34735, static_cast<int>(sizeof keys / sizeof keys[0]), keys);
  }
  if (spec.no_data) TIFFSetField(tif, 42113, spec.no_data);
  const int bytes_per_sample = spec.int16 ? 2 : 4;
  auto put = [&](std::vector<char>& buffer, size_t index, float v) {
    if (spec.int16) {
      const auto s = static_cast<int16_t>(v);
      std::memcpy(buffer.data() + index * 2, &s, 2);
    } else {
      std::memcpy(buffer.data() + index * 4, &v, 4);
    }
  };
  if (tiled) {
    std::vector<char> block(32 * 32 * bytes_per_sample);
    for (int y = 0; y < spec.height; y += 32) {
      for (int x = 0; x < spec.width; x += 32) {
        for (int r = 0; r < 32; ++r) {
          for (int c = 0; c < 32; ++c) {
            const bool inside = y + r < spec.height && x + c < spec.width;
            put(block, static_cast<size_t>(r) * 32 + c, inside ? value(y + r, x + c) : 0.0f);
          }
        }
        TIFFWriteTile(tif, block.data(), x, y, 0, 0);
      }
    }
  } else {
    std::vector<char> row(static_cast<size_t>(spec.width) * bytes_per_sample);
    for (int r = 0; r < spec.height; ++r) {
      for (int c = 0; c < spec.width; ++c) put(row, c, value(r, c));
      TIFFWriteScanline(tif, row.data(), r, 0);
    }
  }
  TIFFClose(tif);
  std::string bytes = ReadFile(path);
  std::filesystem::remove(path);
  return bytes;
}

// Rewrites the value of a SHORT or LONG tag in the first directory of a little-endian TIFF (as
// libtiff writes them here): a header that claims what its data does not hold. False when the
// tag is absent.
inline bool SetTiffTag(std::string& tiff, uint16_t tag, uint32_t value) {
  auto at = [&](size_t offset, int bytes) {
    uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(tiff[offset + i]);
    return v;
  };
  if (tiff.size() < 8 || tiff.compare(0, 2, "II") != 0) return false;
  const size_t directory = at(4, 4);
  const uint32_t entries = at(directory, 2);
  for (uint32_t i = 0; i < entries; ++i) {
    const size_t entry = directory + 2 + 12 * i;
    if (at(entry, 2) != tag) continue;
    const int bytes = at(entry + 2, 2) == TIFF_SHORT ? 2 : 4;
    for (int b = 0; b < bytes; ++b) tiff[entry + 8 + b] = static_cast<char>(value >> (8 * b));
    return true;
  }
  return false;
}

}  // namespace cairn::dem_test
