// SMTP client: --smtp-url parsing, message formatting and the command dialogue over a socket.
#include "mail/smtp_client.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sodium.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <ctime>
#include <initializer_list>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#include "util/random.h"

namespace cairn::mail {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr std::string_view kUrlForm = "smtp://[user[:password]@]host[:port][?from=addr]";
// RFC 5321 4.5.3.1.6: a text line is at most 1000 octets including its CRLF.
constexpr size_t kMaxLineOctets = 998;
// RFC 2047 encoded words stay under 76 characters: 45 bytes become 60 base64 characters.
constexpr size_t kEncodedWordBytes = 45;
// Bounds on what a misbehaving server can make us buffer.
constexpr size_t kMaxReplyLineOctets = 4096;
constexpr int kMaxReplyLines = 100;
constexpr size_t kMaxReplyTextInMessages = 200;

bool IsControl(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

bool HasControl(std::string_view text) { return std::any_of(text.begin(), text.end(), IsControl); }

bool IsAscii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// True for an address that can go between angle brackets in MAIL FROM/RCPT TO and into a header
// unchanged; anything fancier (display names, quoted local parts) is not needed for our mail.
bool IsPlainAddress(std::string_view address) {
  if (address.find('@') == std::string_view::npos) return false;
  return std::none_of(address.begin(), address.end(),
                      [](char c) { return IsControl(c) || c == ' ' || c == '<' || c == '>'; });
}

std::string ErrnoText(int error) { return std::generic_category().message(error); }

std::string Base64(std::string_view bytes) {
  const size_t size = sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL);
  std::string encoded(size, '\0');
  sodium_bin2base64(encoded.data(), encoded.size(),
                    reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  encoded.resize(size - 1);  // the size counts a terminating NUL
  return encoded;
}

// --- URL parsing ---------------------------------------------------------------------------------

util::Error InvalidUrl(std::string_view problem) {
  return util::Error::InvalidArgument("invalid SMTP URL: " + std::string(problem));
}

int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes %XX escapes; nullopt when an escape is malformed.
std::optional<std::string> PercentDecode(std::string_view text) {
  std::string decoded;
  decoded.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      decoded += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int high = HexDigitValue(text[i + 1]);
    const int low = HexDigitValue(text[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    decoded += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return decoded;
}

std::string LowerAscii(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

bool IsHostNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_';
}

// Parses "1".."65535"; nullopt otherwise.
std::optional<int> ParsePort(std::string_view text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  int port = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    port = port * 10 + (c - '0');
  }
  if (port < 1 || port > 65535) return std::nullopt;
  return port;
}

// Fills host and port from "host[:port]" or "[v6]:port".
util::Status ParseHostAndPort(std::string_view text, SmtpSettings& settings) {
  std::string_view port_text;
  bool has_port = false;
  if (!text.empty() && text.front() == '[') {
    const size_t close = text.find(']');
    if (close == std::string_view::npos)
      return InvalidUrl("unterminated IPv6 address: missing ']'");
    settings.host = std::string(text.substr(1, close - 1));
    in6_addr address{};
    if (::inet_pton(AF_INET6, settings.host.c_str(), &address) != 1) {
      return InvalidUrl("the bracketed host is not an IPv6 address");
    }
    const std::string_view after = text.substr(close + 1);
    if (!after.empty() && after.front() != ':') {
      return InvalidUrl("unexpected characters after the IPv6 address");
    }
    has_port = !after.empty();
    if (has_port) port_text = after.substr(1);
  } else {
    const size_t colon = text.find(':');
    if (colon != std::string_view::npos && text.find(':', colon + 1) != std::string_view::npos) {
      return InvalidUrl("an IPv6 host must be written in brackets, e.g. smtp://[::1]:25");
    }
    settings.host = std::string(text.substr(0, colon));
    has_port = colon != std::string_view::npos;
    if (has_port) port_text = text.substr(colon + 1);
    if (!std::all_of(settings.host.begin(), settings.host.end(), IsHostNameChar)) {
      return InvalidUrl("the host may contain only letters, digits, '-', '.' and '_'");
    }
  }
  if (settings.host.empty()) return InvalidUrl("missing host");
  if (has_port) {
    const std::optional<int> port = ParsePort(port_text);
    if (!port) return InvalidUrl("the port must be a number from 1 to 65535");
    settings.port = *port;
  }
  return util::OkStatus();
}

// Fills username and password from the percent-encoded "user[:password]".
util::Status ParseUserInfo(std::string_view text, SmtpSettings& settings) {
  const size_t colon = text.find(':');
  std::optional<std::string> user = PercentDecode(text.substr(0, colon));
  if (!user) return InvalidUrl("malformed percent escape in the user name");
  std::optional<std::string> password =
      colon == std::string_view::npos ? std::string() : PercentDecode(text.substr(colon + 1));
  if (!password) return InvalidUrl("malformed percent escape in the password");
  if (HasControl(*user)) return InvalidUrl("the user name must not contain control characters");
  if (HasControl(*password)) return InvalidUrl("the password must not contain control characters");
  if (user->empty() && !password->empty()) return InvalidUrl("a password needs a user name");
  if (!user->empty() && password->empty()) return InvalidUrl("a user name needs a password");
  settings.username = std::move(*user);
  settings.password = std::move(*password);
  return util::OkStatus();
}

// Fills from (when given) from "from=addr[&...]".
util::Status ParseQuery(std::string_view query, SmtpSettings& settings) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (parameter.empty()) continue;
    // The name is not echoed: in a malformed URL it may be the tail of a password.
    if (parameter.substr(0, 5) != "from=") {
      return InvalidUrl("unknown query parameter; only from= is supported");
    }
    std::optional<std::string> from = PercentDecode(parameter.substr(5));
    if (!from) return InvalidUrl("malformed percent escape in from=");
    if (!IsPlainAddress(*from)) {
      return InvalidUrl("from= must be a plain address such as cairn@example.org");
    }
    settings.from = std::move(*from);
  }
  return util::OkStatus();
}

// --- Message formatting --------------------------------------------------------------------------

// RFC 5322 section 3.3, in UTC and with English names whatever the locale.
std::string FormatMailDate(std::time_t when) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm utc{};
  ::gmtime_r(&when, &utc);
  char text[80];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[utc.tm_wday % 7],
                utc.tm_mday, kMonths[utc.tm_mon % 12], utc.tm_year + 1900, utc.tm_hour, utc.tm_min,
                utc.tm_sec);
  return text;
}

