// libcurl easy handles for the net layer, with libcurl's process-wide set-up done once.
#pragma once

#include <curl/curl.h>

#include <memory>

namespace cairn::net::internal {

struct CurlEasyDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};
using CurlEasy = std::unique_ptr<CURL, CurlEasyDeleter>;

struct CurlListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using CurlList = std::unique_ptr<curl_slist, CurlListDeleter>;

// A new easy handle, or null when libcurl could not be initialised or memory ran out.
// Thread-safe: the first call runs curl_global_init for the whole process, exactly once, before
// any handle exists; libcurl is never cleaned up (the process's end does that).
CurlEasy NewCurlEasy();

}  // namespace cairn::net::internal
