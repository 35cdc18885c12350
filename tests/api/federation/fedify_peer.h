// The Fedify test peer (tests/federation/fedify-peer, an independent ActivityPub implementation)
// started for one test on 127.0.0.1, with its control API; stopped when the test ends.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "api/test_server.h"

namespace cairn::api_test {

class FedifyPeer {
 public:
  FedifyPeer() {
    const std::string dir = std::string(CAIRN_SOURCE_DIR) + "/tests/federation/fedify-peer";
    if (!std::filesystem::exists(dir + "/node_modules/@fedify/fedify")) {
      throw std::runtime_error("the Fedify peer is not installed: run `make federation-deps`");
    }
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      if (::chdir(dir.c_str()) != 0) _exit(126);
      ::execlp("node", "node", "peer.mjs", "--port", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    ::close(out[1]);
    // Its first line on stdout says where it listens (a few seconds: Fedify loads).
    FILE* stream = ::fdopen(out[0], "r");
    char line[4096];
    if (!std::fgets(line, sizeof line, stream)) {
      Stop();
      throw std::runtime_error("the Fedify peer did not start");
    }
    std::fclose(stream);
    info_ = Json::parse(line);
    origin_ = info_["origin"];
    port_ = std::stoi(origin_.substr(origin_.rfind(':') + 1));
  }
  ~FedifyPeer() { Stop(); }
  FedifyPeer(const FedifyPeer&) = delete;
  FedifyPeer& operator=(const FedifyPeer&) = delete;

  const Json& info() const { return info_; }
  std::string actor() const { return info_["actor"]; }
  int port() const { return port_; }

  // GET /control/<what> ("received?type=Create", "following", ...).
  Reply Get(const std::string& what) {
    httplib::Client client("127.0.0.1", port_);
    client.set_read_timeout(30, 0);
    auto result = client.Get(("/control/" + what).c_str());
    Reply reply;
    if (!result) return reply;
    reply.status = result->status;
    reply.raw = result->body;
    reply.body = Json::parse(result->body, nullptr, false);
    return reply;
  }

  // POST /control/<action> with `body`.
  Reply Control(const std::string& action, const Json& body) {
    httplib::Client client("127.0.0.1", port_);
    client.set_read_timeout(30, 0);
    auto result = client.Post(("/control/" + action).c_str(), body.dump(), "application/json");
    Reply reply;
    if (!result) return reply;
    reply.status = result->status;
    reply.raw = result->body;
    reply.body = Json::parse(result->body, nullptr, false);
    return reply;
  }

 private:
  void Stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }

  pid_t pid_ = -1;
  Json info_;
  std::string origin_;
  int port_ = 0;
};

}  // namespace cairn::api_test
