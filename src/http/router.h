// Maps method + path patterns ("/api/v1/trail/:id") to handlers.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "http/request.h"

namespace cairn::http {

using Handler = std::function<Response(const Request&)>;

// Built at startup, then read concurrently by the server's threads (immutable once serving).
class Router {
 public:
  // Adds a route. Pattern segments starting with ':' capture one path segment. Literal routes
  // win over captures at the same position, so "/trail/upload" beats "/trail/:id".
  void Add(std::string method, std::string pattern, Handler handler);

  // Adds a handler for `method` requests whose path starts with `prefix` ("/assets/", or "/"
  // for every path) and that match no Add() route; the longest such prefix wins. A path that an
  // Add() route knows under another method still gets method_not_allowed.
  void AddPrefix(std::string method, std::string prefix, Handler handler);

  // Handles requests that match no route: `not_found` for unknown paths, `method_not_allowed` for
  // known paths with another method.
  void SetFallbacks(Handler not_found, Handler method_not_allowed);

  // Routes `request` (filling its path_params and route) and runs the matching handler.
  Response Dispatch(Request& request) const;

 private:
  struct Route {
    std::string method;
    std::string pattern;
    std::vector<std::string> segments;
    Handler handler;
  };
  static std::vector<std::string> Split(const std::string& path);
  static int Match(const Route& route, const std::vector<std::string>& segments,
                   std::map<std::string, std::string>* params);

  struct PrefixRoute {
    std::string method;
    std::string prefix;
    Handler handler;
  };

  std::vector<Route> routes_;
  std::vector<PrefixRoute> prefix_routes_;
  Handler not_found_;
  Handler method_not_allowed_;
};

}  // namespace cairn::http
