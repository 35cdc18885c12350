// The one on-disk form of an imported tile (DIR/dem/*.dem): a header page, then the heights
// uncompressed, row by row, in the machine's byte order, so a lookup reads them straight from a
// read-only shared memory map. Written once, atomically; replaced by rename, never changed in
// place, so a running server keeps reading the version it mapped.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "dem/tile_grid.h"
#include "util/result.h"

namespace cairn::dem {

// What `cairn dem list` shows and the index needs of a tile file, read from its header.
struct TileInfo {
  std::string file_name;  // "N46E008-1as.dem"
  GridGeometry grid;
  SampleType type = SampleType::kInt16;
  std::string source;       // the imported file's name
  uint64_t file_bytes = 0;  // header and samples
};

// Writes `tile` (voids already filled: no NaN) to `dir`/TileFileName(grid): a temporary file in
// `dir`, fsync, rename over any older tile of that name, then fsync of `dir`. On failure nothing
// is left (the temporary file is removed). Returns the written tile's info. Errors:
// InvalidArgument for a tile that does not fit the format (NaN or an int16 tile out of range);
// FileSystemError kinds otherwise.
util::Result<TileInfo> WriteTileFile(const std::string& dir, const DecodedTile& tile);

// A tile file mapped read-only (MAP_SHARED: the page cache's copy, never the heap's).
// Immutable and safe to read from any thread; unmapped when destroyed.
class MappedTile {
 public:
  // Opens and maps `dir`/`file_name`, checking the header against the file's size.
  // InvalidArgument for a file that is not a tile of this format (a message naming why),
  // NotFound when absent, Internal for other failures.
  static util::Result<std::unique_ptr<MappedTile>> Open(const std::string& dir,
                                                        const std::string& file_name);
  ~MappedTile();
  MappedTile(const MappedTile&) = delete;
  MappedTile& operator=(const MappedTile&) = delete;

  const TileInfo& info() const { return info_; }
  // The samples, rows * cols of info().type.
  const void* samples() const { return samples_; }

 private:
  MappedTile(TileInfo info, void* mapping, size_t length, const void* samples)
      : info_(std::move(info)), mapping_(mapping), length_(length), samples_(samples) {}

  TileInfo info_;
  void* mapping_;
  size_t length_;
  const void* samples_;
};

// Reads only the header of `dir`/`file_name` (for listing), with the checks of Open.
util::Result<TileInfo> ReadTileInfo(const std::string& dir, const std::string& file_name);

}  // namespace cairn::dem