// The Subject value: verbatim when it is short ASCII, otherwise RFC 2047 encoded words folded
// onto continuation lines, split between UTF-8 characters.
std::string EncodeSubject(std::string_view subject) {
  if (IsAscii(subject) && subject.size() + 9 <= kMaxLineOctets) return std::string(subject);
  std::string encoded;
  size_t start = 0;
  while (start < subject.size()) {
    size_t end = std::min(start + kEncodedWordBytes, subject.size());
    const auto is_continuation = [&](size_t i) {
      return (static_cast<unsigned char>(subject[i]) & 0xC0) == 0x80;
    };
    while (end < subject.size() && end > start + 1 && is_continuation(end)) --end;
    if (!encoded.empty()) encoded += "\r\n ";
    encoded += "=?UTF-8?B?" + Base64(subject.substr(start, end - start)) + "?=";
    start = end;
  }
  return encoded;
}

// The body as CRLF lines with leading dots doubled (RFC 5321 4.5.2); nullopt when a line is
// too long for SMTP.
std::optional<std::string> FormatBody(std::string_view text) {
  std::string body;
  body.reserve(text.size() + text.size() / 16);
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find_first_of("\r\n", start);
    const std::string_view line = text.substr(start, end - start);
    const bool needs_stuffing = !line.empty() && line.front() == '.';
    if (line.size() + (needs_stuffing ? 1 : 0) > kMaxLineOctets) return std::nullopt;
    if (needs_stuffing) body += '.';
    body += line;
    body += "\r\n";
    if (end == std::string_view::npos) break;
    const bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
    start = end + (crlf ? 2 : 1);
  }
  return body;
}

// Everything sent after DATA, up to and including the terminating "." line.
util::Result<std::string> FormatMessageData(const SmtpSettings& settings,
                                            const MailMessage& message) {
  std::optional<std::string> body = FormatBody(message.text_body);
  if (!body) {
    return util::Error::InvalidArgument("smtp: a body line is longer than 998 octets");
  }
  const std::string domain = settings.from.substr(settings.from.rfind('@') + 1);
  std::string data;
  data += "From: " + settings.from + "\r\n";
  data += "To: " + message.to + "\r\n";
  data += "Subject: " + EncodeSubject(message.subject) + "\r\n";
  data += "Date: " + FormatMailDate(std::time(nullptr)) + "\r\n";
  data += "Message-ID: <" + util::RandomString(24) + "@" + domain + ">\r\n";
  data += "MIME-Version: 1.0\r\n";
  data += "Content-Type: text/plain; charset=utf-8\r\n";
  data += "Content-Transfer-Encoding: 8bit\r\n";
  data += "\r\n";
  data += *body;
  data += ".\r\n";
  return data;
}

