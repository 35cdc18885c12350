// The HTTP server: a blocking thread-pool server (cpp-httplib) behind our own Request/Response.
// The only file that includes httplib.h is server.cpp.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "http/router.h"
#include "util/result.h"

namespace cairn::http {

// One answered request, as the server's observer sees it after the response was written.
struct RequestRecord {
  std::string_view method;
  std::string_view route;  // Request::route, or "none" when no handler ran (a 413, a bad request)
  int status = 0;
  double seconds = 0;
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8090;
  int threads = 32;                          // keep-alive connections each hold a thread
  size_t max_body_bytes = 64 * 1024 * 1024;  // larger bodies are refused with 413
  // Renders the body of an error the server produces itself (413, 400 bad request, ...).
  std::function<Response(int status)> error_renderer;
  // Called on the request's thread after each request was answered and logged (metrics); must be
  // thread-safe and quick. Optional.
  std::function<void(const RequestRecord&)> on_request;
};

class Server {
 public:
  Server(const Router& router, ServerOptions options);
  ~Server();

  // Binds the listening socket. Fails with a message when the address is taken or invalid.
  util::Status Bind();
  // The bound port (useful with port 0).
  int port() const { return bound_port_; }
  // Serves until Stop(); in-flight requests finish before it returns.
  util::Status Serve();
  // Stops accepting and lets Serve() return. Safe from any thread, also before Serve() runs (a
  // SIGTERM during start-up): Serve() then returns at once.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  const Router& router_;
  ServerOptions options_;
  int bound_port_ = 0;
  // The library's stop() only acts on a running loop; these two close the window before it runs.
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> serving_{false};
};

}  // namespace cairn::http
