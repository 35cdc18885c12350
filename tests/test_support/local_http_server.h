// A real HTTP (or HTTPS) server on 127.0.0.1 inside the test process (cpp-httplib), which records
// every request it gets and answers as the test's handlers say: a stand-in for the servers Cairn
// calls out to (Valhalla, later federation peers).
#pragma once

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace cairn::test_support {

// A loopback port nothing listens on (the kernel picked it and it was let go again).
inline int UnusedLoopbackPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

struct RecordedRequest {
  std::string method;
  std::string target;  // the request line's target: path and query as sent
  std::string path;    // decoded, without the query
  std::string body;
  httplib::Headers headers;

  std::string Header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

class LocalHttpServer {
 public:
  // Plain HTTP.
  LocalHttpServer() : server_(std::make_unique<httplib::Server>()) { Start(); }
  // HTTPS with the given certificate and key (PEM files).
  LocalHttpServer(const std::string& cert_path, const std::string& key_path)
      : server_(std::make_unique<httplib::SSLServer>(cert_path.c_str(), key_path.c_str())),
        scheme_("https") {
    Start();
  }
  ~LocalHttpServer() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    stopped_.notify_all();
    server_->stop();
    if (thread_.joinable()) thread_.join();
  }
  LocalHttpServer(const LocalHttpServer&) = delete;
  LocalHttpServer& operator=(const LocalHttpServer&) = delete;

  // Handlers, set before requests arrive. Their requests are recorded with their bodies; those
  // no handler answers are recorded without (cpp-httplib reads a body only for a handler).
  void Get(const std::string& pattern, httplib::Server::Handler handler) {
    server_->Get(pattern, Recorded(std::move(handler)));
  }
  void Post(const std::string& pattern, httplib::Server::Handler handler) {
    server_->Post(pattern, Recorded(std::move(handler)));
  }
  int port() const { return port_; }
  std::string url() const { return scheme_ + "://127.0.0.1:" + std::to_string(port_); }

  // Every request received so far, in order (also those no handler answered).
  std::vector<RecordedRequest> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }

  // For a handler that plays a slow server: returns after `duration`, or as soon as the server
  // is being destroyed, so a test never waits for a sleeping handler.
  void Wait(std::chrono::milliseconds duration) {
    std::unique_lock lock(mutex_);
    stopped_.wait_for(lock, duration, [this] { return stopping_; });
  }

 private:
  void Start() {
    if (!server_->is_valid()) throw std::runtime_error("test HTTP server: bad certificate or key");
    server_->set_pre_routing_handler([this](const httplib::Request& request, httplib::Response&) {
      std::lock_guard lock(mutex_);
      unread_[&request] = requests_.size();
      requests_.push_back({request.method, request.target, request.path, "", request.headers});
      return httplib::Server::HandlerResponse::Unhandled;
    });
    port_ = server_->bind_to_any_port("127.0.0.1");
    if (port_ <= 0) throw std::runtime_error("test HTTP server: cannot bind 127.0.0.1");
    thread_ = std::thread([this] { server_->listen_after_bind(); });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!server_->is_running() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }

  // `handler`, after the body it was given is added to the request's record.
  httplib::Server::Handler Recorded(httplib::Server::Handler handler) {
    return [this, handler = std::move(handler)](const httplib::Request& request,
                                                httplib::Response& response) {
      {
        std::lock_guard lock(mutex_);
        if (auto it = unread_.find(&request); it != unread_.end()) {
          requests_[it->second].body = request.body;
          unread_.erase(it);
        }
      }
      handler(request, response);
    };
  }

  std::unique_ptr<httplib::Server> server_;
  std::string scheme_ = "http";
  int port_ = 0;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::condition_variable stopped_;
  bool stopping_ = false;
  std::vector<RecordedRequest> requests_;
  // Requests being answered, by address, to the index of their record.
  std::map<const httplib::Request*, size_t> unread_;
};

}  // namespace cairn::test_support