util::Status ValidateRequest(const SmtpSettings& settings, const MailMessage& message) {
  if (settings.host.empty()) return util::Error::InvalidArgument("smtp: no server host is set");
  if (settings.port < 1 || settings.port > 65535) {
    return util::Error::InvalidArgument("smtp: the port must be from 1 to 65535");
  }
  if (!IsPlainAddress(settings.from)) {
    return util::Error::InvalidArgument(
        "smtp: the sender must be a plain address such as cairn@example.org");
  }
  if (HasControl(settings.username) || HasControl(settings.password)) {
    return util::Error::InvalidArgument(
        "smtp: the user name and password must not contain control characters");
  }
  if (!IsPlainAddress(message.to)) {
    return util::Error::InvalidArgument(
        "smtp: the recipient must be a plain address without spaces, line breaks or angle "
        "brackets");
  }
  if (message.subject.find_first_of("\r\n") != std::string::npos) {
    return util::Error::InvalidArgument("smtp: the subject must not contain line breaks");
  }
  if (std::any_of(message.subject.begin(), message.subject.end(),
                  [](char c) { return IsControl(c) && c != '\t'; })) {
    return util::Error::InvalidArgument("smtp: the subject must not contain control characters");
  }
  return util::OkStatus();
}

// --- The connection ------------------------------------------------------------------------------

// Owns a socket descriptor so that every return path closes it.
class Socket {
 public:
  explicit Socket(int fd) : fd_(fd) {}
  Socket(Socket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Socket& operator=(Socket&&) = delete;
  ~Socket() {
    if (fd_ >= 0) ::close(fd_);
  }
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

enum class Readiness { kReady, kTimedOut, kFailed };

// Waits until `fd` is ready for `events` or `deadline` passes; poll's errno is kept on kFailed.
Readiness WaitUntilReady(int fd, short events, SteadyClock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::ceil<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    const int timeout_ms = static_cast<int>(std::clamp<int64_t>(left, 0, INT_MAX));
    pollfd entry{fd, events, 0};
    const int ready = ::poll(&entry, 1, timeout_ms);
    // Errors and hang-ups count as ready: the following call reports them.
    if (ready > 0) return Readiness::kReady;
    if (ready == 0) return Readiness::kTimedOut;
    if (errno != EINTR) return Readiness::kFailed;
  }
}

std::string HostAndPort(const SmtpSettings& settings) {
  const bool is_ipv6 = settings.host.find(':') != std::string::npos;
  return (is_ipv6 ? "[" + settings.host + "]" : settings.host) + ":" +
         std::to_string(settings.port);
}

util::Error ConnectFailed(const SmtpSettings& settings, std::string_view reason) {
  return util::Error::Unavailable("smtp: connect failed: " + HostAndPort(settings) + ": " +
                                  std::string(reason));
}

// Connects to the first address of the host that accepts within the timeout. The socket stays
// non-blocking: every later read and write waits with poll so that it can time out.
util::Result<Socket> ConnectToServer(const SmtpSettings& settings) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const int lookup =
      ::getaddrinfo(settings.host.c_str(), std::to_string(settings.port).c_str(), &hints, &found);
  if (lookup != 0) {
    return ConnectFailed(settings, std::string("cannot resolve host: ") + ::gai_strerror(lookup));
  }
  const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, &::freeaddrinfo);
  const auto deadline = SteadyClock::now() + settings.timeout;
  std::string last_error = "no usable address";
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    Socket socket(::socket(address->ai_family, address->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                           address->ai_protocol));
    if (socket.fd() < 0) {
      last_error = ErrnoText(errno);
      continue;
    }
    if (::connect(socket.fd(), address->ai_addr, address->ai_addrlen) == 0) return socket;
    if (errno != EINPROGRESS) {
      last_error = ErrnoText(errno);
      continue;
    }
    const Readiness readiness = WaitUntilReady(socket.fd(), POLLOUT, deadline);
    if (readiness == Readiness::kTimedOut) {
      return ConnectFailed(
          settings, "no connection within " + std::to_string(settings.timeout.count()) + " ms");
    }
    int error = 0;
    socklen_t length = sizeof error;
    if (readiness == Readiness::kFailed ||
        ::getsockopt(socket.fd(), SOL_SOCKET, SO_ERROR, &error, &length) != 0) {
      error = errno;
    }
    if (error == 0) return socket;
    last_error = ErrnoText(error);
  }
  return ConnectFailed(settings, last_error);
}

