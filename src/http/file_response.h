// Serving a stored file over HTTP: validators (ETag, Last-Modified), conditional requests (304),
// single byte ranges (206, 416), and HEAD, as RFC 9110 describes them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "http/request.h"

namespace cairn::http {

struct StoredFile {
  std::shared_ptr<const util::FileHandle> file;
  std::string content_type;
  std::string etag;  // a strong validator with its quotes, e.g. "\"5f3a-18c0e\""
  int64_t modified_unix_seconds = 0;
  // Headers sent with every answer (200, 206, 304, 416): Cache-Control, Content-Disposition, ...
  std::vector<std::pair<std::string, std::string>> headers;
};

// The answer to a GET or HEAD for `stored`: 304 when If-None-Match names the ETag (or, without
// If-None-Match, If-Modified-Since is not older than the file); 206 with Content-Range for one
// satisfiable range (honoured only when If-Range, if present, matches); 416 with
// "Content-Range: bytes */size" when no range is satisfiable; otherwise 200 with the whole
// file. Several ranges at once are answered with the whole file (allowed by RFC 9110).
// Always sets Accept-Ranges, ETag and Last-Modified. The body is streamed from the file.
Response ServeStoredFile(const Request& request, StoredFile stored);

// The byte range a Range header asks of a `size`-byte file.
struct ByteRange {
  uint64_t first = 0;
  uint64_t length = 0;
};
enum class RangeVerdict { kWhole, kPartial, kUnsatisfiable };
// Parses "bytes=a-b", "bytes=a-" and "bytes=-n" (one range); anything else, including several
// ranges or another unit, means the whole file.
std::pair<RangeVerdict, ByteRange> ParseRange(std::string_view header, uint64_t size);

// True when an If-None-Match header value ("*" or a list of entity tags) names `etag`, compared
// weakly as RFC 9110 asks for this header.
bool IfNoneMatchMatches(std::string_view if_none_match, std::string_view etag);

}  // namespace cairn::http
