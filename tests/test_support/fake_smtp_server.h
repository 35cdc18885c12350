// A scripted SMTP server on 127.0.0.1 for tests: records what a client sends, answers as told.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace cairn::test_support {

// A one-thread SMTP server with scripted replies that records everything the client sent.
class FakeSmtpServer {
 public:
  struct Script {
    std::string greeting = "220 fake.test ESMTP\r\n";
    std::string ehlo = "250-fake.test\r\n250-8BITMIME\r\n250 AUTH PLAIN LOGIN\r\n";
    std::string helo = "250 fake.test\r\n";
    std::string auth = "235 2.7.0 Authentication successful\r\n";
    std::string mail = "250 2.1.0 Ok\r\n";
    std::string rcpt = "250 2.1.5 Ok\r\n";
    std::string data = "354 End data with <CR><LF>.<CR><LF>\r\n";
    std::string end_of_data = "250 2.0.0 Ok: queued\r\n";
    std::string quit = "221 2.0.0 Bye\r\n";
    bool silent = false;  // accepts connections and never says a word
  };

  explicit FakeSmtpServer(Script script) : script_(std::move(script)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(::listen(listener_, 4) == 0);
    REQUIRE(::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { Serve(); });
  }
  ~FakeSmtpServer() {
    Stop();
    ::close(listener_);
  }

  int port() const { return port_; }
  // Joins the server thread; call it before reading what the client sent.
  void Stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  int connections() const { return connections_; }
  // Command lines without their CRLF, in order; the message itself is in message().
  const std::vector<std::string>& commands() const { return commands_; }
  // The bytes after the 354 reply up to and including the terminating "\r\n.\r\n".
  const std::string& message() const { return message_; }
  // Every byte the client sent.
  const std::string& received() const { return received_; }
  // Waits until a whole message has been received (true), or `timeout` passes (false). For
  // senders in other processes, whose progress the test cannot otherwise observe.
  bool WaitForDelivery(std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!delivered_ && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return delivered_;
  }

 private:
  void Serve() {
    while (!stop_) {
      pollfd entry{listener_, POLLIN, 0};
      if (::poll(&entry, 1, 20) <= 0) continue;
      const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (client < 0) continue;
      ++connections_;
      Converse(client);
      ::close(client);
    }
  }

  void Reply(int client, const std::string& text) {
    if (!script_.silent) (void)::send(client, text.data(), text.size(), MSG_NOSIGNAL);
  }

  const std::string& ReplyTo(const std::string& line) const {
    const std::string verb = line.substr(0, line.find_first_of(" :"));
    if (verb == "EHLO") return script_.ehlo;
    if (verb == "HELO") return script_.helo;
    if (verb == "AUTH") return script_.auth;
    if (verb == "MAIL") return script_.mail;
    if (verb == "RCPT") return script_.rcpt;
    if (verb == "DATA") return script_.data;
    if (verb == "QUIT") return script_.quit;
    static const std::string unknown = "500 5.5.2 Unknown command\r\n";
    return unknown;
  }

  void Converse(int client) {
    Reply(client, script_.greeting);
    std::string pending;
    bool in_message = false;
    while (!stop_) {
      pollfd entry{client, POLLIN, 0};
      if (::poll(&entry, 1, 20) <= 0) continue;
      char chunk[4096];
      const ssize_t received = ::recv(client, chunk, sizeof chunk, 0);
      if (received <= 0) return;
      received_.append(chunk, static_cast<size_t>(received));
      pending.append(chunk, static_cast<size_t>(received));
      for (;;) {
        if (in_message) {
          message_ += pending;
          pending.clear();
          const size_t end = message_.find("\r\n.\r\n");
          if (end == std::string::npos) break;
          pending = message_.substr(end + 5);
          message_.resize(end + 5);
          in_message = false;
          Reply(client, script_.end_of_data);
          delivered_ = true;
          continue;
        }
        const size_t newline = pending.find("\r\n");
        if (newline == std::string::npos) break;
        const std::string line = pending.substr(0, newline);
        pending.erase(0, newline + 2);
        commands_.push_back(line);
        const std::string& reply = ReplyTo(line);
        Reply(client, reply);
        if (line == "DATA" && reply.rfind("354", 0) == 0) in_message = true;
        if (line == "QUIT") return;
      }
    }
  }

  Script script_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  std::atomic<bool> delivered_{false};
  std::vector<std::string> commands_;
  std::string message_;
  std::string received_;
  std::thread thread_;
};

}  // namespace cairn::test_support
