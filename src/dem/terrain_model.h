// The server's terrain model: the tiles of DIR/dem/ as an immutable TileSet, replaced whole
// when `cairn dem add` rewrites the manifest.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "dem/tile_set.h"

namespace cairn::dem {

// The folder of a data dir's terrain tiles.
std::string DemDirOf(const std::string& data_dir);

class TerrainModel {
 public:
  // Nothing is read until the first Current(). A missing folder or manifest is an empty model.
  explicit TerrainModel(std::string dem_dir) : dir_(std::move(dem_dir)) {}

  // The current tiles. Each call stats the manifest (about a microsecond); when it was replaced
  // since the last look, the tiles it lists are mapped into a new set first (tiles that cannot
  // be opened are left out with a warning in the log). Callers keep the returned set for as
  // long as they read from it, so a reload never pulls tiles from under a request.
  // Thread-safe.
  std::shared_ptr<const TileSet> Current();

  const std::string& dir() const { return dir_; }

 private:
  // Identifies one version of the manifest: a rewrite renames a new file over it.
  struct Stamp {
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    int64_t modified_ns = 0;
    int64_t size = 0;
    friend bool operator==(const Stamp&, const Stamp&) = default;
  };
  Stamp StampNow() const;

  const std::string dir_;
  std::mutex mutex_;
  bool loaded_ = false;
  Stamp stamp_;
  std::shared_ptr<const TileSet> tiles_;
};

}  // namespace cairn::dem
