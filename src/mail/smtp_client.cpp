// SMTP client: the connection and the command dialogue that deliver a mail over a socket.
#include "mail/smtp_client.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <initializer_list>
#include <memory>
#include <system_error>
#include <utility>
#include <vector>

#include "mail/smtp_message.h"
#include "mail/smtp_text.h"

namespace cairn::mail {
namespace {

using internal::Base64;
using internal::FormatMessageData;
using internal::IsControl;
using internal::LowerAscii;
using internal::ValidateRequest;

using SteadyClock = std::chrono::steady_clock;

// Bounds on what a misbehaving server can make us buffer.
constexpr size_t kMaxReplyLineOctets = 4096;
constexpr int kMaxReplyLines = 100;
constexpr size_t kMaxReplyTextInMessages = 200;

std::string ErrnoText(int error) { return std::generic_category().message(error); }

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
