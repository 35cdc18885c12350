// Outbound HTTP(S) requests to one server the configuration names, through libcurl.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

#include "net/address_guard.h"
#include "util/result.h"

namespace cairn::net {

struct HttpClientOptions {
  // What the server is, for messages: "routing server", "elevation server".
  std::string name = "server";
  // http:// or https://, host, optional port and path (a prefix of every request's path). It may
  // hold user:password@ (sent as Basic authentication) and a ?query (an API key), appended to
  // every request; neither ever appears in a message.
  std::string base_url;
  // A PEM file of certificates to trust for https (a self-signed server, a private CA); empty:
  // the system's CAs. Certificates are always verified, chain and host name.
  std::string ca_file;
  // The setting that names `ca_file`, for the message of a refused certificate ("--routing-ca").
  std::string ca_setting;
  // A proxy URL to go through; empty: straight to the server, whatever http_proxy, https_proxy
  // or all_proxy in the environment say.
  std::string proxy;
  AddressRule addresses = AddressRule::kAnyAddress;
  std::chrono::milliseconds connect_timeout{5'000};  // TCP and TLS
  std::chrono::milliseconds total_timeout{30'000};   // the whole exchange, connecting included
  size_t max_response_bytes = 8 * 1024 * 1024;       // the body, after any decompression
  std::string user_agent = "cairn";
};

struct HttpResponse {
  int status = 0;            // 100..599; never a 3xx, which is an error (see below)
  std::string content_type;  // as sent, e.g. "application/json;charset=utf-8"; may be empty
  std::string body;
};

// A client for the one server of `options.base_url`: every request goes to that scheme, host and
// port, under its path; a request's own path can only extend it. Redirects are never followed.
// Holds no connection between requests; copyable. Thread-safe: each request has its own
// libcurl handle.
class HttpClient {
 public:
  // Checks the options. Fails with InvalidArgument naming the problem: a base URL that is not an
  // absolute http:// or https:// URL with a host (another scheme, a fragment, a malformed one), a
  // timeout that is not positive, a size limit of 0.
  static util::Result<HttpClient> Create(HttpClientOptions options);

  // POSTs `json` (Content-Type: application/json) to the base URL's path followed by `path`.
  util::Result<HttpResponse> PostJson(std::string_view path, std::string_view json) const;
  // GETs the base URL's path followed by `path`.
  util::Result<HttpResponse> Get(std::string_view path) const;

  // The base URL without user, password and query: for logs and messages.
  const std::string& display_url() const { return display_url_; }
  const HttpClientOptions& options() const { return options_; }

  // Both requests answer any status the server sends, 4xx and 5xx included, with its body; the
  // caller decides what a status means. `path` must start with '/' and hold only letters,
  // digits and "-._~/", with no "." or ".." segment (InvalidArgument otherwise: a bug).
  // They fail with
  //  - UpstreamTimeout when connecting takes longer than `connect_timeout` or the whole
  //    exchange longer than `total_timeout`;
  //  - UpstreamFailed when the host cannot be resolved, refuses or drops the connection, the
  //    TLS handshake fails or the certificate is not trusted (the message names the CA file
  //    option to set), the address is refused by `addresses`, the answer is a redirect (not
  //    followed), or its body exceeds `max_response_bytes`.
  // Messages read "<name> <display URL of the request>: <reason>" and never hold the password,
  // the query or the request body. Blocks for the exchange; no exceptions escape.

 private:
  HttpClient(HttpClientOptions options, std::string display_url)
      : options_(std::move(options)), display_url_(std::move(display_url)) {}

  util::Result<HttpResponse> Perform(std::string_view method, std::string_view path,
                                     std::string_view body) const;

  HttpClientOptions options_;
  std::string display_url_;
};

}  // namespace cairn::net
