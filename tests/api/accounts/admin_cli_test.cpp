// `cairn user add|passwd|delete|list`: the server owner's accounts, on a running or stopped
// server's data dir.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// Runs `cairn user ...` with `input` on standard input; returns stdout and stderr together.
std::string CairnUser(const std::string& arguments, const std::string& input, int* code) {
  return RunCommand(
      "printf '%s' '" + input + "' | " + std::string(CAIRN_BINARY) + " user " + arguments + " 2>&1",
      code);
}

int LoginStatus(TestServer& server, const std::string& user, const std::string& password) {
  return server.Post("/api/v1/auth/login", {{"username", user}, {"password", password}}).status;
}

TEST_CASE("the admin CLI manages accounts while the server runs", "[api][cli]") {
  TestServer server("", {"--disable-signup"});
  const std::string dir = " --dir " + server.data_dir();
  int code = -1;
  std::string out = CairnUser("add frank frank@example.com" + dir, "first-password\n", &code);
  INFO(out);
  CHECK(code == 0);
  CHECK(out.find("created frank") != std::string::npos);
  Reply login =
      server.Post("/api/v1/auth/login", {{"username", "frank"}, {"password", "first-password"}});
  REQUIRE(login.status == 200);
  const std::string old_token = login.body["token"];

  out = CairnUser("list" + dir, "", &code);
  CHECK(code == 0);
  CHECK(out.find("frank@example.com") != std::string::npos);

  out = CairnUser("passwd FRANK@example.com" + dir, "second-password\n", &code);
  CHECK(code == 0);
  CHECK(LoginStatus(server, "frank", "first-password") == 400);
  CHECK(LoginStatus(server, "frank", "second-password") == 200);
  CHECK(server.Get("/api/v1/category", old_token).status == 401);  // sessions signed out

  // Mistakes are refused with a reason and change nothing.
  out = CairnUser("add frank other@example.com" + dir, "third-password\n", &code);
  CHECK(code == 1);
  CHECK(out.find("already in use") != std::string::npos);
  out = CairnUser("add gina gina@example.com" + dir, "short\n", &code);
  CHECK(code == 1);
  CHECK(out.find("at least 8") != std::string::npos);
  out = CairnUser("passwd nobody" + dir, "whatever-password\n", &code);
  CHECK(code == 1);
  CHECK(out.find("No account") != std::string::npos);
  out = CairnUser("delete frank" + dir, "", &code);  // no terminal and no --yes
  CHECK(code == 1);
  CHECK(LoginStatus(server, "frank", "second-password") == 200);

  out = CairnUser("delete frank --yes" + dir, "", &code);
  CHECK(code == 0);
  CHECK(LoginStatus(server, "frank", "second-password") == 400);
  out = CairnUser("list" + dir, "", &code);
  CHECK(out.find("frank") == std::string::npos);
}

TEST_CASE("the admin CLI creates the first account before the server ever runs", "[api][cli]") {
  test_support::TempDir scratch;
  const std::string dir = scratch.path() + "/fresh-pi";  // does not exist yet
  int code = -1;
  std::string out =
      CairnUser("add owner owner@example.com --dir " + dir, "owner-password\n", &code);
  INFO(out);
  CHECK(code == 0);
  CHECK(out.find("created the data dir") != std::string::npos);
  TestServer server(dir, {"--disable-signup"});
  CHECK(LoginStatus(server, "owner", "owner-password") == 200);
  out = CairnUser("list --dir " + scratch.path() + "/typo", "", &code);
  CHECK(code == 1);
  CHECK(out.find("no Cairn data") != std::string::npos);
  RunCommand(std::string(CAIRN_BINARY) + " user frobnicate --dir " + dir + " 2>&1", &code);
  CHECK(code == 2);
}

}  // namespace
}  // namespace cairn::api_test
