// libcurl's URL API behind Result.
#include "net/curl_url.h"

namespace cairn::net::internal {

util::Result<CurlUrl> ParseUrl(const std::string& url) {
  CurlUrl parsed(curl_url());
  if (!parsed) return util::Error::Internal("out of memory");
  if (const CURLUcode code = curl_url_set(parsed.get(), CURLUPART_URL, url.c_str(), 0);
      code != CURLUE_OK) {
    return util::Error::InvalidArgument(std::string("is not a valid URL (") +
                                        curl_url_strerror(code) + ")");
  }
  return parsed;
}

std::string UrlPart(CURLU* url, CURLUPart part) {
  char* value = nullptr;
  if (curl_url_get(url, part, &value, 0) != CURLUE_OK || value == nullptr) return "";
  std::string text(value);
  curl_free(value);
  return text;
}

}  // namespace cairn::net::internal
