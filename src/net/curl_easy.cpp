// The one place libcurl's global state is initialised.
#include "net/curl_easy.h"

#include <mutex>

namespace cairn::net::internal {

CurlEasy NewCurlEasy() {
  // curl_global_init is not thread-safe in every libcurl build, and curl_easy_init would run it
  // implicitly on whichever thread comes first: call_once makes the first call the only one.
  // libcurl's state is process-wide by its own design, hence this one static.
  static std::once_flag once;
  static CURLcode initialised = CURLE_FAILED_INIT;
  std::call_once(once, [] { initialised = curl_global_init(CURL_GLOBAL_DEFAULT); });
  if (initialised != CURLE_OK) return nullptr;
  return CurlEasy(curl_easy_init());
}

}  // namespace cairn::net::internal
