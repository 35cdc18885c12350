// Writes small valid terrain tiles into a folder, as starting points for the terrain fuzzers:
// GeoTIFFs in the layouts the reader takes (libFuzzer would take long to find a TIFF with its
// GeoKeys and a deflate stream on its own), or tile files as `cairn dem add` writes them.
// Each is 16 x 16 samples at most, so an execution stays fast.
// usage: make_dem_seeds geotiff|tile DIR
#include <tiffio.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "dem/tile_file.h"
#include "dem/tile_grid.h"

namespace {

// A smooth hill with a few voids (-9999, the GDAL_NODATA of the seeds that declare one).
float Height(int r, int c) {
  if ((r == 3 && c == 5) || (r == 9 && c == 9)) return -9999;
  return static_cast<float>(800 + 300 * std::sin(r * 0.4) * std::cos(c * 0.3));
}

enum class Sample { kInt16, kUInt16, kInt32, kFloat32, kFloat64 };

struct TiffSeed {
  const char* file;
  Sample sample;
  uint16_t compression;
  uint16_t predictor;   // PREDICTOR_NONE, _HORIZONTAL or _FLOATINGPOINT
  int tile;             // tile width and height (a multiple of 16), or 0 for strips
  int rows_per_strip;   // for strips
  bool pixel_is_point;  // else pixel-is-area
  bool transformation;  // a ModelTransformationTag instead of tie point + pixel scale
  const char* no_data;  // GDAL_NODATA, or null
  int width = 16, height = 16;
};

int BytesOf(Sample s) {
  return s == Sample::kInt16 || s == Sample::kUInt16 ? 2 : s == Sample::kFloat64 ? 8 : 4;
}

void Put(std::vector<unsigned char>& buffer, size_t index, Sample s, float v) {
  unsigned char* at = buffer.data() + index * BytesOf(s);
  switch (s) {
    case Sample::kInt16: {
      const auto x = static_cast<int16_t>(v);
      std::memcpy(at, &x, 2);
      break;
    }
    case Sample::kUInt16: {
      const auto x = static_cast<uint16_t>(v < 0 ? 0 : v);
      std::memcpy(at, &x, 2);
      break;
    }
    case Sample::kInt32: {
      const auto x = static_cast<int32_t>(v);
      std::memcpy(at, &x, 4);
      break;
    }
    case Sample::kFloat32:
      std::memcpy(at, &v, 4);
      break;
    case Sample::kFloat64: {
      const double x = v;
      std::memcpy(at, &x, 8);
      break;
    }
  }
}

// One GeoTIFF of a 1/16-degree-per-pixel grid near (46.5 N, 8.5 E), written with libtiff.
bool WriteGeoTiff(const std::string& path, const TiffSeed& seed) {
  static const TIFFFieldInfo kFields[] = {
      {33550, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelPixelScale")},
      {33922, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTiepoint")},
      {34264, -1, -1, TIFF_DOUBLE, FIELD_CUSTOM, 1, 1, const_cast<char*>("ModelTransformation")},
      {34735, -1, -1, TIFF_SHORT, FIELD_CUSTOM, 1, 1, const_cast<char*>("GeoKeyDirectory")},
      {42113, -1, -1, TIFF_ASCII, FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALNoData")},
  };
  TIFF* tif = TIFFOpen(path.c_str(), "w");
  if (!tif) return false;
  TIFFMergeFieldInfo(tif, kFields, sizeof kFields / sizeof kFields[0]);
  const Sample s = seed.sample;
  const bool is_float = s == Sample::kFloat32 || s == Sample::kFloat64;
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, seed.width);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, seed.height);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, BytesOf(s) * 8);
  TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT,
               is_float               ? SAMPLEFORMAT_IEEEFP
               : s == Sample::kUInt16 ? SAMPLEFORMAT_UINT
                                      : SAMPLEFORMAT_INT);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(tif, TIFFTAG_COMPRESSION, seed.compression);
  if (seed.predictor != PREDICTOR_NONE) TIFFSetField(tif, TIFFTAG_PREDICTOR, seed.predictor);
  if (seed.tile > 0) {
    TIFFSetField(tif, TIFFTAG_TILEWIDTH, seed.tile);
    TIFFSetField(tif, TIFFTAG_TILELENGTH, seed.tile);
  } else {
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, seed.rows_per_strip);
  }
  const double step = 1.0 / 16, lon = 8.5, lat = 46.5;
  if (seed.transformation) {
    double matrix[16] = {step, 0, 0, lon, 0, -step, 0, lat, 0, 0, 0, 0, 0, 0, 0, 1};
    TIFFSetField(tif, 34264, 16, matrix);
  } else {
    double tie[6] = {0, 0, 0, lon, lat, 0};
    double scale[3] = {step, step, 0};
    TIFFSetField(tif, 33922, 6, tie);
    TIFFSetField(tif, 33550, 3, scale);
  }
  // GTModelType geographic, GTRasterType, GeographicType WGS 84.
  uint16_t keys[] = {1,    1, 0,    3,   1024, 0,
                     1,    2, 1025, 0,   1,    static_cast<uint16_t>(seed.pixel_is_point ? 2 : 1),
                     2048, 0, 1,    4326};
  TIFFSetField(tif, 34735, static_cast<int>(sizeof keys / sizeof keys[0]), keys);
  if (seed.no_data) TIFFSetField(tif, 42113, seed.no_data);
  bool ok = true;
  if (seed.tile > 0) {
    std::vector<unsigned char> block(static_cast<size_t>(seed.tile) * seed.tile * BytesOf(s));
    for (int y = 0; y < seed.height; y += seed.tile) {
      for (int x = 0; x < seed.width; x += seed.tile) {
        for (int r = 0; r < seed.tile; ++r) {
          for (int c = 0; c < seed.tile; ++c) {
            const bool inside = y + r < seed.height && x + c < seed.width;
            Put(block, static_cast<size_t>(r) * seed.tile + c, s,
                inside ? Height(y + r, x + c) : 0.0f);
          }
        }
        ok = ok && TIFFWriteTile(tif, block.data(), x, y, 0, 0) >= 0;
      }
    }
  } else {
    std::vector<unsigned char> row(static_cast<size_t>(seed.width) * BytesOf(s));
    for (int r = 0; r < seed.height; ++r) {
      for (int c = 0; c < seed.width; ++c) Put(row, c, s, Height(r, c));
      ok = ok && TIFFWriteScanline(tif, row.data(), r, 0) >= 0;
    }
  }
  TIFFClose(tif);
  return ok;
}

