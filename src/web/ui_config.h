// The settings the web app reads at start from the shell page's <script id="cairn-config">.
#pragma once

#include <optional>
#include <string>

#include "web/tile_archive.h"
#include "web/tile_source.h"

namespace cairn::web {

struct UiConfig {
  TileSource tiles;  // off: the map draws its Natural Earth base under the tracks
  // --tiles-file: the archive's header, served at kTileArchivePath; wins over `tiles`.
  std::optional<PmtilesHeader> tile_archive;
  std::string attribution;  // HTML shown under the map; from the admin's command line only
  std::string version;      // CAIRN_VERSION
  bool signup = true;       // false with --disable-signup
  int max_photo_mb = 20;
  int max_track_mb = 50;
  // A routing server is configured (--routing-url): the route planner may snap to paths.
  bool routing = false;
};

// {"tiles", "tilesFile", "attribution", "version", "signup", "maxPhotoMb", "maxTrackMb",
// "routing"} as one line of JSON, with every '<' written as \u003c so the text can sit inside a
// <script> element.
// "tilesFile" is null without an archive, else {"url", "type" ("mvt", "png", "jpeg", "webp"),
// "minZoom", "maxZoom", "bounds" [west, south, east, north], "center" [lon, lat, zoom]}, and
// "tiles" is then "". "tiles" and "attribution" are "" when there are neither tiles nor archive.
std::string UiConfigJson(const UiConfig& config);

}  // namespace cairn::web