// How we name ourselves in EHLO: an address literal of our end of the connection, which is
// always well-formed, unlike a host name that may not be fully qualified.
std::string ClientIdentity(int fd) {
  sockaddr_storage local{};
  socklen_t length = sizeof local;
  char text[INET6_ADDRSTRLEN] = {0};
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &length) == 0) {
    if (local.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&local);
      if (::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text))
        return "[" + std::string(text) + "]";
    } else if (local.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&local);
      if (::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text)) {
        return "[IPv6:" + std::string(text) + "]";
      }
    }
  }
  return "localhost";
}

// True for "ddd", "ddd text" and the continuation form "ddd-text".
bool IsReplyLine(std::string_view line) {
  if (line.size() < 3) return false;
  for (size_t i = 0; i < 3; ++i) {
    if (line[i] < '0' || line[i] > '9') return false;
  }
  return line.size() == 3 || line[3] == ' ' || line[3] == '-';
}

// A server reply: its code, its first line (for error messages) and the text of every line.
struct Reply {
  int code = 0;
  std::string first_line;
  std::vector<std::string> texts;  // each line without its code and separator
};

// What EHLO told us about the server.
struct Extensions {
  bool auth_plain = false;
  bool eight_bit_mime = false;
};

Extensions ParseExtensions(const Reply& ehlo) {
  Extensions extensions;
  // The first line is the greeting; each further line is a keyword and its parameters.
  for (size_t i = 1; i < ehlo.texts.size(); ++i) {
    const std::string line = LowerAscii(ehlo.texts[i]);
    if (line == "8bitmime") extensions.eight_bit_mime = true;
    // "AUTH=..." is the pre-standard form some servers still send alongside "AUTH ...".
    if (line.rfind("auth ", 0) == 0 || line.rfind("auth=", 0) == 0) {
      const std::string mechanisms = " " + line.substr(5) + " ";
      if (mechanisms.find(" plain ") != std::string::npos) extensions.auth_plain = true;
    }
  }
  return extensions;
}

// The SMTP dialogue over one connection. Every failure becomes an Unavailable error naming the
// stage, with the secrets it knows about masked out of whatever the server said.
class SmtpSession {
 public:
  SmtpSession(Socket socket, std::chrono::milliseconds timeout, std::string password)
      : socket_(std::move(socket)), timeout_(timeout) {
    if (!password.empty()) secrets_.push_back(std::move(password));
  }

  int fd() const { return socket_.fd(); }
  // False after a timeout or an I/O error, when the server's state is unknown.
  bool in_sync() const { return in_sync_; }
  void AddSecret(std::string secret) { secrets_.push_back(std::move(secret)); }

  util::Error Failed(std::string_view stage, std::string_view detail) const {
    // Masking comes before truncation so that no prefix of a secret survives the cut.
    std::string text(detail);
    for (const std::string& secret : secrets_) {
      constexpr std::string_view kMask = "***";
      for (size_t at = text.find(secret); at != std::string::npos;
           at = text.find(secret, at + kMask.size())) {
        text.replace(at, secret.size(), kMask);
      }
    }
    std::replace_if(text.begin(), text.end(), IsControl, '?');
    text.resize(std::min(text.size(), kMaxReplyTextInMessages));
    return util::Error::Unavailable("smtp: " + std::string(stage) + " failed: " + text);
  }

  util::Status SendLine(std::string_view stage, std::string_view line) {
    return SendRaw(stage, std::string(line) + "\r\n");
  }

  util::Status SendRaw(std::string_view stage, std::string_view bytes) {
    const auto deadline = SteadyClock::now() + timeout_;
    while (!bytes.empty()) {
      const ssize_t sent = ::send(socket_.fd(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent > 0) {
        bytes.remove_prefix(static_cast<size_t>(sent));
        continue;
      }
      if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        return Broken(stage, ErrnoText(errno));
      }
      const Readiness readiness = WaitUntilReady(socket_.fd(), POLLOUT, deadline);
      if (readiness == Readiness::kTimedOut) return Broken(stage, "send timed out");
      if (readiness == Readiness::kFailed) return Broken(stage, ErrnoText(errno));
    }
    return util::OkStatus();
  }

