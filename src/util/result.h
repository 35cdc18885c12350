// Errors as values: a closed set of kinds that cross layers. What an error looks like on the wire
// (statuses, bodies, headers) is decided in one place, api/core/responses.cpp.
#pragma once

#include <cassert>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cairn::util {

enum class ErrorKind {
  kInvalidArgument,  // the request is wrong: a value, a parameter, the body
  kUnauthorized,     // no valid credential
  kForbidden,        // a valid caller who may not do this
  kNotFound,         // absent, or invisible to the caller (the same thing to them)
  kConflict,         // the data's state forbids it (a duplicate, a record still in use)
  kTooLarge,         // over a size limit
  kTooManyRequests,  // throttled: retry after `retry_after_seconds`
  kUnavailable,      // the server is shutting down, overloaded or busy, or lacks a setting
  // A server this one forwards to (routing, elevation) failed: unreachable, a refused TLS
  // certificate, an answer that is not what was asked for or too large.
  kUpstreamFailed,
  kUpstreamTimeout,  // a server this one forwards to did not answer in time
  // The data dir's filesystem has no room for the write; nothing of it was kept. The message is
  // for the log (it may name a path); clients get a fixed sentence.
  kInsufficientStorage,
  kInternal,  // a bug or an environment failure; never caused by input alone
};

// A per-field validation failure: which rule the field's value broke.
struct FieldError {
  std::string code;     // e.g. "validation_required"
  std::string message;  // e.g. "Missing required value."
};

// A parameter that failed a constraint (a path id's length, a value's type, a date), with the
// constraint's figures (minimum, expected type, ...).
struct ParamIssue {
  using Extra = std::variant<int64_t, bool, std::string>;
  std::string code;  // too_small, too_big, invalid_string, invalid_type, custom
  std::string message;
  std::vector<std::string> path;
  std::vector<std::pair<std::string, Extra>> extra;  // minimum, exact, expected, ...
};

struct Error {
  ErrorKind kind = ErrorKind::kInternal;
  std::string message;
  std::map<std::string, FieldError> field_errors;  // invalid fields by name
  std::vector<ParamIssue> param_issues;            // invalid parameters
  // Named facts a client can act on, e.g. the id and name of the trail an upload duplicates.
  std::vector<std::pair<std::string, std::string>> facts;
  int64_t retry_after_seconds = 0;  // kTooManyRequests: how long to wait

  static Error InvalidArgument(std::string message) {
    return {ErrorKind::kInvalidArgument, std::move(message), {}, {}, {}};
  }
  // A Form A 400 naming one failing field.
  static Error InvalidField(std::string message, const std::string& field, std::string code,
                            std::string field_message) {
    Error e = InvalidArgument(std::move(message));
    e.field_errors[field] = {std::move(code), std::move(field_message)};
    return e;
  }
  static Error InvalidParams(std::vector<ParamIssue> issues) {
    return {ErrorKind::kInvalidArgument, "Invalid parameters.", {}, std::move(issues), {}};
  }
  static Error Unauthorized(std::string message = "Missing or invalid authentication.") {
    return {ErrorKind::kUnauthorized, std::move(message), {}, {}, {}};
  }
  static Error Forbidden(std::string message = "You are not allowed to perform this request.") {
    return {ErrorKind::kForbidden, std::move(message), {}, {}, {}};
  }
  static Error NotFound(std::string message = "The requested resource was not found.") {
    return {ErrorKind::kNotFound, std::move(message), {}, {}, {}};
  }
  static Error Conflict(std::string message) {
    return {ErrorKind::kConflict, std::move(message), {}, {}, {}};
  }
  static Error TooLarge(std::string message) {
    return {ErrorKind::kTooLarge, std::move(message), {}, {}, {}};
  }
  static Error TooManyRequests(std::string message, int64_t retry_after_seconds) {
    Error e{ErrorKind::kTooManyRequests, std::move(message), {}, {}, {}};
    e.retry_after_seconds = retry_after_seconds;
    return e;
  }
  static Error Unavailable(std::string message) {
    return {ErrorKind::kUnavailable, std::move(message), {}, {}, {}};
  }
  static Error UpstreamFailed(std::string message) {
    return {ErrorKind::kUpstreamFailed, std::move(message), {}, {}, {}};
  }
  static Error UpstreamTimeout(std::string message) {
    return {ErrorKind::kUpstreamTimeout, std::move(message), {}, {}, {}};
  }
  static Error InsufficientStorage(std::string message) {
    return {ErrorKind::kInsufficientStorage, std::move(message), {}, {}, {}};
  }
  static Error Internal(std::string message) {
    return {ErrorKind::kInternal, std::move(message), {}, {}, {}};
  }
};

// Result<T> holds either a T or an Error, shaped like std::expected.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  const Error& error() const& {
    assert(!ok());
    return std::get<1>(data_);
  }
  Error&& error() && {
    assert(!ok());
    return std::get<1>(std::move(data_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> data_;
};

// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)) {}  // NOLINT

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const& { return *error_; }
  Error&& error() && { return std::move(*error_); }

 private:
  std::optional<Error> error_;
};

using Status = Result<void>;

inline Status OkStatus() { return {}; }

}  // namespace cairn::util

// Returns early from the enclosing function when `expr` (a Result) holds an error.
#define CAIRN_RETURN_IF_ERROR(expr)            \
  do {                                         \
    auto&& cairn_status_ = (expr);             \
    if (!cairn_status_.ok()) {                 \
      return std::move(cairn_status_).error(); \
    }                                          \
  } while (false)

#define CAIRN_CONCAT_INNER(a, b) a##b
#define CAIRN_CONCAT(a, b) CAIRN_CONCAT_INNER(a, b)
// Declares `lhs` from a Result's value or returns its error.
#define CAIRN_ASSIGN_OR_RETURN(lhs, expr) \
  CAIRN_ASSIGN_OR_RETURN_IMPL(CAIRN_CONCAT(cairn_result_, __LINE__), lhs, expr)
#define CAIRN_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                                \
  if (!tmp.ok()) {                                  \
    return std::move(tmp).error();                  \
  }                                                 \
  lhs = std::move(tmp).value()
