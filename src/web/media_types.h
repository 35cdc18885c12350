// Content types of the web app's files, by extension.
#pragma once

#include <string_view>

namespace cairn::web {

// The Content-Type for a file named `path` ("lib/map.js" -> "text/javascript; charset=utf-8");
// "application/octet-stream" for an unknown extension. Static storage.
std::string_view ContentTypeForPath(std::string_view path);

// True for types worth compressing (text: js, css, html, svg, json, map, txt, ...); false for
// already compressed formats (png, woff2, ...). cmake/embed_web.cmake lists the extensions of
// these types to gzip compiled-in files at build time; tests/web holds the two in step.
bool IsCompressibleType(std::string_view content_type);

}  // namespace cairn::web