  // Reads one possibly multi-line reply ("250-first", "250-more", "250 last").
  util::Result<Reply> ReadReply(std::string_view stage) {
    const auto deadline = SteadyClock::now() + timeout_;
    Reply reply;
    for (int count = 0; count < kMaxReplyLines; ++count) {
      CAIRN_ASSIGN_OR_RETURN(std::string line, ReadLine(stage, deadline));
      if (!IsReplyLine(line)) return Broken(stage, "malformed reply: " + line);
      if (count == 0) {
        reply.code = std::stoi(line.substr(0, 3));
        reply.first_line = line;
      }
      reply.texts.push_back(line.size() > 4 ? line.substr(4) : std::string());
      if (line.size() == 3 || line[3] == ' ') return reply;
    }
    return Broken(stage, "reply has too many lines");
  }

  // Reads a reply and fails unless its code is one of `accepted`.
  util::Result<Reply> ExpectReply(std::string_view stage, std::initializer_list<int> accepted) {
    CAIRN_ASSIGN_OR_RETURN(Reply reply, ReadReply(stage));
    if (std::find(accepted.begin(), accepted.end(), reply.code) == accepted.end()) {
      return Failed(stage, reply.first_line);
    }
    return reply;
  }

  util::Result<Reply> Command(std::string_view stage, std::string_view line,
                              std::initializer_list<int> accepted) {
    CAIRN_RETURN_IF_ERROR(SendLine(stage, line));
    return ExpectReply(stage, accepted);
  }

  // Ends the session politely; its outcome no longer matters to the caller.
  void Quit() {
    if (!in_sync_ || !SendLine("QUIT", "QUIT").ok()) return;
    (void)ReadReply("QUIT");
  }

 private:
  util::Error Broken(std::string_view stage, std::string_view detail) {
    in_sync_ = false;
    return Failed(stage, detail);
  }

  util::Result<std::string> ReadLine(std::string_view stage, SteadyClock::time_point deadline) {
    for (;;) {
      const size_t newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (buffer_.size() > kMaxReplyLineOctets) return Broken(stage, "reply line too long");
      const Readiness readiness = WaitUntilReady(socket_.fd(), POLLIN, deadline);
      if (readiness == Readiness::kTimedOut) {
        return Broken(stage, "no reply within " + std::to_string(timeout_.count()) + " ms");
      }
      if (readiness == Readiness::kFailed) return Broken(stage, ErrnoText(errno));
      char chunk[4096];
      const ssize_t received = ::recv(socket_.fd(), chunk, sizeof chunk, 0);
      if (received > 0) {
        buffer_.append(chunk, static_cast<size_t>(received));
      } else if (received == 0) {
        return Broken(stage, "connection closed by the server");
      } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        return Broken(stage, ErrnoText(errno));
      }
    }
  }

  Socket socket_;
  std::chrono::milliseconds timeout_;
  std::vector<std::string> secrets_;
  std::string buffer_;
  bool in_sync_ = true;
};

// Greets with EHLO, or HELO for servers that refuse it (they offer no extensions).
util::Result<Extensions> Greet(SmtpSession& session) {
  const std::string client = ClientIdentity(session.fd());
  CAIRN_RETURN_IF_ERROR(session.SendLine("EHLO", "EHLO " + client));
  CAIRN_ASSIGN_OR_RETURN(const Reply ehlo, session.ReadReply("EHLO"));
  if (ehlo.code == 250) return ParseExtensions(ehlo);
  if (ehlo.code / 100 != 5) return session.Failed("EHLO", ehlo.first_line);
  CAIRN_RETURN_IF_ERROR(session.Command("HELO", "HELO " + client, {250}));
  return Extensions{};
}

util::Status Authenticate(SmtpSession& session, const SmtpSettings& settings,
                          const Extensions& extensions) {
  if (!extensions.auth_plain) {
    return session.Failed("AUTH",
                          "the server does not offer AUTH PLAIN, so the credentials "
                          "were not sent and no mail was sent");
  }
  std::string credentials;
  credentials += '\0';
  credentials += settings.username;
  credentials += '\0';
  credentials += settings.password;
  std::string encoded = Base64(credentials);
  // A server may echo the command in its error reply; that must not leak the password either.
  session.AddSecret(encoded);
  CAIRN_RETURN_IF_ERROR(session.Command("AUTH", "AUTH PLAIN " + encoded, {235}));
  return util::OkStatus();
}

