// HTTP requests with libcurl: a fixed destination, bounded time and size, verified TLS, and
// errors a person can act on.
#include "net/http_client.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <algorithm>
#include <memory>

#include "net/curl_easy.h"

namespace cairn::net {
namespace {

using internal::CurlEasy;
using internal::CurlList;

struct CurlUrlDeleter {
  void operator()(CURLU* url) const { curl_url_cleanup(url); }
};
using CurlUrl = std::unique_ptr<CURLU, CurlUrlDeleter>;

// A part of `url`, or "" when it has none.
std::string Part(CURLU* url, CURLUPart part) {
  char* value = nullptr;
  if (curl_url_get(url, part, &value, 0) != CURLUE_OK || value == nullptr) return "";
  std::string text(value);
  curl_free(value);
  return text;
}

// `url` parsed, or the reason it cannot be.
util::Result<CurlUrl> ParseUrl(const std::string& url) {
  CurlUrl parsed(curl_url());
  if (!parsed) return util::Error::Internal("out of memory");
  if (const CURLUcode code = curl_url_set(parsed.get(), CURLUPART_URL, url.c_str(), 0);
      code != CURLUE_OK) {
    return util::Error::InvalidArgument(std::string("is not a valid URL (") +
                                        curl_url_strerror(code) + ")");
  }
  return parsed;
}

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

// The body, collected up to a limit.
struct Download {
  size_t limit = 0;
  std::string body;
  bool too_large = false;
};

size_t WriteBody(char* data, size_t size, size_t count, void* user) {
  auto* download = static_cast<Download*>(user);
  const size_t length = size * count;
  if (download->body.size() + length > download->limit) {
    download->too_large = true;
    return 0;  // libcurl stops with CURLE_WRITE_ERROR
  }
  download->body.append(data, length);
  return length;
}

// Refuses connections to addresses `rule` does not allow; checked on the address actually
// connected to, so a name that resolves differently later (DNS rebinding) changes nothing.
struct AddressCheck {
  AddressRule rule = AddressRule::kAnyAddress;
  std::string refused;  // the last address refused
};

curl_socket_t OpenCheckedSocket(void* user, curlsocktype, curl_sockaddr* address) {
  auto* check = static_cast<AddressCheck*>(user);
  if (check->rule == AddressRule::kPublicOnly) {
    char text[INET6_ADDRSTRLEN] = {0};
    const void* ip = nullptr;
    if (address->family == AF_INET) {
      ip = &reinterpret_cast<const sockaddr_in*>(&address->addr)->sin_addr;
    } else if (address->family == AF_INET6) {
      ip = &reinterpret_cast<const sockaddr_in6*>(&address->addr)->sin6_addr;
    }
    if (ip == nullptr || inet_ntop(address->family, ip, text, sizeof text) == nullptr ||
        !IsPublicAddress(text)) {
      check->refused = text[0] != '\0' ? text : "(not an IP address)";
      return CURL_SOCKET_BAD;
    }
  }
  // Close-on-exec, as libcurl's own sockets are.
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

std::string Seconds(std::chrono::milliseconds duration) {
  const auto ms = duration.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

}  // namespace

util::Result<HttpClient> HttpClient::Create(HttpClientOptions options) {
  auto parsed = ParseUrl(options.base_url);
  // Not quoted back: the URL may hold a password.
  if (!parsed.ok()) return std::move(parsed).error();
  CURLU* url = parsed->get();
  const std::string scheme = Part(url, CURLUPART_SCHEME);
  if (scheme != "http" && scheme != "https") {
    return util::Error::InvalidArgument("must start with http:// or https://");
  }
  const std::string host = Part(url, CURLUPART_HOST);
  if (host.empty()) return util::Error::InvalidArgument("needs a host name or an address");
  if (!Part(url, CURLUPART_FRAGMENT).empty()) {
    return util::Error::InvalidArgument("must not have a #fragment");
  }
  if (options.connect_timeout.count() <= 0 || options.total_timeout.count() <= 0) {
    return util::Error::InvalidArgument("timeouts must be positive");
  }
  if (options.max_response_bytes == 0) {
    return util::Error::InvalidArgument("the answer's size limit must be positive");
  }
  const std::string port = Part(url, CURLUPART_PORT);
  std::string path = JoinPath(Part(url, CURLUPART_PATH), "");
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
  CAIRN_ASSIGN_OR_RETURN(CurlUrl url, ParseUrl(options_.base_url));
  const std::string password = Part(url.get(), CURLUPART_PASSWORD);
  const std::string query = Part(url.get(), CURLUPART_QUERY);
  // What libcurl says may quote the URL: the password and the query (an API key) are masked.
  const auto failed = [&](util::Error (*make)(std::string), std::string reason) {
    for (const std::string& secret : {password, query}) {
      if (secret.empty()) continue;
      for (size_t at = reason.find(secret); at != std::string::npos; at = reason.find(secret, at)) {
        reason.replace(at, secret.size(), "***");
      }
    }
    std::replace_if(
        reason.begin(), reason.end(), [](char c) { return c >= 0 && c < 0x20; }, '?');
    return make(options_.name + " " + shown + ": " + reason);
  };
  const std::string joined = JoinPath(Part(url.get(), CURLUPART_PATH), path);
  if (curl_url_set(url.get(), CURLUPART_PATH, joined.c_str(), 0) != CURLUE_OK) {
    return failed(&util::Error::Internal, "the path could not be set");
  }
  const std::string target = Part(url.get(), CURLUPART_URL);

  CurlEasy curl = internal::NewCurlEasy();
  if (!curl) return failed(&util::Error::Internal, "libcurl could not be initialised");
  CurlList headers(curl_slist_append(nullptr, "Accept: application/json"));
  // No "Expect: 100-continue" round trip before a larger body.
  if (headers) curl_slist_append(headers.get(), "Expect:");
  if (headers && method == "POST") {
    curl_slist_append(headers.get(), "Content-Type: application/json");
  }
  if (!headers) return failed(&util::Error::Internal, "out of memory");
  Download download{.limit = options_.max_response_bytes};
  AddressCheck address_check{.rule = options_.addresses};
  char error_buffer[CURL_ERROR_SIZE] = {0};

  CURLcode code = CURLE_OK;
  const auto set = [&](CURLoption option, auto value) {
    if (code == CURLE_OK) code = curl_easy_setopt(curl.get(), option, value);
  };
  set(CURLOPT_ERRORBUFFER, error_buffer);
  set(CURLOPT_URL, target.c_str());
  set(CURLOPT_PROTOCOLS_STR, "http,https");
  set(CURLOPT_FOLLOWLOCATION, 0L);
  // An empty proxy string turns off the environment's proxies too.
  set(CURLOPT_PROXY, options_.proxy.c_str());
  // Timeouts by alarm() signals are unsafe in a threaded server; the threaded resolver needs none.
  set(CURLOPT_NOSIGNAL, 1L);
  set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options_.connect_timeout.count()));
  set(CURLOPT_TIMEOUT_MS, static_cast<long>(options_.total_timeout.count()));
  set(CURLOPT_SSL_VERIFYPEER, 1L);
  set(CURLOPT_SSL_VERIFYHOST, 2L);
  set(CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  if (!options_.ca_file.empty()) set(CURLOPT_CAINFO, options_.ca_file.c_str());
  set(CURLOPT_USERAGENT, options_.user_agent.c_str());
  set(CURLOPT_HTTPHEADER, headers.get());
  set(CURLOPT_ACCEPT_ENCODING, "");  // whatever libcurl decodes; the limit counts decoded bytes
  set(CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(options_.max_response_bytes));
  set(CURLOPT_WRITEFUNCTION, &WriteBody);
  set(CURLOPT_WRITEDATA, &download);
  set(CURLOPT_OPENSOCKETFUNCTION, &OpenCheckedSocket);
  set(CURLOPT_OPENSOCKETDATA, &address_check);
  if (method == "POST") {
    set(CURLOPT_POST, 1L);
    set(CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
    set(CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  } else {
    set(CURLOPT_HTTPGET, 1L);
  }
  if (code != CURLE_OK) {
    return failed(&util::Error::Internal,
                  std::string("libcurl refused an option: ") + curl_easy_strerror(code));
  }

  code = curl_easy_perform(curl.get());
  const std::string detail = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
  if (download.too_large || code == CURLE_FILESIZE_EXCEEDED) {
    return failed(
        &util::Error::UpstreamFailed,
        "the answer is larger than " + std::to_string(options_.max_response_bytes) + " bytes");
  }
  switch (code) {
    case CURLE_OK:
      break;
    case CURLE_OPERATION_TIMEDOUT:
      return failed(&util::Error::UpstreamTimeout,
                    "no answer within " + Seconds(options_.total_timeout) + " (" + detail + ")");
    case CURLE_COULDNT_RESOLVE_HOST:
      return failed(&util::Error::UpstreamFailed,
                    "the host name could not be resolved (" + detail + ")");
    case CURLE_COULDNT_CONNECT:
      if (!address_check.refused.empty()) {
        return failed(&util::Error::UpstreamFailed,
                      "the address " + address_check.refused +
                          " is not a public address, and only public ones may be reached");
      }
      return failed(&util::Error::UpstreamFailed, "could not connect (" + detail + ")");
    case CURLE_PEER_FAILED_VERIFICATION:
      return failed(&util::Error::UpstreamFailed,
                    "the server's TLS certificate was refused (" + detail +
                        "). If the server uses a self-signed certificate or a private CA, name "
                        "that certificate with " +
                        (options_.ca_setting.empty() ? "a CA file" : options_.ca_setting));
    case CURLE_SSL_CACERT_BADFILE:
      return failed(&util::Error::UpstreamFailed, "the certificates in " + options_.ca_file +
                                                      " could not be used (" + detail + ")");
    case CURLE_SSL_CONNECT_ERROR:
      return failed(&util::Error::UpstreamFailed, "the TLS handshake failed (" + detail + ")");
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
      return failed(&util::Error::UpstreamFailed,
                    "the connection broke off before a whole answer (" + detail + ")");
    default:
      return failed(&util::Error::UpstreamFailed, detail);
  }
  long status = 0;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status >= 300 && status < 400) {
    return failed(&util::Error::UpstreamFailed,
                  "answered with a redirect (HTTP " + std::to_string(status) +
                      "), which is not followed: configure the address it points to");
  }
  if (status < 100 || status > 599) {
    return failed(&util::Error::UpstreamFailed,
                  "answered with the status " + std::to_string(status));
  }
  char* content_type = nullptr;
  curl_easy_getinfo(curl.get(), CURLINFO_CONTENT_TYPE, &content_type);
  return HttpResponse{.status = static_cast<int>(status),
                      .content_type = content_type ? content_type : "",
                      .body = std::move(download.body)};
}

}  // namespace cairn::net
