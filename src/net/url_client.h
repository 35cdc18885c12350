// Outbound HTTP(S) requests to any URL, for addresses other people choose (federation: actors,
// inboxes, objects). Unlike HttpClient, every request names its own URL, so every safeguard is
// per request: public addresses only by default, a few redirects at most, bounded size and time.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "net/address_guard.h"
#include "util/result.h"

namespace cairn::net {

struct HttpHeader {
  std::string name;
  std::string value;
};

struct UrlClientOptions {
  // kPublicOnly: no request can reach this machine or the network behind it, whatever a URL,
  // its DNS answers or a redirect say. kAnyAddress only for tests on loopback
  // (--federation-allow-private).
  AddressRule addresses = AddressRule::kPublicOnly;
  // The setting that lifts the rule, named when an address is refused.
  std::string address_setting = "--federation-allow-private";
  int max_redirects = 3;  // followed (http and https only); 0: a redirect is a failure
  std::chrono::milliseconds connect_timeout{5'000};  // TCP and TLS
  // The whole exchange, redirects included: how long one slow peer can hold a delivery worker.
  std::chrono::milliseconds total_timeout{20'000};
  // The body, after any decompression: ActivityPub documents are small; 1 MiB is room for the
  // largest actor or collection page.
  size_t max_response_bytes = 1024 * 1024;
  std::string user_agent = "cairn";
  // A PEM file of certificates to trust for https; empty: the system's CAs. Certificates are
  // always verified, chain and host name.
  std::string ca_file;
};

struct UrlResponse {
  int status = 0;            // 100..599 other than 3xx (a redirect is followed or refused)
  std::string content_type;  // as sent; may be empty
  std::string body;
  std::string final_url;  // the URL that answered: the request's, or where redirects led
  int redirects = 0;      // how many were followed
};

// A client for any http:// or https:// URL. Holds no connection between requests; copyable.
// Thread-safe: each request has its own libcurl handle. Proxies in the environment are ignored.
class UrlClient {
 public:
  // Checks the options: InvalidArgument for a timeout that is not positive, a size limit of 0,
  // or a negative redirect limit.
  static util::Result<UrlClient> Create(UrlClientOptions options);

  // GETs `url` with `headers` (Accept, Date, Signature, ...).
  util::Result<UrlResponse> Get(std::string_view url,
                                const std::vector<HttpHeader>& headers = {}) const;
  // POSTs `body` to `url` with `headers` (Content-Type, Date, Digest, Signature, ...). No
  // Content-Type is sent unless `headers` has one.
  util::Result<UrlResponse> Post(std::string_view url, std::string_view body,
                                 const std::vector<HttpHeader>& headers) const;

  // PUTs `body` to `url` as Post does; a followed redirect repeats the PUT.
  util::Result<UrlResponse> Put(std::string_view url, std::string_view body,
                                const std::vector<HttpHeader>& headers) const;

  // All answer any final status, 4xx and 5xx included, with its body. The Host header is the
  // URL's (HostHeaderValue), on each redirect the new URL's; `headers` go to every hop, so a
  // signature made for the first URL does not verify at another (it signs host and target):
  // re-sign for `final_url` to fetch it signed. A 301, 302 or 303 turns a POST into a GET.
  // They fail with
  //  - InvalidArgument when `url` is not an absolute http(s) URL with a host, holds a user or
  //    password, or a header is malformed (a name that is not a token, a value with CR, LF or
  //    NUL), or is Host, Content-Length or Transfer-Encoding (libcurl sets those);
  //  - UpstreamTimeout when connecting or the whole exchange takes too long;
  //  - UpstreamFailed when the host cannot be resolved, the connection fails, TLS fails, an
  //    address is not public under kPublicOnly (the message says so and names
  //    `address_setting`), a redirect leads to another scheme or there are more than
  //    `max_redirects`, or the body exceeds `max_response_bytes`.
  // Messages read "<display URL>: <reason>" (the URL without query and fragment) and never hold
  // the request body or header values. Blocks for the exchange; no exceptions escape.

  const UrlClientOptions& options() const { return options_; }

 private:
  explicit UrlClient(UrlClientOptions options) : options_(std::move(options)) {}

  util::Result<UrlResponse> Perform(std::string_view method, std::string_view url,
                                    std::string_view body,
                                    const std::vector<HttpHeader>& headers) const;

  UrlClientOptions options_;
};

// The Host header a request to `url` carries, as the signature of a request to it must sign
// it: the host ("[::1]" for IPv6), with ":port" unless the port is the scheme's default
// (example.org, example.org:8443). InvalidArgument when `url` is not an absolute http(s) URL.
util::Result<std::string> HostHeaderValue(std::string_view url);

// The request line's target a request to `url` carries, as a signature's (request-target) must
// sign it: the path ("/" when empty) and "?query" when there is one; never the fragment.
// InvalidArgument when `url` is not an absolute http(s) URL.
util::Result<std::string> RequestTargetOf(std::string_view url);

// "scheme://host[:port]" of `url` in lower case, the port only when it is not the scheme's
// default: what an ActivityPub object's id must share with the URL it was fetched from.
// InvalidArgument when `url` is not an absolute http(s) URL.
util::Result<std::string> OriginOf(std::string_view url);

// Whether two URLs have one origin (false when either is not an absolute http(s) URL).
bool SameOrigin(std::string_view a, std::string_view b);

// The host of `url` in lower case, without brackets for IPv6 ("example.org", "::1"): what a
// domain block is matched against. InvalidArgument as OriginOf.
util::Result<std::string> HostOf(std::string_view url);

}  // namespace cairn::net
