// cpp-httplib adapter: translates requests, times them and writes one log line each.
#include "http/server.h"

#include <httplib.h>

#include <chrono>
#include <thread>

#include "util/file_handle.h"
#include "util/log.h"

namespace cairn::http {
namespace {

using Clock = std::chrono::steady_clock;
// Set when routing starts and by the handler, read by the logger after the response is written
// (same thread).
thread_local Clock::time_point request_start{};
thread_local std::string request_route;

// Moves the body and form parts out of cpp-httplib's request instead of copying them: an upload
// of 50 MB must not be held twice. The library only reads the method, path and headers after
// the handler returns.
Request Translate(httplib::Request& in) {
  Request out;
  out.method = in.method;
  out.path = in.path;
  out.raw_path = in.target.substr(0, in.target.find('?'));
  for (const auto& [k, v] : in.params) out.query.emplace_back(k, v);
  for (const auto& [k, v] : in.headers) out.headers.emplace(k, v);
  out.body = std::move(in.body);
  for (auto& [name, file] : in.files) {
    out.form_parts.push_back(
        {name, std::move(file.filename), std::move(file.content_type), std::move(file.content)});
  }
  out.remote_address = in.remote_addr;
  return out;
}

constexpr size_t kFileChunkBytes = 64 * 1024;

void Apply(const Response& response, httplib::Response& out) {
  out.status = response.status;
  for (const auto& [k, v] : response.headers) out.set_header(k, v);
  if (response.status == 304) return;  // headers only; the handler set Content-Length
  // Viewed bytes are written from where they are (the provider keeps their owner alive), so a
  // compiled-in asset is not copied for each request. cpp-httplib takes a provider of length 0
  // for one of unknown length, so an empty view is sent as an empty body.
  if (!response.file_body && response.view_body) {
    const ViewBody body = *response.view_body;
    if (body.bytes.empty()) {
      out.set_content("", response.content_type);
      return;
    }
    out.set_content_provider(body.bytes.size(), response.content_type,
                             [body](size_t offset, size_t length, httplib::DataSink& sink) {
                               return sink.write(body.bytes.data() + offset, length);
                             });
    return;
  }
  if (!response.file_body) {
    out.set_content(response.body, response.content_type);
    return;
  }
  // Streamed in small pieces from the open file: 20 concurrent photo downloads cost 20 buffers
  // of 64 KiB, not 20 photos.
  const FileBody body = *response.file_body;
  out.set_content_provider(body.length, response.content_type,
                           [body](size_t offset, size_t length, httplib::DataSink& sink) {
                             char buffer[kFileChunkBytes];
                             auto read = body.file->ReadAt(body.offset + offset, buffer,
                                                           std::min(length, sizeof buffer));
                             // A file that shrank or failed mid-way ends the connection rather than
                             // sending less than Content-Length promised.
                             if (!read.ok() || *read == 0) return false;
                             return sink.write(buffer, *read);
                           });
}

}  // namespace

struct Server::Impl {
  httplib::Server server;
};

Server::Server(const Router& router, ServerOptions options)
    : impl_(std::make_unique<Impl>()), router_(router), options_(std::move(options)) {
  auto& svr = impl_->server;
  const int threads = options_.threads;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  svr.set_payload_max_length(options_.max_body_bytes);
  svr.set_keep_alive_max_count(1000);
  svr.set_keep_alive_timeout(5);
  svr.set_tcp_nodelay(true);
  // SO_REUSEADDR only, so a restart binds while old connections linger in TIME_WAIT. The
  // library's default, SO_REUSEPORT, lets a second server bind the same port and silently take
  // half of the connections; a second server must fail with "address in use" instead.
  svr.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  svr.set_pre_routing_handler([](const httplib::Request&, httplib::Response&) {
    request_start = Clock::now();
    return httplib::Server::HandlerResponse::Unhandled;
  });
  auto handler = [this](const httplib::Request& const_req, httplib::Response& res) {
    // The request object is the server loop's own and ours to change until we return: we move
    // its body out (no second copy of an upload) and drop its Range header (below).
    auto& req = const_cast<httplib::Request&>(const_req);
    Request request = Translate(req);
    Response response;
    try {
      response = router_.Dispatch(request);
    } catch (const std::exception& e) {
      util::LogError("handler for " + req.method + " " + req.path + " threw: " + e.what());
      response = options_.error_renderer ? options_.error_renderer(500)
                                         : Response{500, "text/plain", "Internal error", {}};
    }
    // cpp-httplib would cut any response to a client's Range header, even a JSON document, and
    // still answer 200. Ranges are optional for servers (RFC 9110), so whole bodies it is.
    req.ranges.clear();
    // cpp-httplib (0.11) compresses a text/* or exactly "application/json" body, br before gzip,
    // when Accept-Encoding names them: it adds no Vary, and it encodes again a body the handler
    // already encoded (two Content-Encodings). Such a handler turns this off.
    if (!response.server_may_compress) {
      req.headers.erase("Accept-Encoding");
    } else if (response.content_type.starts_with("text/") ||
               response.content_type == "application/json") {
      res.set_header("Vary", "Accept-Encoding");
      // Its brotli runs at quality 11: 250-730 ms for a 97 KB JSON list where gzip takes 40 ms
      // here, seconds on a Raspberry Pi. Clients that take br take gzip too.
      const std::string accepted = req.get_header_value("Accept-Encoding");
      req.headers.erase("Accept-Encoding");
      if (accepted.find("gzip") != std::string::npos)
        req.headers.emplace("Accept-Encoding", "gzip");
    }
    request_route = request.route;
    Apply(response, res);
  };
  svr.Get(".*", handler);
  svr.Delete(".*", handler);
  svr.Options(".*", handler);
  svr.Post(".*", handler);
  svr.Put(".*", handler);
  svr.Patch(".*", handler);
  svr.set_error_handler(
      httplib::Server::HandlerWithResponse([this](const httplib::Request&, httplib::Response& res) {
        // Only fill errors nobody rendered (oversized bodies, malformed requests).
        if (!res.body.empty() || !options_.error_renderer) {
          return httplib::Server::HandlerResponse::Unhandled;
        }
        Apply(options_.error_renderer(res.status), res);
        return httplib::Server::HandlerResponse::Handled;
      }));
  svr.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
    double ms = -1;
    if (request_start != Clock::time_point{}) {
      ms = std::chrono::duration<double, std::milli>(Clock::now() - request_start).count();
      request_start = Clock::time_point{};
    }
    const std::string route = request_route.empty() ? "none" : std::move(request_route);
    request_route.clear();
    // The path without its query string: a share link's token stays out of the log.
    util::LogRequest(
        {.method = req.method, .path = req.path, .route = route, .status = res.status, .ms = ms});
    if (options_.on_request) {
      options_.on_request({.method = req.method,
                           .route = route,
                           .status = res.status,
                           .seconds = ms < 0 ? 0 : ms / 1000});
    }
  });
}

