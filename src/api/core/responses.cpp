// Error envelopes of spec section 7.
#include "api/core/responses.h"

#include <cstdio>

#include "util/log.h"

namespace cairn::api {
namespace {

constexpr const char* kDiskFullMessage =
    "The server's disk is full, so this was not saved. Free some space on the server and try "
    "again.";

}  // namespace

int StatusOf(util::ErrorKind kind) {
  switch (kind) {
    case util::ErrorKind::kInvalidArgument:
      return 400;
    case util::ErrorKind::kUnauthorized:
      return 401;
    case util::ErrorKind::kForbidden:
      return 403;
    case util::ErrorKind::kNotFound:
      return 404;
    case util::ErrorKind::kConflict:
      return 409;
    case util::ErrorKind::kTooLarge:
      return 413;
    case util::ErrorKind::kTooManyRequests:
      return 429;
    case util::ErrorKind::kUnavailable:
      return 503;
    case util::ErrorKind::kUpstreamFailed:
      return 502;
    case util::ErrorKind::kUpstreamTimeout:
      return 504;
    case util::ErrorKind::kInsufficientStorage:
      return 507;
    case util::ErrorKind::kInternal:
      return 500;
  }
  return 500;
}

std::string PublicMessage(const util::Error& error) {
  if (error.kind == util::ErrorKind::kInternal) {
    return "Something went wrong while processing your request.";
  }
  if (error.kind == util::ErrorKind::kInsufficientStorage) return kDiskFullMessage;
  return error.message;
}

namespace {

Json ExtraValue(const util::ParamIssue::Extra& v) {
  return std::visit([](const auto& x) { return Json(x); }, v);
}

Json FormA(int status, const std::string& message, const Json& data) {
  return Json{{"message", message},
              {"status", status},
              {"data", data},
              {"detail", {{"code", status}, {"message", message}, {"data", data}}}};
}

}  // namespace

http::Response JsonResponse(const Json& body, int status) {
  return http::Response{
      status, "application/json", body.dump(-1, ' ', false, Json::error_handler_t::replace), {}};
}

http::Response ErrorResponse(const util::Error& error) {
  const int status = StatusOf(error.kind);
  if (!error.param_issues.empty()) {
    Json details = Json::array();
    for (const auto& issue : error.param_issues) {
      Json item = {{"code", issue.code}, {"message", issue.message}, {"path", issue.path}};
      for (const auto& [key, value] : issue.extra) item[key] = ExtraValue(value);
      details.push_back(std::move(item));
    }
    return JsonResponse(Json{{"message", "invalid_params"}, {"details", details}}, status);
  }
  std::string message = error.message;
  if (error.kind == util::ErrorKind::kInternal) {
    util::LogError(error.message);
    message = "Something went wrong while processing your request.";
  } else if (error.kind == util::ErrorKind::kInsufficientStorage) {
    // The cause (a path, SQLite's words) is for the owner's log, not for clients.
    util::LogError("disk full: " + error.message);
    message = kDiskFullMessage;
  }
  Json data = Json::object();
  for (const auto& [field, fe] : error.field_errors) {
    data[field] = {{"code", fe.code}, {"message", fe.message}};
  }
  Json body = FormA(status, message, data);
  // Facts go beside the message (the spec's duplicate-trail 400 carries the duplicate's id and
  // name at the top level).
  for (const auto& [key, value] : error.facts) body[key] = value;
  http::Response response = JsonResponse(body, status);
  if (status == 401) response.headers.emplace_back("WWW-Authenticate", "Bearer");
  if (status == 429) {
    response.headers.emplace_back("Retry-After", std::to_string(error.retry_after_seconds));
  }
  return response;
}

http::Response StatusErrorResponse(int status) {
  std::string message;
  switch (status) {
    case 400:
      message = "The request could not be read.";
      break;
    case 404:
      message = "The requested resource was not found.";
      break;
    case 405:
      message = "The method is not allowed for this resource.";
      break;
    case 413:
      message = "The request body is too large.";
      break;
    case 414:
      message = "The request URI is too long.";
      break;
    default:
      message = status >= 500 ? "Something went wrong while processing your request."
                              : "The request failed.";
  }
  return JsonResponse(FormA(status, message, Json::object()), status);
}

http::Response AcknowledgedResponse() { return JsonResponse(Json{{"acknowledged", true}}); }

}  // namespace cairn::api