util::Status Deliver(SmtpSession& session, const SmtpSettings& settings, const std::string& to,
                     std::string_view data) {
  CAIRN_RETURN_IF_ERROR(session.ExpectReply("greeting", {220}));
  CAIRN_ASSIGN_OR_RETURN(const Extensions extensions, Greet(session));
  if (!settings.username.empty()) {
    CAIRN_RETURN_IF_ERROR(Authenticate(session, settings, extensions));
  }
  // RFC 6152: declare the 8-bit body when the server knows how to handle one.
  const std::string body_parameter = extensions.eight_bit_mime ? " BODY=8BITMIME" : "";
  CAIRN_RETURN_IF_ERROR(
      session.Command("MAIL FROM", "MAIL FROM:<" + settings.from + ">" + body_parameter, {250}));
  // 251: "user not local; will forward" is a success too.
  CAIRN_RETURN_IF_ERROR(session.Command("RCPT TO", "RCPT TO:<" + to + ">", {250, 251}));
  CAIRN_RETURN_IF_ERROR(session.Command("DATA", "DATA", {354}));
  CAIRN_RETURN_IF_ERROR(session.SendRaw("DATA", data));
  CAIRN_RETURN_IF_ERROR(session.ExpectReply("end of DATA", {250}));
  return util::OkStatus();
}

}  // namespace

util::Result<SmtpSettings> ParseSmtpUrl(std::string_view url) {
  // Messages below never quote the URL: it may hold the password.
  if (url.find_first_of("\r\n") != std::string_view::npos) {
    return InvalidUrl("it must not contain line breaks");
  }
  if (HasControl(url)) return InvalidUrl("it must not contain control characters");
  const size_t separator = url.find("://");
  if (separator == std::string_view::npos) {
    return InvalidUrl("expected " + std::string(kUrlForm));
  }
  const std::string scheme = LowerAscii(url.substr(0, separator));
  if (scheme == "smtps") {
    return InvalidUrl(
        "smtps:// is not supported: Cairn has no TLS; relay through a local mail server "
        "with smtp://localhost");
  }
  if (scheme != "smtp") return InvalidUrl("only the smtp:// scheme is supported");

  const std::string_view rest = url.substr(separator + 3);
  if (rest.find('#') != std::string_view::npos) {
    return InvalidUrl("a fragment ('#') is not allowed; percent-encode '#' in a password as %23");
  }
  const size_t authority_end = rest.find_first_of("/?");
  const std::string_view authority = rest.substr(0, authority_end);
  std::string_view path;
  std::string_view query;
  if (authority_end != std::string_view::npos) {
    const std::string_view tail = rest.substr(authority_end);
    const size_t question = tail.find('?');
    path = tail.substr(0, question);
    if (question != std::string_view::npos) query = tail.substr(question + 1);
  }
  if (!path.empty() && path != "/") {
    return InvalidUrl("a path is not allowed; percent-encode '/' in a password as %2F");
  }

  SmtpSettings settings;
  // The last '@' ends the user info, so an unencoded '@' in a password still works.
  const size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    CAIRN_RETURN_IF_ERROR(ParseUserInfo(authority.substr(0, at), settings));
  }
  CAIRN_RETURN_IF_ERROR(ParseHostAndPort(
      at == std::string_view::npos ? authority : authority.substr(at + 1), settings));
  CAIRN_RETURN_IF_ERROR(ParseQuery(query, settings));
  if (settings.from.empty()) {
    const bool is_ipv6 = settings.host.find(':') != std::string::npos;
    settings.from = is_ipv6 ? "cairn@[IPv6:" + settings.host + "]" : "cairn@" + settings.host;
  }
  return settings;
}

util::Status SendMail(const SmtpSettings& settings, const MailMessage& message) {
  CAIRN_RETURN_IF_ERROR(ValidateRequest(settings, message));
  CAIRN_ASSIGN_OR_RETURN(const std::string data, FormatMessageData(settings, message));
  CAIRN_ASSIGN_OR_RETURN(Socket socket, ConnectToServer(settings));
  SmtpSession session(std::move(socket), settings.timeout, settings.password);
  util::Status delivered = Deliver(session, settings, message.to, data);
  // After a successful delivery QUIT's outcome is ignored: failing now would make a caller
  // resend a mail the server has already accepted.
  session.Quit();
  return delivered;
}

}  // namespace cairn::mail
