// The shell page's JSON config.
#include "web/ui_config.h"

#include <nlohmann/json.hpp>

namespace cairn::web {

std::string UiConfigJson(const UiConfig& config) {
  const auto& archive = config.tile_archive;
  const bool tiles = config.tiles.enabled() || archive.has_value();
  nlohmann::ordered_json tiles_file = nullptr;
  if (archive) {
    tiles_file = {
        {"url", kTileArchivePath},
        {"type", TileTypeName(archive->tile_type)},
        {"minZoom", archive->min_zoom},
        {"maxZoom", archive->max_zoom},
        {"bounds", {archive->min_lon, archive->min_lat, archive->max_lon, archive->max_lat}},
        {"center", {archive->center_lon, archive->center_lat, archive->center_zoom}},
    };
  }
  const nlohmann::ordered_json json = {
      {"tiles", archive ? "" : config.tiles.url_template},
      {"tilesFile", tiles_file},
      {"attribution", tiles ? config.attribution : ""},
      {"version", config.version},
      {"signup", config.signup},
      {"maxPhotoMb", config.max_photo_mb},
      {"maxTrackMb", config.max_track_mb},
      {"routing", config.routing},
  };
  const std::string text = json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // '<' only occurs inside JSON strings, where \u003c means the same; "</script>" cannot appear.
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace cairn::web
