// Content types of the web app's files, by extension.
#pragma once

#include <string>
#include <string_view>

namespace cairn::web {

// The Content-Type for a file named `path` ("lib/map.js" -> "text/javascript; charset=utf-8");
// "application/octet-stream" for an unknown extension.
std::string ContentTypeForPath(std::string_view path);

// True for types worth compressing (text: js, css, html, svg, json, map, txt, ...); false for
// already compressed formats (png, woff2, ...).
bool IsCompressibleType(std::string_view content_type);

}  // namespace cairn::web
