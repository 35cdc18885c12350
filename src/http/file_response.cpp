// Conditional and range requests over a stored file.
#include "http/file_response.h"

#include <charconv>

#include "util/file_handle.h"
#include "util/http_date.h"

namespace cairn::http {
namespace {

std::optional<uint64_t> ParseDecimal(std::string_view text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

Response Headers(int status, const StoredFile& stored) {
  Response response{status, stored.content_type, "", stored.headers, std::nullopt};
  response.headers.emplace_back("Accept-Ranges", "bytes");
  response.headers.emplace_back("ETag", stored.etag);
  response.headers.emplace_back("Last-Modified", util::HttpDate(stored.modified_unix_seconds));
  return response;
}

}  // namespace

bool IfNoneMatchMatches(std::string_view header, std::string_view etag) {
  if (Trim(header) == "*") return true;
  size_t start = 0;
  while (start <= header.size()) {
    size_t comma = header.find(',', start);
    if (comma == std::string_view::npos) comma = header.size();
    std::string_view tag = Trim(header.substr(start, comma - start));
    if (tag.substr(0, 2) == "W/") tag.remove_prefix(2);
    if (!tag.empty() && tag == etag) return true;
    start = comma + 1;
  }
  return false;
}

std::pair<RangeVerdict, ByteRange> ParseRange(std::string_view header, uint64_t size) {
  const std::pair<RangeVerdict, ByteRange> whole{RangeVerdict::kWhole, {0, size}};
  header = Trim(header);
  if (header.substr(0, 6) != "bytes=") return whole;
  std::string_view spec = Trim(header.substr(6));
  if (spec.find(',') != std::string_view::npos) return whole;
  const size_t dash = spec.find('-');
  if (dash == std::string_view::npos) return whole;
  const std::string_view first_text = Trim(spec.substr(0, dash));
  const std::string_view last_text = Trim(spec.substr(dash + 1));
  if (first_text.empty()) {
    // A suffix: the last n bytes.
    auto suffix = ParseDecimal(last_text);
    if (!suffix) return whole;
    if (*suffix == 0 || size == 0) return {RangeVerdict::kUnsatisfiable, {}};
    const uint64_t length = std::min(*suffix, size);
    return {RangeVerdict::kPartial, {size - length, length}};
  }
  auto first = ParseDecimal(first_text);
  if (!first) return whole;
  uint64_t last = size == 0 ? 0 : size - 1;
  if (!last_text.empty()) {
    auto parsed = ParseDecimal(last_text);
    if (!parsed || *parsed < *first) return whole;  // invalid: ignored, as RFC 9110 says
    last = std::min(*parsed, last);
  }
  if (*first >= size) return {RangeVerdict::kUnsatisfiable, {}};
  return {RangeVerdict::kPartial, {*first, last - *first + 1}};
}

Response ServeStoredFile(const Request& request, StoredFile stored) {
  const uint64_t size = stored.file->size();
  const std::string if_none_match = request.Header("If-None-Match");
  bool not_modified = false;
  if (!if_none_match.empty()) {
    not_modified = IfNoneMatchMatches(if_none_match, stored.etag);
  } else if (auto since = util::ParseHttpDate(request.Header("If-Modified-Since"))) {
    not_modified = stored.modified_unix_seconds <= *since;
  }
  if (not_modified) {
    // The Content-Length a 200 would have: without one cpp-httplib's server adds "0", which
    // RFC 9110 8.6 forbids. (cpp-httplib's own client then waits for a body; browsers, curl and
    // caches know a 304 has none.)
    Response response = Headers(304, stored);
    response.headers.emplace_back("Content-Length", std::to_string(size));
    return response;
  }

  ByteRange range{0, size};
  int status = 200;
  const std::string range_header = request.Header("Range");
  const std::string if_range = request.Header("If-Range");
  // If-Range: the range is only wanted when the client still holds this version (strong match).
  const bool range_applies = !range_header.empty() && (if_range.empty() || if_range == stored.etag);
  if (range_applies) {
    auto [verdict, parsed] = ParseRange(range_header, size);
    if (verdict == RangeVerdict::kUnsatisfiable) {
      Response response = Headers(416, stored);
      response.content_type = "text/plain";
      response.headers.emplace_back("Content-Range", "bytes */" + std::to_string(size));
      return response;
    }
    if (verdict == RangeVerdict::kPartial) {
      range = parsed;
      status = 206;
    }
  }
  Response response = Headers(status, stored);
  if (status == 206) {
    response.headers.emplace_back("Content-Range",
                                  "bytes " + std::to_string(range.first) + "-" +
                                      std::to_string(range.first + range.length - 1) + "/" +
                                      std::to_string(size));
  }
  response.file_body = FileBody{std::move(stored.file), range.first, range.length};
  return response;
}

}  // namespace cairn::http
