// Routing: literal routes, captures, prefix routes and the fallbacks.
#include "http/router.h"

#include <catch2/catch.hpp>

namespace cairn::http {
namespace {

Handler Answer(std::string text) {
  return [text](const Request&) { return Response{200, "text/plain", text, {}}; };
}

std::string Route(const Router& router, const std::string& method, const std::string& path) {
  Request request;
  request.method = method;
  request.path = path;
  Response response = router.Dispatch(request);
  return std::to_string(response.status) + " " + response.body;
}

TEST_CASE("Prefix routes catch what no route matches, the longest prefix first", "[http][router]") {
  Router router;
  router.Add("GET", "/api/v1/trail/:id", Answer("trail"));
  router.Add("POST", "/api/v1/login", Answer("login"));
  router.AddPrefix("GET", "/", Answer("page"));
  router.AddPrefix("GET", "/assets/", Answer("asset"));
  router.SetFallbacks(Answer("none"), [](const Request&) {
    return Response{405, "text/plain", "method", {}};
  });
  CHECK(Route(router, "GET", "/api/v1/trail/abc") == "200 trail");
  CHECK(Route(router, "HEAD", "/api/v1/trail/abc") == "200 trail");
  CHECK(Route(router, "GET", "/api/v1/login") == "405 method");
  CHECK(Route(router, "GET", "/assets/abc/app.js") == "200 asset");
  CHECK(Route(router, "HEAD", "/assets/abc/app.js") == "200 asset");
  CHECK(Route(router, "GET", "/trail/abc") == "200 page");
  CHECK(Route(router, "GET", "/") == "200 page");
  CHECK(Route(router, "POST", "/trail/abc") == "200 none");
}

}  // namespace
}  // namespace cairn::http
