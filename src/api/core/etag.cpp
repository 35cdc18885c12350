// Entity tags.
#include "api/core/etag.h"

#include <cinttypes>
#include <cstdio>

#include "http/file_response.h"

namespace cairn::api {

std::string ETagOf(std::string_view version) { return "\"" + std::string(version) + "\""; }

std::string ETagOf(const util::FileHandle& file) {
  char text[64];
  std::snprintf(text, sizeof text, "%" PRIx64 "-%" PRIx64, file.size(),
                static_cast<uint64_t>(file.modified_ns()));
  return ETagOf(std::string_view(text));
}

bool ClientHolds(const http::Request& request, const std::string& etag) {
  const std::string if_none_match = request.Header("If-None-Match");
  return !if_none_match.empty() && http::IfNoneMatchMatches(if_none_match, etag);
}

}  // namespace cairn::api