int GeoTiffSeeds(const std::string& dir) {
  const TiffSeed seeds[] = {
      // Copernicus' layout: float32, deflate with the floating-point predictor, tiled.
      {"float32-deflate-tiled.tif", Sample::kFloat32, COMPRESSION_ADOBE_DEFLATE,
       PREDICTOR_FLOATINGPOINT, 16, 0, false, false, "-9999"},
      {"float32-plain-striped.tif", Sample::kFloat32, COMPRESSION_NONE, PREDICTOR_NONE, 0, 5, false,
       false, nullptr},
      {"int16-plain-striped.tif", Sample::kInt16, COMPRESSION_NONE, PREDICTOR_NONE, 0, 4, true,
       false, "-9999"},
      {"int16-deflate-tiled.tif", Sample::kInt16, COMPRESSION_ADOBE_DEFLATE, PREDICTOR_HORIZONTAL,
       16, 0, false, false, nullptr},
      {"int16-lzw-striped.tif", Sample::kInt16, COMPRESSION_LZW, PREDICTOR_HORIZONTAL, 0, 7, true,
       true, nullptr},
      {"float32-plain-tiled-transform.tif", Sample::kFloat32, COMPRESSION_NONE, PREDICTOR_NONE, 16,
       0, false, true, "-9999"},
      // The other sample formats, smaller still; the last one tiled with a partial tile.
      {"uint16-packbits.tif", Sample::kUInt16, COMPRESSION_PACKBITS, PREDICTOR_NONE, 0, 8, false,
       false, nullptr, 8, 8},
      {"int32-deflate.tif", Sample::kInt32, COMPRESSION_ADOBE_DEFLATE, PREDICTOR_NONE, 0, 8, false,
       false, nullptr, 8, 8},
      {"float64-plain-tiled.tif", Sample::kFloat64, COMPRESSION_NONE, PREDICTOR_NONE, 16, 0, false,
       false, nullptr, 20, 6},
  };
  int failed = 0;
  for (const TiffSeed& seed : seeds) {
    if (!WriteGeoTiff(dir + "/" + seed.file, seed)) {
      std::fprintf(stderr, "make_dem_seeds: cannot write %s\n", seed.file);
      ++failed;
    }
  }
  return failed == 0 ? 0 : 1;
}

// Tile files as dem::WriteTileFile writes them, moved into `dir` under seed names (the
// fuzzer gives each input the tile file name it needs).
int TileSeeds(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path scratch =
      fs::temp_directory_path() / ("cairn-dem-seeds-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  struct Seed {
    const char* file;
    cairn::dem::SampleType type;
    int rows, cols;
    bool pixel_is_point;
  };
  const Seed seeds[] = {{"int16-point.dem", cairn::dem::SampleType::kInt16, 16, 16, true},
                        {"float32-area.dem", cairn::dem::SampleType::kFloat32, 16, 16, false},
                        {"float32-narrow.dem", cairn::dem::SampleType::kFloat32, 3, 9, false}};
  int failed = 0;
  for (const Seed& seed : seeds) {
    cairn::dem::DecodedTile tile;
    tile.type = seed.type;
    tile.source = seed.file;
    cairn::dem::GridGeometry& g = tile.grid;
    g.rows = seed.rows;
    g.cols = seed.cols;
    g.rows_per_degree = seed.rows - 1;
    g.cols_per_degree = seed.cols - 1;
    g.first_lat = 47;
    g.first_lon = 8;
    const double half_lat = seed.pixel_is_point ? 0 : 0.5 / g.rows_per_degree;
    const double half_lon = seed.pixel_is_point ? 0 : 0.5 / g.cols_per_degree;
    g.coverage = {g.LastLat() - half_lat, g.first_lon - half_lon, g.first_lat + half_lat,
                  g.LastLon() + half_lon};
    for (int r = 0; r < seed.rows; ++r) {
      for (int c = 0; c < seed.cols; ++c) {
        const float h = Height(r, c);
        tile.heights.push_back(h < -1000 ? 5 : h);  // a tile file holds no voids
      }
    }
    auto written = cairn::dem::WriteTileFile(scratch.string(), tile);
    std::error_code ec;
    if (written.ok()) fs::rename(scratch / written->file_name, fs::path(dir) / seed.file, ec);
    if (!written.ok() || ec) {
      std::fprintf(stderr, "make_dem_seeds: cannot write %s\n", seed.file);
      ++failed;
    }
  }
  fs::remove_all(scratch);
  return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const std::string kind = argv[1];
  if (kind == "geotiff") return GeoTiffSeeds(argv[2]);
  if (kind == "tile") return TileSeeds(argv[2]);
  return 2;
}
