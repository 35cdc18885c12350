// `cairn dem add` and `cairn dem list`: the terrain model's tiles (docs/TERRAIN.md).
#pragma once

#include <string>
#include <vector>

#include "app/config.h"
#include "util/result.h"

namespace cairn::app {

// `cairn dem add FILE_OR_FOLDER... [--dir DIR]` or `cairn dem list [--dir DIR]` into `config`.
util::Result<Config> ParseDemCommand(const std::vector<std::string>& args, Config config);

// add: imports the tiles into DIR/dem/ (dem/tile_import.h), printing a line per tile imported
// or refused and a summary; a running server picks them up at its next height request. Returns
// 0 when every tile was imported, 1 when any was refused or the folder failed.
// list: prints each tile's box, resolution, samples, size and source. Returns 0, 1 on failure.
int RunDemCommand(const Config& config);

}  // namespace cairn::app