Server::~Server() = default;

util::Status Server::Bind() {
  if (options_.port == 0) {
    bound_port_ = impl_->server.bind_to_any_port(options_.host);
    if (bound_port_ <= 0) return util::Error::Internal("cannot bind to " + options_.host);
    return util::OkStatus();
  }
  if (!impl_->server.bind_to_port(options_.host, options_.port)) {
    return util::Error::Internal("cannot listen on " + options_.host + ":" +
                                 std::to_string(options_.port) +
                                 " (address in use or not available)");
  }
  bound_port_ = options_.port;
  return util::OkStatus();
}

util::Status Server::Serve() {
  // Announce first, then look (Stop does the reverse): one of the two sees the other's flag.
  serving_ = true;
  if (stop_requested_) {
    serving_ = false;
    return util::OkStatus();
  }
  const bool clean = impl_->server.listen_after_bind() || !impl_->server.is_running();
  serving_ = false;
  if (!clean) return util::Error::Internal("the HTTP server stopped unexpectedly");
  return util::OkStatus();
}

void Server::Stop() {
  stop_requested_ = true;
  // Serve() may be between its check and the loop's start: wait for the loop, which the
  // library's stop() can end, or for Serve() to return.
  while (serving_ && !impl_->server.is_running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  impl_->server.stop();
}

}  // namespace cairn::http
