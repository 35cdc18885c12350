// One HTTP exchange over a plain socket: the request goes out byte for byte (no client cleans up
// "..", "%2e" or a NUL) and the response comes back undecoded (a gzip body stays gzip).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace cairn::api_test {

struct RawReply {
  int status = 0;
  std::string head;  // status line and headers, each line ending in \r\n
  std::string body;
  std::string raw;  // the whole response as received

  // The value of the first header called `name` (exact case), or "" when absent.
  std::string Header(const std::string& name) const {
    const std::string key = "\r\n" + name + ": ";
    const size_t at = head.find(key);
    if (at == std::string::npos) return "";
    const size_t start = at + key.size();
    return head.substr(start, head.find("\r\n", start) - start);
  }
  bool HasHeader(const std::string& name) const {
    return head.find("\r\n" + name + ": ") != std::string::npos;
  }
};

// Sends `method target` with `headers` (each "Name: value\r\n") and reads until the server closes.
inline RawReply RawExchange(int port, const std::string& method, const std::string& target,
                            const std::string& headers = "") {
  RawReply reply;
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return reply;
  }
  const std::string request = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
                              "Connection: close\r\n\r\n";
  // glibc's fortified write() must be checked; a failed one leaves status 0.
  if (::write(fd, request.data(), request.size()) < 0) {
    ::close(fd);
    return reply;
  }
  std::string response;
  char buf[8192];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) response.append(buf, static_cast<size_t>(n));
  ::close(fd);
  reply.raw = response;
  const size_t end = response.find("\r\n\r\n");
  if (response.size() < 12 || end == std::string::npos) return reply;
  reply.status = std::atoi(response.c_str() + 9);
  reply.head = response.substr(0, end + 2);
  reply.body = response.substr(end + 4);
  return reply;
}

}  // namespace cairn::api_test
