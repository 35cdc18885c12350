// One HTTP(S) exchange through libcurl with the safeguards every outbound request shares:
// bounded time and size, verified TLS, no proxy from the environment, an address guard checked
// on every connection, and failures read into reasons a person can act on. HttpClient (a fixed
// server) and UrlClient (any URL) differ only in what they allow and how they name a request.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "net/address_guard.h"
#include "util/result.h"

namespace cairn::net::internal {

struct Transfer {
  std::string url;          // absolute http:// or https:// URL, as libcurl is to fetch it
  std::string_view method;  // "GET" or "POST"
  std::string_view body;    // sent with a POST
  std::vector<std::string> header_lines;  // "Name: value", "Name:" to suppress libcurl's own
  std::string proxy;    // "": straight to the server, whatever the environment says
  std::string ca_file;  // "": the system's CAs
  // Said after a refused certificate: "name that certificate with --routing-ca". "": nothing.
  std::string ca_hint;
  // Said after an address `addresses` refuses: "(--federation-allow-private lifts this)".
  std::string address_hint;
  AddressRule addresses = AddressRule::kAnyAddress;
  std::chrono::milliseconds connect_timeout{5'000};
  std::chrono::milliseconds total_timeout{30'000};
  size_t max_response_bytes = 1024 * 1024;  // the body, after any decompression
  std::string user_agent = "cairn";
  // Redirects followed (http and https only, each connection's address checked); 0: none.
  long max_redirects = 0;
  // Said after a redirect that is not followed: ", which is not followed: configure ...".
  std::string redirect_note;
};

struct TransferAnswer {
  long status = 0;           // 100..599, never 3xx
  std::string content_type;  // as sent; may be empty
  std::string body;
  std::string final_url;  // the URL that answered, after any redirects
  long redirects = 0;     // how many were followed
};

// Performs `transfer`. Any status but a redirect is an answer. Fails with UpstreamTimeout
// (connecting or the whole exchange took too long) or UpstreamFailed (no such host, refused or
// dropped connection, TLS failure, a refused address, too many redirects or one to another scheme,
// a redirect not followed, a status outside 100..599, a body over the limit), and Internal when
// libcurl cannot be set up; the message is the reason alone, for the caller to prefix with what was
// asked of whom, and never holds the request body.
util::Result<TransferAnswer> PerformTransfer(const Transfer& transfer);

// "5 s" or "400 ms", for messages.
std::string Seconds(std::chrono::milliseconds duration);

}  // namespace cairn::net::internal
