// URLs parsed by libcurl's own parser, so that what is checked is what libcurl will fetch.
#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>

#include "util/result.h"

namespace cairn::net::internal {

struct CurlUrlDeleter {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
};
using CurlUrl = std::unique_ptr<CURLU, CurlUrlDeleter>;

// `url` parsed; InvalidArgument "is not a valid URL (<libcurl's reason>)" otherwise, which never
// quotes the URL (it may hold a password).
util::Result<CurlUrl> ParseUrl(const std::string& url);

// A part of `url`, or "" when it has none.
std::string UrlPart(CURLU* url, CURLUPart part);

}  // namespace cairn::net::internal
