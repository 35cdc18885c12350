// Requests to URLs others choose: each URL and header checked before libcurl sees it, then the
// shared transfer with redirects, the address guard on every hop, and federation's limits.
#include "net/url_client.h"

#include <algorithm>

#include "net/curl_transfer.h"
#include "net/curl_url.h"
#include "util/text.h"

namespace cairn::net {
namespace {

using internal::CurlUrl;
using internal::UrlPart;

// A request URL parsed and checked, with what messages may show of it.
struct CheckedUrl {
  CurlUrl url;
  std::string scheme;
  std::string display;  // scheme://host[:port]/path
};

util::Result<CheckedUrl> CheckUrl(std::string_view text) {
  auto parsed = internal::ParseUrl(std::string(text));
  if (!parsed.ok()) return util::Error::InvalidArgument("the URL " + parsed.error().message);
  CheckedUrl checked{.url = std::move(parsed).value()};
  CURLU* url = checked.url.get();
  checked.scheme = UrlPart(url, CURLUPART_SCHEME);
  if (checked.scheme != "http" && checked.scheme != "https") {
    return util::Error::InvalidArgument("the URL must start with http:// or https://");
  }
  const std::string host = UrlPart(url, CURLUPART_HOST);
  if (host.empty()) return util::Error::InvalidArgument("the URL needs a host");
  // Federation URLs carry no credentials; one that does was made to leak them.
  if (!UrlPart(url, CURLUPART_USER).empty() || !UrlPart(url, CURLUPART_PASSWORD).empty()) {
    return util::Error::InvalidArgument("the URL must not hold a user name or password");
  }
  const std::string port = UrlPart(url, CURLUPART_PORT);
  checked.display = checked.scheme + "://" + host + (port.empty() ? "" : ":" + port) +
                    UrlPart(url, CURLUPART_PATH);
  return checked;
}

// RFC 9110 token characters.
bool IsToken(std::string_view name) {
  constexpr std::string_view kSymbols = "!#$%&'*+-.^_`|~";
  return !name.empty() && std::all_of(name.begin(), name.end(), [&](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           kSymbols.find(c) != std::string_view::npos;
  });
}

util::Status CheckHeader(const HttpHeader& header) {
  if (!IsToken(header.name)) {
    return util::Error::InvalidArgument("\"" + header.name + "\" is not a header name");
  }
  for (const char* owned : {"Host", "Content-Length", "Transfer-Encoding"}) {
    if (util::EqualsIgnoringAsciiCase(header.name, owned)) {
      return util::Error::InvalidArgument("the " + std::string(owned) +
                                          " header is set from the URL and the body");
    }
  }
  if (header.value.find_first_of(std::string_view("\r\n\0", 3)) != std::string::npos) {
    return util::Error::InvalidArgument("the " + header.name +
                                        " header's value holds a line break");
  }
  return util::OkStatus();
}

bool HasHeader(const std::vector<HttpHeader>& headers, std::string_view name) {
  return std::any_of(headers.begin(), headers.end(), [&](const HttpHeader& header) {
    return util::EqualsIgnoringAsciiCase(header.name, name);
  });
}

}  // namespace

util::Result<UrlClient> UrlClient::Create(UrlClientOptions options) {
  if (options.connect_timeout.count() <= 0 || options.total_timeout.count() <= 0) {
    return util::Error::InvalidArgument("timeouts must be positive");
  }
  if (options.max_response_bytes == 0) {
    return util::Error::InvalidArgument("the answer's size limit must be positive");
  }
  if (options.max_redirects < 0) {
    return util::Error::InvalidArgument("the redirect limit cannot be negative");
  }
  return UrlClient(std::move(options));
}

util::Result<UrlResponse> UrlClient::Get(std::string_view url,
                                         const std::vector<HttpHeader>& headers) const {
  return Perform("GET", url, {}, headers);
}

util::Result<UrlResponse> UrlClient::Post(std::string_view url, std::string_view body,
                                          const std::vector<HttpHeader>& headers) const {
  return Perform("POST", url, body, headers);
}

util::Result<UrlResponse> UrlClient::Put(std::string_view url, std::string_view body,
                                         const std::vector<HttpHeader>& headers) const {
  return Perform("PUT", url, body, headers);
}

util::Result<UrlResponse> UrlClient::Perform(std::string_view method, std::string_view url,
                                             std::string_view body,
                                             const std::vector<HttpHeader>& headers) const {
  CAIRN_ASSIGN_OR_RETURN(CheckedUrl checked, CheckUrl(url));
  internal::Transfer transfer{
      .url = UrlPart(checked.url.get(), CURLUPART_URL),
      .method = method,
      .body = body,
      .proxy = "",
      .ca_file = options_.ca_file,
      .address_hint = options_.address_setting.empty()
                          ? ""
                          : "(" + options_.address_setting + " lifts this, for tests)",
      .addresses = options_.addresses,
      .connect_timeout = options_.connect_timeout,
      .total_timeout = options_.total_timeout,
      .max_response_bytes = options_.max_response_bytes,
      .user_agent = options_.user_agent,
      .max_redirects = options_.max_redirects,
      .redirect_note = " that was not followed",
  };
  for (const HttpHeader& header : headers) {
    CAIRN_RETURN_IF_ERROR(CheckHeader(header));
    // "Name;" is libcurl's way to send a header with an empty value.
    transfer.header_lines.push_back(header.value.empty() ? header.name + ";"
                                                         : header.name + ": " + header.value);
  }
  // Without one, libcurl would label a POST body as a form.
  if ((method == "POST" || method == "PUT") && !HasHeader(headers, "Content-Type")) {
    transfer.header_lines.push_back("Content-Type:");
  }
  const auto failed = [&](util::ErrorKind kind, std::string reason) {
    std::replace_if(
        reason.begin(), reason.end(), [](char c) { return c >= 0 && c < 0x20; }, '?');
    return util::Error{kind, checked.display + ": " + reason};
  };
  auto answer = internal::PerformTransfer(transfer);
  if (!answer.ok()) {
    util::Error error = std::move(answer).error();
    return failed(error.kind, std::move(error.message));
  }
  return UrlResponse{.status = static_cast<int>(answer->status),
                     .content_type = std::move(answer->content_type),
                     .body = std::move(answer->body),
                     .final_url = std::move(answer->final_url),
                     .redirects = static_cast<int>(answer->redirects)};
}

util::Result<std::string> HostHeaderValue(std::string_view url) {
  CAIRN_ASSIGN_OR_RETURN(CheckedUrl checked, CheckUrl(url));
  // libcurl gives an IPv6 host in brackets, as the Host header has it.
  const std::string host = UrlPart(checked.url.get(), CURLUPART_HOST);
  const std::string port = UrlPart(checked.url.get(), CURLUPART_PORT);
  const bool default_port = port.empty() || (checked.scheme == "http" && port == "80") ||
                            (checked.scheme == "https" && port == "443");
  return default_port ? host : host + ":" + port;
}

util::Result<std::string> OriginOf(std::string_view url) {
  CAIRN_ASSIGN_OR_RETURN(CheckedUrl checked, CheckUrl(url));
  CAIRN_ASSIGN_OR_RETURN(std::string authority, HostHeaderValue(url));
  return util::LowercaseAscii(checked.scheme + "://" + authority);
}

bool SameOrigin(std::string_view a, std::string_view b) {
  auto origin_a = OriginOf(a);
  auto origin_b = OriginOf(b);
  return origin_a.ok() && origin_b.ok() && *origin_a == *origin_b;
}

util::Result<std::string> HostOf(std::string_view url) {
  CAIRN_ASSIGN_OR_RETURN(CheckedUrl checked, CheckUrl(url));
  std::string host = util::LowercaseAscii(UrlPart(checked.url.get(), CURLUPART_HOST));
  if (host.size() > 1 && host.front() == '[') host = host.substr(1, host.size() - 2);
  return host;
}

util::Result<std::string> RequestTargetOf(std::string_view url) {
  CAIRN_ASSIGN_OR_RETURN(CheckedUrl checked, CheckUrl(url));
  std::string target = UrlPart(checked.url.get(), CURLUPART_PATH);
  if (target.empty()) target = "/";
  const std::string query = UrlPart(checked.url.get(), CURLUPART_QUERY);
  return query.empty() ? target : target + "?" + query;
}

}  // namespace cairn::net
