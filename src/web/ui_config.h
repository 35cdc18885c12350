// The settings the web app reads at start from the shell page's <script id="cairn-config">.
#pragma once

#include <string>

#include "web/tile_source.h"

namespace cairn::web {

struct UiConfig {
  TileSource tiles;         // off: the map draws tracks on a blank background
  std::string attribution;  // HTML shown under the map; from the admin's command line only
  std::string version;      // CAIRN_VERSION
  bool signup = true;       // false with --disable-signup
  int max_photo_mb = 20;
  int max_track_mb = 50;
};

// {"tiles", "attribution", "version", "signup", "maxPhotoMb", "maxTrackMb"} as one line of JSON,
// with every '<' written as \u003c so the text can sit inside a <script> element. "tiles" and
// "attribution" are "" when tiles are off.
std::string UiConfigJson(const UiConfig& config);

}  // namespace cairn::web
