// GeoTIFF terrain tiles (as Copernicus GLO-30/90 ship them) through libtiff: the one adapter
// over libtiff. Any compression libtiff decodes (DEFLATE, LZW, with or without a predictor),
// tiled or striped, one band of int16, uint16, int32, float32 or float64.
#pragma once

#include <string_view>

#include "dem/tile_grid.h"
#include "util/result.h"

namespace cairn::dem {

// The largest grid accepted (rows * cols): a 6000 x 6000 tile, 144 MB of floats while it is
// converted. Copernicus GLO-30 tiles are 3600 x 3600 at most.
inline constexpr size_t kMaxGeoTiffSamples = 36'000'000;

// Decodes a GeoTIFF's bytes; `name` is only for the tile's source. The georeferencing comes
// from ModelTiepointTag + ModelPixelScaleTag (or an unrotated ModelTransformationTag) and the
// GeoKeys: the model must be geographic (latitude/longitude), north up; PixelIsArea rasters
// (the default) have their samples at the pixels' centres, PixelIsPoint ones at the tie points.
// A GDAL_NODATA value, NaN and heights outside [kLowestHeight, kHighestHeight] become voids
// (NaN). InvalidArgument with a message for the operator for an unreadable TIFF, a projected,
// rotated or unreferenced raster, pixels outside kMinPerDegree..kMaxPerDegree, several bands,
// an unsupported sample format or a grid larger than kMaxGeoTiffSamples. Thread-safe (libtiff's
// messages are collected per file).
util::Result<DecodedTile> ReadGeoTiff(std::string_view name, std::string_view bytes);

}  // namespace cairn::dem
