// SMTP delivery with libcurl: the options that make it safe, and errors a person can act on.
#include "net/smtp_transfer.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "net/curl_easy.h"

namespace cairn::net {
namespace {

using internal::CurlEasy;
using internal::CurlList;

// How much of a server's reply an error message quotes.
constexpr size_t kMaxReplyInMessage = 200;

std::string HostAndPort(const SmtpTransfer& transfer) {
  const bool is_ipv6 = transfer.host.find(':') != std::string::npos;
  return (is_ipv6 ? "[" + transfer.host + "]" : transfer.host) + ":" +
         std::to_string(transfer.port);
}

// The message, handed to libcurl piece by piece.
struct Upload {
  std::string_view rest;
};

size_t ReadUpload(char* buffer, size_t size, size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const size_t length = std::min(size * count, upload->rest.size());
  std::memcpy(buffer, upload->rest.data(), length);
  upload->rest.remove_prefix(length);
  return length;
}

// What the server said last, kept for error messages: libcurl's own texts only give the code.
struct Dialogue {
  std::string reply;             // the lines of the last reply, joined by spaces
  bool reply_continues = false;  // the last line was "ddd-...": more lines follow
  bool in_login = false;         // the last command was AUTH or a login step
  bool quitting = false;         // QUIT was sent: the replies that matter are all in
};

// "535 5.7.8" of "535 5.7.8 bad credentials ...": the reply code and the enhanced status code.
std::string_view ReplyCodes(std::string_view line) {
  if (line.size() <= 4) return line.substr(0, 3);
  const std::string_view rest = line.substr(4);
  const std::string_view status = rest.substr(0, rest.find(' '));
  const bool is_status =
      !status.empty() && status.find_first_not_of("0123456789.") == std::string_view::npos;
  return line.substr(0, is_status ? 4 + status.size() : 3);
}

int WatchDialogue(CURL*, curl_infotype type, char* data, size_t size, void* user) {
  auto* dialogue = static_cast<Dialogue*>(user);
  std::string_view line(data, size);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  if (type == CURLINFO_HEADER_OUT) {
    // Login steps after "AUTH" are bare base64 lines; any known command ends the login.
    constexpr std::string_view kCommands[] = {"EHLO", "HELO", "STARTTLS", "MAIL", "RCPT",
                                              "DATA", "QUIT", "RSET",     "NOOP"};
    if (line.starts_with("QUIT")) {
      dialogue->quitting = true;
    } else if (line.starts_with("AUTH")) {
      dialogue->in_login = true;
    } else if (std::any_of(std::begin(kCommands), std::end(kCommands),
                           [&](std::string_view c) { return line.starts_with(c); })) {
      dialogue->in_login = false;
    }
    return 0;
  }
  if (type != CURLINFO_HEADER_IN || dialogue->quitting) return 0;
  if (dialogue->in_login) {
    // A server may echo the credentials it was sent: keep only the reply code and the
    // enhanced status code.
    line = ReplyCodes(line);
  }
  if (!dialogue->reply_continues) dialogue->reply.clear();
  if (!dialogue->reply.empty()) dialogue->reply += ' ';
  if (dialogue->reply.size() < 2 * kMaxReplyInMessage) {
    dialogue->reply.append(line.substr(0, 2 * kMaxReplyInMessage));
  }
  dialogue->reply_continues = line.size() > 3 && line[3] == '-';
  return 0;
}

// `text` safe to log: the password masked, control characters replaced, length bounded.
std::string Sanitised(std::string text, const std::string& password, size_t limit) {
  if (!password.empty()) {
    constexpr std::string_view kMask = "***";
    for (size_t at = text.find(password); at != std::string::npos;
         at = text.find(password, at + kMask.size())) {
      text.replace(at, password.size(), kMask);
    }
  }
  std::replace_if(
      text.begin(), text.end(), [](char c) { return (c >= 0 && c < 0x20) || c == 0x7F; }, '?');
  text.resize(std::min(text.size(), limit));
  return text;
}

// The reason for a failed transfer, in words for the admin who reads the log.
std::string Reason(CURLcode code, const char* error_buffer, const SmtpTransfer& transfer) {
  const std::string detail = error_buffer[0] != '\0' ? error_buffer : curl_easy_strerror(code);
  switch (code) {
    case CURLE_PEER_FAILED_VERIFICATION:
      return "the server's TLS certificate was refused (" + detail +
             "); the mail was not sent. If the server uses a self-signed certificate or a "
             "private CA, name that certificate with --smtp-ca FILE";
    case CURLE_SSL_CACERT_BADFILE:
      return "the certificates in --smtp-ca " + transfer.ca_file + " could not be used (" + detail +
             ")";
    case CURLE_USE_SSL_FAILED:
      return "TLS is required but the server does not offer STARTTLS (" + detail +
             "); nothing was sent";
    case CURLE_LOGIN_DENIED:
      return "the server refused the login (" + detail + ")";
    case CURLE_OPERATION_TIMEDOUT:
      return "timed out (" + detail + ")";
    case CURLE_SSL_CONNECT_ERROR:
      return "the TLS handshake failed (" + detail + ")";
    default:
      return detail;
  }
}

CURLcode SetOptions(CURL* curl, const SmtpTransfer& transfer, curl_slist* recipients,
                    Upload& upload, Dialogue& dialogue, char* error_buffer) {
  const bool is_ipv6 = transfer.host.find(':') != std::string::npos;
  const std::string url = std::string(transfer.tls == SmtpTls::kImplicit ? "smtps" : "smtp") +
                          "://" + (is_ipv6 ? "[" + transfer.host + "]" : transfer.host) + ":" +
                          std::to_string(transfer.port);
  const long use_ssl =
      transfer.tls == SmtpTls::kStartTlsIfOffered ? CURLUSESSL_TRY : CURLUSESSL_ALL;
  const std::string from = "<" + transfer.from + ">";
  CURLcode code = CURLE_OK;
  const auto set = [&](CURLoption option, auto value) {
    if (code == CURLE_OK) code = curl_easy_setopt(curl, option, value);
  };
  set(CURLOPT_ERRORBUFFER, error_buffer);
  set(CURLOPT_URL, url.c_str());
  set(CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // Timeouts by alarm() signals are unsafe in a threaded server; the threaded resolver needs none.
  set(CURLOPT_NOSIGNAL, 1L);
  set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(transfer.connect_timeout.count()));
  set(CURLOPT_TIMEOUT_MS, static_cast<long>(transfer.total_timeout.count()));
  set(CURLOPT_USE_SSL, use_ssl);
  set(CURLOPT_SSL_VERIFYPEER, 1L);
  set(CURLOPT_SSL_VERIFYHOST, 2L);
  set(CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  if (!transfer.ca_file.empty()) set(CURLOPT_CAINFO, transfer.ca_file.c_str());
  if (!transfer.username.empty()) {
    set(CURLOPT_USERNAME, transfer.username.c_str());
    set(CURLOPT_PASSWORD, transfer.password.c_str());
  }
  set(CURLOPT_MAIL_FROM, from.c_str());
  set(CURLOPT_MAIL_RCPT, recipients);
  set(CURLOPT_UPLOAD, 1L);
  set(CURLOPT_READFUNCTION, &ReadUpload);
  set(CURLOPT_READDATA, &upload);
  // Lets the server refuse an oversized mail before it is sent (SIZE=, RFC 1870).
  set(CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(upload.rest.size()));
  // The debug callback is how the server's replies are seen; it prints nothing itself.
  set(CURLOPT_DEBUGFUNCTION, &WatchDialogue);
  set(CURLOPT_DEBUGDATA, &dialogue);
  set(CURLOPT_VERBOSE, 1L);
  return code;
}

}  // namespace

util::Status SendSmtp(const SmtpTransfer& transfer, std::string_view message) {
  const auto failed = [&](const std::string& reason) {
    return util::Error::Unavailable("smtp: sending to " + HostAndPort(transfer) +
                                    " failed: " + Sanitised(reason, transfer.password, 600));
  };
  // The host goes into a URL: nothing in it may end the host part or start another one.
  if (transfer.host.empty() ||
      transfer.host.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "0123456789.-_:") != std::string::npos) {
    return util::Error::InvalidArgument("smtp: the host must be a name or an IP address");
  }
  CurlEasy curl = internal::NewCurlEasy();
  if (!curl) return failed("libcurl could not be initialised");
  const std::string recipient = "<" + transfer.to + ">";
  CurlList recipients(curl_slist_append(nullptr, recipient.c_str()));
  if (!recipients) return failed("out of memory");
  Upload upload{message};
  Dialogue dialogue;
  char error_buffer[CURL_ERROR_SIZE] = {0};
  if (const CURLcode set =
          SetOptions(curl.get(), transfer, recipients.get(), upload, dialogue, error_buffer);
      set != CURLE_OK) {
    return failed(std::string("libcurl refused an option: ") + curl_easy_strerror(set));
  }
  const CURLcode code = curl_easy_perform(curl.get());
  if (code == CURLE_OK) return util::OkStatus();
  std::string reason = Reason(code, error_buffer, transfer);
  // A refusal (4xx, 5xx) is worth quoting; what the server said before a timeout is not.
  if (!dialogue.reply.empty() && (dialogue.reply[0] == '4' || dialogue.reply[0] == '5')) {
    reason +=
        "; the server said: " + Sanitised(dialogue.reply, transfer.password, kMaxReplyInMessage);
  }
  return failed(reason);
}

}  // namespace cairn::net
