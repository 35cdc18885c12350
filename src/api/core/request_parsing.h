// Reading what a request carries: the path id, the JSON body, list parameters, the caller.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "http/request.h"
#include "services/core/record_service.h"
#include "services/files/upload_service.h"
#include "util/result.h"

namespace cairn::api {

// The `{id}` path parameter; a value that is not exactly 15 characters is a Form B error
// (too_small / too_big with minimum/maximum 15, exact true, path ["id"]).
util::Result<std::string> RecordIdParam(const http::Request& request);

enum class ContentTypeRule { kOptional, kRequired };

// The largest JSON body a record route reads: record bodies are small; anything bigger is a
// mistake or an attack, refused before parsing.
inline constexpr size_t kMaxJsonBodyBytes = 2 * 1024 * 1024;

// The body parsed as a JSON object. Not JSON, not an object, nested deeper than 64 levels, or
// (with kRequired) no Content-Type header: InvalidArgument; larger than `max_bytes`: TooLarge.
util::Result<nlohmann::json> JsonBody(const http::Request& request, ContentTypeRule rule,
                                      size_t max_bytes = kMaxJsonBodyBytes);

// page, perPage, sort, filter, expand and skipTotal from the query string. Non-integer page or
// perPage: Form B invalid_type. perPage 0 means the default (30); negative or above 500 means 500.
util::Result<services::ListParams> ListParamsOf(const http::Request& request);

// The `fields` query parameter; everything when absent. Form A InvalidArgument naming `fields`
// past its limits.
util::Result<services::FieldSelection> FieldSelectionOf(const http::Request& request);

// The one reading of a boolean query or form parameter across the API: "true", "1", "yes" and
// "on" (any case) are true, anything else false.
bool IsTrue(std::string_view text);

// The integer query parameter `name`, `fallback` when absent. Form B: invalid_type for a
// non-integer, too_small / too_big (with minimum / maximum, inclusive) outside [min, max].
util::Result<int> BoundedIntParam(const http::Request& request, const char* name, int fallback,
                                  int min, int max);

// The parts of a multipart/form-data body: text fields, and files (a part with a file name, or
// with a Content-Type other than text/plain) as views into the request's own buffers, so the
// request must outlive the form. A file part with neither name nor content (a browser's empty
// file input) is skipped. InvalidArgument when the body is not multipart/form-data, or a text
// part holds JSON nested deeper than 64 levels.
util::Result<services::MultipartForm> MultipartFormOf(const http::Request& request);

}  // namespace cairn::api
