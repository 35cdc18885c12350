// Starts the real `cairn` binary on 127.0.0.1 with a fresh data dir, and talks to it over TCP.
#pragma once

#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "test_support/temp_dir.h"

namespace cairn::api_test {

using Json = nlohmann::json;

// A free TCP port on loopback (the kernel picks one; the tiny race before the server binds it is
// acceptable in tests).
inline int FreePort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

// Percent-encodes a query parameter value.
inline std::string Url(const std::string& text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

// Runs a shell command and returns what it printed on stdout; `exit_code` gets its status.
inline std::string RunCommand(const std::string& command, int* exit_code) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
  int status = ::pclose(pipe);
  *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

struct Reply {
  int status = 0;
  Json body;
  std::string raw;
  httplib::Headers headers;

  std::string Header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

// One server process per instance, stopped with SIGTERM when destroyed.
// A multipart/form-data body with the given fields; `files` are (field, filename, content).
inline std::pair<std::string, std::string> Multipart(
    const std::vector<std::pair<std::string, std::string>>& fields,
    const std::vector<std::tuple<std::string, std::string, std::string>>& files) {
  const std::string boundary = "----cairn-test-boundary-7f3a";
  std::string body;
  for (const auto& [name, value] : fields) {
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" +
            value + "\r\n";
  }
  for (const auto& [name, filename, content] : files) {
    body += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name +
            "\"; filename=\"" + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n" +
            content + "\r\n";
  }
  body += "--" + boundary + "--\r\n";
  return {body, "multipart/form-data; boundary=" + boundary};
}

class TestServer {
 public:
  // Starts on a fresh data dir, or on `existing_data_dir` when given (to test restarts).
  explicit TestServer(std::string existing_data_dir = "", std::vector<std::string> extra_args = {})
      : port_(FreePort()) {
    data_dir_ = existing_data_dir.empty() ? dir_.path() + "/data" : existing_data_dir;
    Start(std::move(extra_args));
  }
  ~TestServer() {
    if (pid_ > 0) Stop();
  }

  // Sends SIGTERM and returns the exit status (0 on a clean stop).
  int Stop() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  const std::string& data_dir() const { return data_dir_; }
  int port() const { return port_; }
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
  pid_t pid() const { return pid_; }

  Reply Send(const std::string& method, const std::string& path, const std::string& token = "",
             const std::string& body = "", const std::string& content_type = "application/json") {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    return SendWithHeaders(method, path, headers, body, content_type);
  }

  // Like Send, with any headers (Cookie, Origin, X-Forwarded-For, ...).
  Reply SendWithHeaders(const std::string& method, const std::string& path,
                        const httplib::Headers& headers, const std::string& body = "",
                        const std::string& content_type = "application/json") {
    httplib::Client client("127.0.0.1", port_);
    client.set_read_timeout(30, 0);
    httplib::Result result{nullptr, httplib::Error::Unknown};
    if (method == "GET") {
      result = client.Get(path.c_str(), headers);
    } else if (method == "HEAD") {
      result = client.Head(path.c_str(), headers);
    } else if (method == "DELETE") {
      result = client.Delete(path.c_str(), headers);
    } else if (method == "PUT") {
      result = client.Put(path.c_str(), headers, body, content_type.c_str());
    } else if (method == "POST") {
      result = client.Post(path.c_str(), headers, body, content_type.c_str());
    } else {
      throw std::invalid_argument("unsupported method " + method);
    }
    Reply reply;
    if (!result) return reply;  // status 0: connection failed
    reply.status = result->status;
    reply.raw = result->body;
    reply.headers = result->headers;
    reply.body = Json::parse(result->body, nullptr, false);
    return reply;
  }

  // Sends `raw` bytes as the whole request and returns the status code of the reply (0 if none).
  // For requests an HTTP client would "fix", such as a POST without Content-Type.
  int SendRaw(const std::string& raw) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<uint16_t>(port_));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
      ::close(fd);
      return 0;
    }
    // A short write shows in the status read back; glibc's fortified write() must be checked.
    if (::write(fd, raw.data(), raw.size()) < 0) {
      ::close(fd);
      return 0;
    }
    char buf[64] = {0};
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n < 12) return 0;
    return std::atoi(buf + 9);  // "HTTP/1.1 400 ..."
  }

  Reply Get(const std::string& path, const std::string& token = "") {
    return Send("GET", path, token);
  }
  Reply Put(const std::string& path, const Json& body, const std::string& token = "") {
    return Send("PUT", path, token, body.dump());
  }
  Reply Post(const std::string& path, const Json& body, const std::string& token = "") {
    return Send("POST", path, token, body.dump());
  }
  Reply Delete(const std::string& path, const std::string& token = "") {
    return Send("DELETE", path, token);
  }

  // Creates a trail of `author` (public unless `fields` says) with `fields`; returns its id.
  std::string CreateTrail(const std::string& token, const std::string& author, Json fields) {
    fields["author"] = author;
    if (!fields.contains("public")) fields["public"] = true;
    Reply r = Put("/api/v1/trail", fields, token);
    if (r.status != 200) throw std::runtime_error("trail: " + r.raw);
    return r.body["id"];
  }

  // Signs up and logs in a user; returns {id, token}.
  std::pair<std::string, std::string> CreateUser(const std::string& username,
                                                 const std::string& password = "correct-horse") {
    Reply signup = Put("/api/v1/user", {{"username", username},
                                        {"email", username + "@example.com"},
                                        {"password", password},
                                        {"passwordConfirm", password}});
    if (signup.status != 200) throw std::runtime_error("sign-up failed: " + signup.raw);
    Reply login = Post("/api/v1/auth/login", {{"username", username}, {"password", password}});
    if (login.status != 200) throw std::runtime_error("login failed: " + login.raw);
    return {login.body["record"]["id"], login.body["token"]};
  }

 private:
  void Start(std::vector<std::string> extra_args) {
    std::vector<std::string> args = {
        CAIRN_BINARY, "serve", "--http", "127.0.0.1:" + std::to_string(port_), "--dir", data_dir_};
    // "{origin}" in an argument is this server's own address (a --public-url that must name
    // the port it was given).
    for (std::string& arg : extra_args) {
      if (const size_t at = arg.find("{origin}"); at != std::string::npos) {
        arg.replace(at, 8, origin());
      }
    }
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    log_path_ = dir_.path() + "/server.log";
    pid_ = ::fork();
    if (pid_ == 0) {
      // Both streams to the log: a server that outlives this process (a failed start) must not
      // hold the test runner's pipe open.
      FILE* log = std::freopen(log_path_.c_str(), "w", stderr);
      (void)log;
      ::dup2(STDERR_FILENO, STDOUT_FILENO);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      _exit(127);
    }
    // Generous for emulated (qemu-user) and loaded machines; a healthy start takes milliseconds.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
      httplib::Client client("127.0.0.1", port_);
      if (auto r = client.Get("/api/health"); r && r->status == 200) return;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("cairn exited during start-up; see " + log_path_);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // The constructor throws, so no destructor stops it: stop it here.
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    throw std::runtime_error("cairn did not answer /api/health within 60 s; see " + log_path_);
  }

 public:
  std::string ReadLog() const {
    std::string out;
    if (FILE* f = std::fopen(log_path_.c_str(), "r")) {
      char buf[4096];
      size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
      std::fclose(f);
    }
    return out;
  }

 private:
  test_support::TempDir dir_;
  std::string data_dir_;
  std::string log_path_;
  int port_;
  pid_t pid_ = -1;
};

}  // namespace cairn::api_test
