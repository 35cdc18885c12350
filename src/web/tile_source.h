// The map tile server the web app draws under trails: its URL template and its origin for the CSP.
#pragma once

#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::web {

inline constexpr std::string_view kDefaultTileTemplate =
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
inline constexpr std::string_view kDefaultTileAttribution =
    "&copy; <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors";

struct TileSource {
  std::string url_template;  // Leaflet's form, e.g. "https://{s}.tile.example.org/{z}/{x}/{y}.png"
  std::string origin;        // for CSP img-src, e.g. "https://*.tile.example.org"
  bool enabled() const { return !url_template.empty(); }
};

// "none" turns tiles off (an empty TileSource). Otherwise `text` must be an http:// or https://
// URL with {z}, {x} and {y}, a host of letters, digits, '-' and '.' (a placeholder such as {s}
// only in its first label, which the origin turns into '*'), an optional port, no user name,
// and no whitespace, quotes, ';', ',' or '\\' (they would break the CSP header). The error
// message says what is wrong without naming a flag.
util::Result<TileSource> ParseTileTemplate(std::string_view text);

}  // namespace cairn::web
