// The HTTP server's life: a stop asked for before the loop runs (a SIGTERM during start-up).
#include "http/server.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <future>

namespace cairn::http {
namespace {

TEST_CASE("a stop asked for before Serve makes Serve return at once", "[http][server]") {
  Router router;
  Server server(router, {.host = "127.0.0.1", .port = 0, .threads = 2});
  REQUIRE(server.Bind().ok());
  server.Stop();
  auto served = std::async(std::launch::async, [&] { return server.Serve().ok(); });
  const bool returned = served.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  if (!returned) server.Stop();  // the loop runs now: end it so the test can finish
  CHECK(returned);
  CHECK(served.get());
}

TEST_CASE("a stop asked for while Serve runs ends it", "[http][server]") {
  Router router;
  Server server(router, {.host = "127.0.0.1", .port = 0, .threads = 2});
  REQUIRE(server.Bind().ok());
  auto served = std::async(std::launch::async, [&] { return server.Serve().ok(); });
  server.Stop();  // before, during or after the loop's start: all must end it
  const bool returned = served.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  if (!returned) server.Stop();
  CHECK(returned);
  CHECK(served.get());
}

}  // namespace
}  // namespace cairn::http
