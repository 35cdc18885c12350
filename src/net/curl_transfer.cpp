// The libcurl options and error readings every HTTP(S) request shares.
#include "net/curl_transfer.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include "net/curl_easy.h"

namespace cairn::net::internal {
namespace {

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
// connected to, for every connection (each redirect's too), so a name that resolves
// differently later (DNS rebinding) changes nothing.
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

std::string WithHint(std::string reason, const std::string& hint) {
  return hint.empty() ? reason : reason + " " + hint;
}

}  // namespace

std::string Seconds(std::chrono::milliseconds duration) {
  const auto ms = duration.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

util::Result<TransferAnswer> PerformTransfer(const Transfer& transfer) {
  CurlEasy curl = NewCurlEasy();
  if (!curl) return util::Error::Internal("libcurl could not be initialised");
  CurlList headers(curl_slist_append(nullptr, "Expect:"));  // no 100-continue round trip
  for (const std::string& line : transfer.header_lines) {
    if (headers && !curl_slist_append(headers.get(), line.c_str())) headers.reset();
  }
  if (!headers) return util::Error::Internal("out of memory");
  Download download{.limit = transfer.max_response_bytes};
  AddressCheck address_check{.rule = transfer.addresses};
  char error_buffer[CURL_ERROR_SIZE] = {0};

  CURLcode code = CURLE_OK;
  const auto set = [&](CURLoption option, auto value) {
    if (code == CURLE_OK) code = curl_easy_setopt(curl.get(), option, value);
  };
  set(CURLOPT_ERRORBUFFER, error_buffer);
  set(CURLOPT_URL, transfer.url.c_str());
  set(CURLOPT_PROTOCOLS_STR, "http,https");
  if (transfer.max_redirects > 0) {
    set(CURLOPT_FOLLOWLOCATION, 1L);
    set(CURLOPT_MAXREDIRS, transfer.max_redirects);
    set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  } else {
    set(CURLOPT_FOLLOWLOCATION, 0L);
  }
  // An empty proxy string turns off the environment's proxies too.
  set(CURLOPT_PROXY, transfer.proxy.c_str());
  // Timeouts by alarm() signals are unsafe in a threaded server; the threaded resolver needs none.
  set(CURLOPT_NOSIGNAL, 1L);
  set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(transfer.connect_timeout.count()));
  set(CURLOPT_TIMEOUT_MS, static_cast<long>(transfer.total_timeout.count()));
  set(CURLOPT_SSL_VERIFYPEER, 1L);
  set(CURLOPT_SSL_VERIFYHOST, 2L);
  set(CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  if (!transfer.ca_file.empty()) set(CURLOPT_CAINFO, transfer.ca_file.c_str());
  set(CURLOPT_USERAGENT, transfer.user_agent.c_str());
  set(CURLOPT_HTTPHEADER, headers.get());
  set(CURLOPT_ACCEPT_ENCODING, "");  // whatever libcurl decodes; the limit counts decoded bytes
  set(CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(transfer.max_response_bytes));
  set(CURLOPT_WRITEFUNCTION, &WriteBody);
  set(CURLOPT_WRITEDATA, &download);
  set(CURLOPT_OPENSOCKETFUNCTION, &OpenCheckedSocket);
  set(CURLOPT_OPENSOCKETDATA, &address_check);
  if (transfer.method == "POST" || transfer.method == "PUT") {
    // A PUT sends its body as a POST does, under its own method name.
    set(CURLOPT_POST, 1L);
    set(CURLOPT_POSTFIELDS, transfer.body.empty() ? "" : transfer.body.data());
    set(CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(transfer.body.size()));
    if (transfer.method == "PUT") set(CURLOPT_CUSTOMREQUEST, "PUT");
  } else {
    set(CURLOPT_HTTPGET, 1L);
  }
  if (code != CURLE_OK) {
    return util::Error::Internal(std::string("libcurl refused an option: ") +
                                 curl_easy_strerror(code));
  }

  code = curl_easy_perform(curl.get());
  const std::string detail = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
  if (download.too_large || code == CURLE_FILESIZE_EXCEEDED) {
    return util::Error::UpstreamFailed("the answer is larger than " +
                                       std::to_string(transfer.max_response_bytes) + " bytes");
  }
  switch (code) {
    case CURLE_OK:
      break;
    case CURLE_OPERATION_TIMEDOUT:
      return util::Error::UpstreamTimeout("no answer within " + Seconds(transfer.total_timeout) +
                                          " (" + detail + ")");
    case CURLE_COULDNT_RESOLVE_HOST:
      return util::Error::UpstreamFailed("the host name could not be resolved (" + detail + ")");
    case CURLE_COULDNT_CONNECT:
      if (!address_check.refused.empty()) {
        return util::Error::UpstreamFailed(
            WithHint("the address " + address_check.refused +
                         " is not a public address, and only public ones may be reached",
                     transfer.address_hint));
      }
      return util::Error::UpstreamFailed("could not connect (" + detail + ")");
    case CURLE_TOO_MANY_REDIRECTS:
      return util::Error::UpstreamFailed("more than " + std::to_string(transfer.max_redirects) +
                                         " redirects");
    case CURLE_UNSUPPORTED_PROTOCOL:
      // The URL was checked before: only a redirect leads to another scheme.
      return util::Error::UpstreamFailed("redirected to a URL that is not http:// or https:// (" +
                                         detail + ")");
    case CURLE_PEER_FAILED_VERIFICATION:
      return util::Error::UpstreamFailed(
          WithHint("the server's TLS certificate was refused (" + detail + ").", transfer.ca_hint));
    case CURLE_SSL_CACERT_BADFILE:
      return util::Error::UpstreamFailed("the certificates in " + transfer.ca_file +
                                         " could not be used (" + detail + ")");
    case CURLE_SSL_CONNECT_ERROR:
      return util::Error::UpstreamFailed("the TLS handshake failed (" + detail + ")");
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
      return util::Error::UpstreamFailed("the connection broke off before a whole answer (" +
                                         detail + ")");
    default:
      return util::Error::UpstreamFailed(detail);
  }
  TransferAnswer answer;
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &answer.status);
  if (answer.status >= 300 && answer.status < 400) {
    // With redirects followed, one that remains had no usable Location.
    return util::Error::UpstreamFailed("answered with a redirect (HTTP " +
                                       std::to_string(answer.status) + ")" +
                                       transfer.redirect_note);
  }
  if (answer.status < 100 || answer.status > 599) {
    return util::Error::UpstreamFailed("answered with the status " + std::to_string(answer.status));
  }
  curl_easy_getinfo(curl.get(), CURLINFO_REDIRECT_COUNT, &answer.redirects);
  char* content_type = nullptr;
  curl_easy_getinfo(curl.get(), CURLINFO_CONTENT_TYPE, &content_type);
  if (content_type != nullptr) answer.content_type = content_type;
  char* final_url = nullptr;
  curl_easy_getinfo(curl.get(), CURLINFO_EFFECTIVE_URL, &final_url);
  answer.final_url = final_url != nullptr ? final_url : transfer.url;
  answer.body = std::move(download.body);
  return answer;
}

}  // namespace cairn::net::internal
