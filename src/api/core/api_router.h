// How every API handler is bound: path ids checked, the caller resolved, and errors turned into
// the spec's bodies once, around the handler, so a handler only parses, calls one service and
// renders.
#pragma once

#include <functional>
#include <string>

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "util/result.h"

namespace cairn::api {

// A handler: the request and who sent it in, a response or an error out.
using Handler =
    std::function<util::Result<http::Response>(const http::Request&, const services::Caller&)>;

enum class CallerUse {
  kResolve,  // the credential is checked (401 for a bad one, or none on a private instance)
  kIgnore,   // health, sign-up, login, logout and resets: open before anyone signs in
};

// Binds handlers on an http::Router; may be dropped once they are bound (the routes keep the
// CallerResolver, which must outlive the router).
class ApiRouter {
 public:
  ApiRouter(http::Router& router, const CallerResolver& callers)
      : router_(router), callers_(callers) {}

  // A route whose pattern holds ":id" answers a malformed id (not 15 characters) with the spec's
  // Form B 400 before anything else; then the caller is resolved as `use` says; then `handler`
  // runs. An error from any step becomes its response through ErrorResponse.
  void Add(const std::string& method, const std::string& pattern, Handler handler,
           CallerUse use = CallerUse::kResolve);

  const CallerResolver& callers() const { return callers_; }

 private:
  http::Router& router_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
