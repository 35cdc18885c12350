// A real SMTP server on 127.0.0.1 for tests (smtp_server.py, on Debian's python3-aiosmtpd), plain,
// with STARTTLS or with implicit TLS, and self-signed certificates made for it with openssl.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "test_support/temp_dir.h"

namespace cairn::test_support {

inline std::string ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A self-signed certificate and its key, made at run time (EC P-256, valid for a day).
class SelfSignedCertificate {
 public:
  // `subject_alt_names` as openssl writes them, e.g. "IP:127.0.0.1,DNS:localhost".
  explicit SelfSignedCertificate(
      const std::string& subject_alt_names = "IP:127.0.0.1,DNS:localhost")
      : cert_path_(dir_.path() + "/cert.pem"), key_path_(dir_.path() + "/key.pem") {
    const std::string command =
        "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj "
        "/CN=cairn-test -addext 'subjectAltName=" +
        subject_alt_names + "' -keyout " + key_path_ + " -out " + cert_path_ + " 2>/dev/null";
    REQUIRE(std::system(command.c_str()) == 0);
  }
  const std::string& cert_path() const { return cert_path_; }
  const std::string& key_path() const { return key_path_; }

 private:
  TempDir dir_;
  std::string cert_path_;
  std::string key_path_;
};

// One mail the server accepted.
struct ReceivedMail {
  std::string message;  // as received, dot-stuffing undone, without the final "." line
  std::string mail_from;
  std::vector<std::string> rcpt_tos;
  bool tls = false;   // the connection was encrypted when the mail was sent
  std::string login;  // the user that logged in, or ""
};

// The server runs in its own process until this object is destroyed.
class LocalSmtpServer {
 public:
  enum class Mode { kPlain, kStartTls, kSmtps };
  struct Options {
    Mode mode = Mode::kStartTls;
    const SelfSignedCertificate* certificate = nullptr;  // needed unless kPlain
    std::string login;  // "user:password" makes a login (over TLS) required
  };

  explicit LocalSmtpServer(const Options& options) : maildir_(dir_.path() + "/mail") {
    std::filesystem::create_directory(maildir_);
    std::vector<std::string> args = {"/usr/bin/python3",
                                     CAIRN_TEST_DATA_DIR "/test_support/smtp_server.py",
                                     "--maildir", maildir_, "--mode"};
    args.push_back(options.mode == Mode::kPlain      ? "plain"
                   : options.mode == Mode::kStartTls ? "starttls"
                                                     : "smtps");
    if (options.certificate) {
      args.insert(args.end(), {"--cert", options.certificate->cert_path(), "--key",
                               options.certificate->key_path()});
    }
    if (!options.login.empty()) args.insert(args.end(), {"--auth", options.login});
    int to_child[2];
    int from_child[2];
    REQUIRE(::pipe2(to_child, O_CLOEXEC) == 0);
    REQUIRE(::pipe2(from_child, O_CLOEXEC) == 0);
    const std::string log_path = dir_.path() + "/server.log";
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (log >= 0) ::dup2(log, 2);
      std::vector<char*> argv;
      for (std::string& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      _exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    stdin_ = to_child[1];
    // Waits for "PORT <n>\n"; the server exits when `stdin_` closes.
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd entry{from_child[0], POLLIN, 0};
      if (::poll(&entry, 1, 100) <= 0) continue;
      char chunk[64];
      const ssize_t got = ::read(from_child[0], chunk, sizeof chunk);
      if (got <= 0) break;
      line.append(chunk, static_cast<size_t>(got));
    }
    ::close(from_child[0]);
    INFO("smtp_server.py said: " << line << ReadWholeFile(log_path));
    REQUIRE(line.rfind("PORT ", 0) == 0);
    port_ = std::atoi(line.c_str() + 5);
    REQUIRE(port_ > 0);
  }

  ~LocalSmtpServer() {
    ::close(stdin_);
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  LocalSmtpServer(const LocalSmtpServer&) = delete;
  LocalSmtpServer& operator=(const LocalSmtpServer&) = delete;

  int port() const { return port_; }

  // The mails accepted so far, in order.
  std::vector<ReceivedMail> Mails() const {
    std::vector<ReceivedMail> mails;
    for (int n = 1;; ++n) {
      const std::string base = maildir_ + "/" + std::to_string(n);
      if (!std::filesystem::exists(base + ".json")) return mails;
      const nlohmann::json facts = nlohmann::json::parse(ReadWholeFile(base + ".json"));
      ReceivedMail mail;
      mail.message = ReadWholeFile(base + ".eml");
      mail.mail_from = facts["mail_from"];
      mail.rcpt_tos = facts["rcpt_tos"].get<std::vector<std::string>>();
      mail.tls = facts["tls"];
      if (facts["login"].is_string()) mail.login = facts["login"];
      mails.push_back(std::move(mail));
    }
  }

  // Waits until `count` mails have arrived (true) or `timeout` passes (false), for senders in
  // other processes.
  bool WaitForMails(size_t count, std::chrono::milliseconds timeout) const {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (Mails().size() < count) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
  }

 private:
  TempDir dir_;
  std::string maildir_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  int port_ = 0;
};

}  // namespace cairn::test_support
