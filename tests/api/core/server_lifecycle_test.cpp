// The `cairn` process: start-up, health, request logging, the data dir lock and clean shutdown.
#include <sys/stat.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("health answers ok and the data dir holds data.db, storage/ and a private secret",
          "[api][lifecycle]") {
  TestServer server;
  Reply health = server.Get("/api/health");
  CHECK(health.status == 200);
  CHECK(health.body["status"] == "ok");
  // The free space of this machine decides the level; the word is always one of three.
  const Json levels = {"ok", "low", "full"};
  CHECK(std::find(levels.begin(), levels.end(), health.body["storage"]) != levels.end());
  CHECK(health.body.size() == 7);  // and version, schema, uptime, database, storage_writable
  namespace fs = std::filesystem;
  CHECK(fs::exists(server.data_dir() + "/data.db"));
  CHECK(fs::is_directory(server.data_dir() + "/storage"));
  struct stat st {};
  REQUIRE(::stat((server.data_dir() + "/.secret").c_str(), &st) == 0);
  CHECK((st.st_mode & 0077) == 0);
}

TEST_CASE("every request is logged with method, path, status and duration", "[api][lifecycle]") {
  TestServer server;
  server.Get("/api/health");
  server.Get("/api/v1/trail/doesnotexist123");
  CHECK(server.Stop() == 0);
  const std::string log = server.ReadLog();
  CHECK(log.find("GET /api/health 200 ") != std::string::npos);
  CHECK(log.find("GET /api/v1/trail/doesnotexist123 404 ") != std::string::npos);
  CHECK(log.find("ms\n") != std::string::npos);
}

TEST_CASE("SIGTERM stops the server with exit code 0 and keeps the data", "[api][lifecycle]") {
  TestServer server;
  auto [id, token] = server.CreateUser("lifecycle");
  CHECK(server.Stop() == 0);
  // A second server on the same data dir sees the account.
  TestServer reopened(server.data_dir());
  Reply login = reopened.Post("/api/v1/auth/login",
                              {{"username", "lifecycle"}, {"password", "correct-horse"}});
  CHECK(login.status == 200);
  CHECK(login.body["record"]["id"] == id);
}

TEST_CASE("SIGTERM lets a request that is in flight finish", "[api][lifecycle]") {
  TestServer server;
  server.CreateUser("inflight");
  // A login spends ~0.1 s hashing, long enough to signal the server while it runs.
  Reply login;
  std::thread client([&] {
    login = server.Post("/api/v1/auth/login",
                        {{"username", "inflight"}, {"password", "correct-horse"}});
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  ::kill(server.pid(), SIGTERM);
  client.join();
  CHECK(login.status == 200);
  CHECK(login.body.contains("token"));
  CHECK(server.Stop() == 0);
}

TEST_CASE("a data dir in use by another process is refused with a clear message",
          "[api][lifecycle]") {
  TestServer server;
  int code = 0;
  std::string out = RunCommand(std::string(CAIRN_BINARY) +
                                   " serve --http 127.0.0.1:" + std::to_string(FreePort()) +
                                   " --dir " + server.data_dir() + " 2>&1",
                               &code);
  CHECK(code != 0);
  CHECK(out.find("in use by another cairn process") != std::string::npos);
  CHECK(server.Get("/api/health").status == 200);  // the first server is unharmed
}

TEST_CASE("a second server on a port already served is refused, not given half the connections",
          "[api][lifecycle]") {
  TestServer server;
  test_support::TempDir other;
  int code = 0;
  std::string out = RunCommand(std::string(CAIRN_BINARY) +
                                   " serve --http 127.0.0.1:" + std::to_string(server.port()) +
                                   " --dir " + other.path() + "/data 2>&1",
                               &code);
  CHECK(code != 0);
  CHECK(out.find("address in use") != std::string::npos);
  CHECK(server.Get("/api/health").status == 200);
}

TEST_CASE("the version and help flags print and exit 0, bad flags exit non-zero",
          "[api][lifecycle]") {
  int code = -1;
  std::string version = RunCommand(std::string(CAIRN_BINARY) + " --version", &code);
  CHECK(code == 0);
  CHECK(version.rfind("cairn ", 0) == 0);
  std::string help = RunCommand(std::string(CAIRN_BINARY) + " --help", &code);
  CHECK(code == 0);
  CHECK(help.find("--http") != std::string::npos);
  CHECK(help.find("--dir") != std::string::npos);
  RunCommand(std::string(CAIRN_BINARY) + " serve --http nonsense 2>&1", &code);
  CHECK(code == 2);
  RunCommand(std::string(CAIRN_BINARY) + " serve --bogus 2>&1", &code);
  CHECK(code == 2);
  for (const char* bad : {"--threads 0", "--threads 9x", "--query-timeout 0",
                          "--query-timeout 3601", "--query-timeout"}) {
    INFO(bad);
    std::string said = RunCommand(
        std::string(CAIRN_BINARY) + " serve --dir /nonexistent/x " + bad + " 2>&1", &code);
    CHECK(code == 2);
    CHECK(said.find(std::string(bad).substr(0, std::string(bad).find(' '))) != std::string::npos);
  }
  CHECK(help.find("--query-timeout") != std::string::npos);
}

// systemd may stop the service while it is still starting (a slow first start on a Pi): the
// signal must end it then too, not be lost until the unit's kill timeout.
TEST_CASE("a SIGTERM that arrives during start-up still stops the server", "[api][lifecycle]") {
  test_support::TempDir dir;
  const std::string log_path = dir.path() + "/server.log";
  const pid_t pid = ::fork();
  if (pid == 0) {
    FILE* log = std::freopen(log_path.c_str(), "w", stderr);
    (void)log;
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    const std::string port = "127.0.0.1:" + std::to_string(FreePort());
    const std::string data = dir.path() + "/data";
    ::execl(CAIRN_BINARY, CAIRN_BINARY, "serve", "--http", port.c_str(), "--dir", data.c_str(),
            static_cast<char*>(nullptr));
    _exit(127);
  }
  // The storage check is logged after the stop signals are taken over and before the server
  // listens: signal it then.
  const auto read_log = [&] {
    std::ifstream in(log_path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (read_log().find("storage: ") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::kill(pid, SIGTERM);
  int status = 0;
  deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (::waitpid(pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const bool exited = ::waitpid(pid, &status, WNOHANG) != 0;
  if (!exited) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  INFO(read_log());
  REQUIRE(exited);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("unknown routes and oversized bodies get JSON errors", "[api][lifecycle]") {
  TestServer server;
  Reply missing = server.Get("/api/v1/nothing-here");
  CHECK(missing.status == 404);
  CHECK(missing.body["detail"]["code"] == 404);
  Reply wrong_method = server.Send("DELETE", "/api/health");
  CHECK(wrong_method.status == 405);
  Reply big = server.Send("PUT", "/api/v1/trail", "", std::string(65 * 1024 * 1024, 'x'));
  CHECK(big.status == 413);
}

}  // namespace
}  // namespace cairn::api_test
