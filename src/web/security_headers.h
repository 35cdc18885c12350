// The security headers of the web app's responses.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::web {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// The shell page's Content-Security-Policy: scripts, styles, fetches and frames from this origin
// only; images also from data:, blob: and `tile_origin` ("https://*.tile.openstreetmap.org"),
// which is left out when empty (tiles off).
std::string ContentSecurityPolicy(std::string_view tile_origin);

// Headers for every web app response: X-Content-Type-Options.
HeaderList AssetSecurityHeaders();

// Headers for the shell page: the above plus the CSP, Referrer-Policy (tile servers such as
// OpenStreetMap's want the referring origin) and X-Frame-Options.
HeaderList PageSecurityHeaders(std::string_view tile_origin);

}  // namespace cairn::web
