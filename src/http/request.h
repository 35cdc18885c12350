// HTTP requests and responses as the API layer sees them, free of any HTTP library type.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::util {
class FileHandle;
}

namespace cairn::http {

struct CaseInsensitiveLess {
  bool operator()(const std::string& a, const std::string& b) const;
};

// One part of a multipart/form-data body: a field, or a file when `filename` is set.
struct FormPart {
  std::string name;
  std::string filename;
  std::string content_type;
  std::string content;
};

struct Request {
  std::string method;    // "GET", "POST", ...
  std::string path;      // decoded path without the query string
  std::string raw_path;  // the path as sent, still percent-encoded ("%2F" stays visible)
  std::vector<std::pair<std::string, std::string>> query;  // decoded, in order
  std::map<std::string, std::string, CaseInsensitiveLess> headers;
  std::string body;  // empty for multipart bodies, which are in form_parts
  // multipart/form-data parts, grouped by field name; the files of one field keep their order.
  std::vector<FormPart> form_parts;
  std::string remote_address;
  std::map<std::string, std::string> path_params;  // from ":name" route segments
  // The pattern that answered, for logs and metrics (a bounded set, unlike paths): set by
  // Router::Dispatch to the route's pattern, a prefix route's prefix followed by "*", or
  // "unmatched".
  std::string route;

  // The first value of query parameter `name`, or "" when absent.
  std::string QueryValue(std::string_view name) const;
  bool HasQuery(std::string_view name) const;
  // The header's value, or "" when absent.
  std::string Header(const std::string& name) const;
  std::string PathParam(const std::string& name) const;
  // The first form part named `name`, or nullptr.
  const FormPart* FormField(std::string_view name) const;
};

// A part of an open file sent as a response body, read in small pieces while it is written, so
// a large download never sits in memory.
struct FileBody {
  std::shared_ptr<const util::FileHandle> file;
  uint64_t offset = 0;
  uint64_t length = 0;
};

// Bytes sent as the response body without being copied into it: valid as long as `owner` is
// held, or for the life of the program when `owner` is null (files compiled into the binary).
struct ViewBody {
  std::string_view bytes;
  std::shared_ptr<const void> owner;
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;  // ignored when file_body or view_body is set
  std::vector<std::pair<std::string, std::string>> headers;
  std::optional<FileBody> file_body;
  std::optional<ViewBody> view_body;  // ignored when file_body is set
  // False when the body goes out exactly as it is (already compressed): the server then never
  // compresses it on its own.
  bool server_may_compress = true;
};

}  // namespace cairn::http
