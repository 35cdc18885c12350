// HTTP requests with libcurl: a fixed destination, bounded time and size, verified TLS, and
// errors a person can act on.
#include "net/http_client.h"

#include <algorithm>

#include "net/curl_transfer.h"
#include "net/curl_url.h"

namespace cairn::net {
namespace {

using internal::ParseUrl;
using internal::UrlPart;

// The base URL's path and a request's path as one: "/valhalla" + "/route".
std::string JoinPath(std::string base, std::string_view path) {
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base + std::string(path);
}

// A request path may only extend the base path: no query, no escape, no "." or ".." segment.
bool IsPlainPath(std::string_view path) {
  if (path.empty() || path[0] != '/') return false;
  constexpr std::string_view kAllowed =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/";
  if (path.find_first_not_of(kAllowed) != std::string_view::npos) return false;
  size_t start = 1;
  while (start <= path.size()) {
    const size_t end = std::min(path.find('/', start), path.size());
    const std::string_view segment = path.substr(start, end - start);
    if (segment == "." || segment == "..") return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

util::Result<HttpClient> HttpClient::Create(HttpClientOptions options) {
  auto parsed = ParseUrl(options.base_url);
  // Not quoted back: the URL may hold a password.
  if (!parsed.ok()) return std::move(parsed).error();
  CURLU* url = parsed->get();
  const std::string scheme = UrlPart(url, CURLUPART_SCHEME);
  if (scheme != "http" && scheme != "https") {
    return util::Error::InvalidArgument("must start with http:// or https://");
  }
  const std::string host = UrlPart(url, CURLUPART_HOST);
  if (host.empty()) return util::Error::InvalidArgument("needs a host name or an address");
  if (!UrlPart(url, CURLUPART_FRAGMENT).empty()) {
    return util::Error::InvalidArgument("must not have a #fragment");
  }
  if (options.connect_timeout.count() <= 0 || options.total_timeout.count() <= 0) {
    return util::Error::InvalidArgument("timeouts must be positive");
  }
  if (options.max_response_bytes == 0) {
    return util::Error::InvalidArgument("the answer's size limit must be positive");
  }
  const std::string port = UrlPart(url, CURLUPART_PORT);
  std::string path = JoinPath(UrlPart(url, CURLUPART_PATH), "");
  std::string display = scheme + "://" + host + (port.empty() ? "" : ":" + port) + path;
  return HttpClient(std::move(options), std::move(display));
}

util::Result<HttpResponse> HttpClient::PostJson(std::string_view path,
                                                std::string_view json) const {
  return Perform("POST", path, json);
}

util::Result<HttpResponse> HttpClient::Get(std::string_view path) const {
  return Perform("GET", path, {});
}

util::Result<HttpResponse> HttpClient::Perform(std::string_view method, std::string_view path,
                                               std::string_view body) const {
  if (!IsPlainPath(path)) {
    return util::Error::InvalidArgument(options_.name + ": \"" + std::string(path) +
                                        "\" is not a plain path under the base URL");
  }
  const std::string shown = display_url_ + std::string(path);
  CAIRN_ASSIGN_OR_RETURN(internal::CurlUrl url, ParseUrl(options_.base_url));
  const std::string password = UrlPart(url.get(), CURLUPART_PASSWORD);
  const std::string query = UrlPart(url.get(), CURLUPART_QUERY);
  // What libcurl says may quote the URL: the password and the query (an API key) are masked.
  const auto failed = [&](util::ErrorKind kind, std::string reason) {
    for (const std::string& secret : {password, query}) {
      if (secret.empty()) continue;
      for (size_t at = reason.find(secret); at != std::string::npos; at = reason.find(secret, at)) {
        reason.replace(at, secret.size(), "***");
      }
    }
    std::replace_if(
        reason.begin(), reason.end(), [](char c) { return c >= 0 && c < 0x20; }, '?');
    return util::Error{kind, options_.name + " " + shown + ": " + reason};
  };
  const std::string joined = JoinPath(UrlPart(url.get(), CURLUPART_PATH), path);
  if (curl_url_set(url.get(), CURLUPART_PATH, joined.c_str(), 0) != CURLUE_OK) {
    return failed(util::ErrorKind::kInternal, "the path could not be set");
  }

  internal::Transfer transfer{
      .url = UrlPart(url.get(), CURLUPART_URL),
      .method = method,
      .body = body,
      .header_lines = {"Accept: application/json"},
      .proxy = options_.proxy,
      .ca_file = options_.ca_file,
      .ca_hint =
          "If the server uses a self-signed certificate or a private CA, name that "
          "certificate with " +
          (options_.ca_setting.empty() ? "a CA file" : options_.ca_setting),
      .addresses = options_.addresses,
      .connect_timeout = options_.connect_timeout,
      .total_timeout = options_.total_timeout,
      .max_response_bytes = options_.max_response_bytes,
      .user_agent = options_.user_agent,
      .max_redirects = 0,
      .redirect_note = ", which is not followed: configure the address it points to",
  };
  if (method == "POST") transfer.header_lines.push_back("Content-Type: application/json");
  auto answer = internal::PerformTransfer(transfer);
  if (!answer.ok()) {
    util::Error error = std::move(answer).error();
    return failed(error.kind, std::move(error.message));
  }
  return HttpResponse{.status = static_cast<int>(answer->status),
                      .content_type = std::move(answer->content_type),
                      .body = std::move(answer->body)};
}

}  // namespace cairn::net
