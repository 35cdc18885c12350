// A closed extension table: a file the table does not know is sent as octet-stream, which
// nosniff keeps a browser from running.
#include "web/media_types.h"

#include <array>
#include <utility>

#include "util/text.h"

namespace cairn::web {
namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 20> kTypes = {{
    {"html", "text/html; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"json", "application/json"},
    {"map", "application/json"},
    {"webmanifest", "application/manifest+json"},
    {"svg", "image/svg+xml"},
    {"txt", "text/plain; charset=utf-8"},
    {"xml", "application/xml"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"gif", "image/gif"},
    {"webp", "image/webp"},
    {"avif", "image/avif"},
    {"ico", "image/x-icon"},
    {"woff2", "font/woff2"},
    {"woff", "font/woff"},
    {"wasm", "application/wasm"},
}};

}  // namespace

std::string_view ContentTypeForPath(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  const std::string_view extension = name.substr(dot + 1);
  for (const auto& [known, type] : kTypes) {
    if (util::EqualsIgnoringAsciiCase(known, extension)) return type;
  }
  return "application/octet-stream";
}

bool IsCompressibleType(std::string_view content_type) {
  return content_type.starts_with("text/") || content_type.starts_with("application/json") ||
         content_type.starts_with("application/manifest+json") ||
         content_type.starts_with("application/xml") || content_type.starts_with("image/svg+xml") ||
         content_type.starts_with("application/wasm");
}

}  // namespace cairn::web
