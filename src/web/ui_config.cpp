// The shell page's JSON config.
#include "web/ui_config.h"

#include <nlohmann/json.hpp>

namespace cairn::web {

std::string UiConfigJson(const UiConfig& config) {
  const bool tiles = config.tiles.enabled();
  const nlohmann::ordered_json json = {
      {"tiles", config.tiles.url_template}, {"attribution", tiles ? config.attribution : ""},
      {"version", config.version},          {"signup", config.signup},
      {"maxPhotoMb", config.max_photo_mb},  {"maxTrackMb", config.max_track_mb},
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
