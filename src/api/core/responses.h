// Turning results into HTTP responses: the one place an Error becomes a status and a body.
#pragma once

#include <nlohmann/json.hpp>

#include "http/request.h"
#include "util/result.h"

namespace cairn::api {

using Json = nlohmann::json;

// 200 (or `status`) with a JSON body.
http::Response JsonResponse(const Json& body, int status = 200);

// The spec's error forms: Form B (`{message: "invalid_params", details: [...]}`) for parameter
// issues, Form A (`{message, detail: {code, message, data}}`, plus PocketBase's top-level
// `status` and `data`) for everything else. Internal errors are logged and answered with a
// generic message so no detail (paths, SQL) leaks.
http::Response ErrorResponse(const util::Error& error);

// The HTTP status an error of `kind` is answered with.
int StatusOf(util::ErrorKind kind);

// An error's message as a client may read it (Internal and disk-full causes stay in the log).
std::string PublicMessage(const util::Error& error);

// The error body for a bare status the server produced itself (404 route, 413 body, ...).
http::Response StatusErrorResponse(int status);

// {"acknowledged": true}
http::Response AcknowledgedResponse();

}  // namespace cairn::api
