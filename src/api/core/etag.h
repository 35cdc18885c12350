// Entity tags of API answers, and whether a client already holds one (If-None-Match).
#pragma once

#include <string>
#include <string_view>

#include "http/request.h"
#include "util/file_handle.h"

namespace cairn::api {

// A strong entity tag for a version string: "\"<version>\"".
std::string ETagOf(std::string_view version);

// A stored file's entity tag, from its size and modification time (a stored name never gets
// other content, so these change only if the file is replaced by hand).
std::string ETagOf(const util::FileHandle& file);

// Whether the request's If-None-Match names `etag`.
bool ClientHolds(const http::Request& request, const std::string& etag);

}  // namespace cairn::api
