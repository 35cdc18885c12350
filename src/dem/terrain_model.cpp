// Loading and reloading the tile set.
#include "dem/terrain_model.h"

#include <sys/stat.h>

#include "dem/manifest.h"
#include "util/log.h"

namespace cairn::dem {
namespace {

std::shared_ptr<const TileSet> LoadTiles(const std::string& dir) {
  auto names = ReadManifest(dir);
  if (!names.ok()) {
    util::LogWarning("terrain: " + names.error().message + "; no terrain tiles loaded");
    return std::make_shared<const TileSet>(std::vector<std::unique_ptr<MappedTile>>());
  }
  std::vector<std::unique_ptr<MappedTile>> tiles;
  for (const std::string& name : *names) {
    auto tile = MappedTile::Open(dir, name);
    if (!tile.ok()) {
      util::LogWarning("terrain: " + name + " left out: " + tile.error().message);
      continue;
    }
    tiles.push_back(std::move(tile).value());
  }
  if (!names->empty()) {
    util::LogInfo("terrain: " + std::to_string(tiles.size()) + " tile(s) mapped from " + dir);
  }
  return std::make_shared<const TileSet>(std::move(tiles));
}

}  // namespace

std::string DemDirOf(const std::string& data_dir) { return data_dir + "/dem"; }

TerrainModel::Stamp TerrainModel::StampNow() const {
  struct stat st {};
  const std::string path = dir_ + "/" + kManifestName;
  if (::stat(path.c_str(), &st) != 0) return {};
  return {true, st.st_dev, st.st_ino,
          static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
          static_cast<int64_t>(st.st_size)};
}

std::shared_ptr<const TileSet> TerrainModel::Current() {
  const Stamp now = StampNow();
  std::lock_guard lock(mutex_);
  if (!loaded_ || !(now == stamp_)) {
    tiles_ = LoadTiles(dir_);
    stamp_ = now;
    loaded_ = true;
  }
  return tiles_;
}

}  // namespace cairn::dem
