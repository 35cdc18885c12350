// The admin CLI. It opens the database like the server does (SQLite coordinates the two
// processes' writes) but not the data dir lock, which belongs to the one serving process.
#include "app/user_command.h"

#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/admin_terminal.h"
#include "app/core.h"

namespace cairn::app {
namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "cairn user: %s\n", message.c_str());
  return 1;
}

// One line from standard input, echo off when it is a terminal.
std::optional<std::string> ReadSecretLine(const char* prompt) {
  const bool terminal = ::isatty(STDIN_FILENO);
  termios saved{};
  if (terminal) {
    std::fprintf(stderr, "%s", prompt);
    ::tcgetattr(STDIN_FILENO, &saved);
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  }
  std::string line;
  const bool read = static_cast<bool>(std::getline(std::cin, line));
  if (terminal) {
    ::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    std::fprintf(stderr, "\n");
  }
  if (!read) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::optional<std::string> ReadPassword(const Config& config) {
  auto password = ReadSecretLine("Password: ");
  if (!password || config.password_stdin || !::isatty(STDIN_FILENO)) return password;
  auto again = ReadSecretLine("Password again: ");
  if (!again || *again != *password) {
    std::fprintf(stderr, "cairn user: the passwords do not match\n");
    return std::nullopt;
  }
  return password;
}

}  // namespace

int RunUserCommand(const Config& config) {
  if (!std::filesystem::exists(config.data_dir + "/data.db")) {
    // The first account may come before the first start; anything else needs existing data.
    if (config.user_action != "add") {
      return Fail("no Cairn data in " + config.data_dir + " (is --dir right?)");
    }
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(config.data_dir) / "storage", ec);
    if (ec) return Fail("cannot create " + config.data_dir + ": " + ec.message());
    std::fprintf(stderr, "cairn user: created the data dir %s\n", config.data_dir.c_str());
  }
  auto core = BuildCore(config);
  if (!core.ok()) return Fail(core.error().message);
  services::AccountService& accounts = *(*core)->accounts;
  const std::string& action = config.user_action;
  const auto& args = config.user_args;

  if (action == "list") {
    auto users = accounts.AdminList();
    if (!users.ok()) return Fail(DescribeForTerminal(users.error()));
    std::printf("%-15s  %-24s  %-32s  %s\n", "ID", "USERNAME", "EMAIL", "CREATED");
    for (const auto& u : *users) {
      std::printf("%-15s  %-24s  %-32s  %s\n", u.id.c_str(), u.username.c_str(), u.email.c_str(),
                  u.created.c_str());
    }
    return 0;
  }
  if (action == "delete") {
    if (!ConfirmAtTerminal(config, "Delete " + args[0] + " and everything they authored?")) {
      return Fail("not deleted (confirm on a terminal, or pass --yes)");
    }
    auto deleted = accounts.AdminDelete(args[0]);
    if (!deleted.ok()) return Fail(DescribeForTerminal(deleted.error()));
    std::printf("deleted %s\n", args[0].c_str());
    return 0;
  }
  const std::optional<std::string> password = ReadPassword(config);
  if (!password) return Fail("no password given");
  if (action == "add") {
    auto created = accounts.AdminCreate(args[0], args[1], *password);
    if (!created.ok()) return Fail(DescribeForTerminal(created.error()));
    std::printf("created %s (%s)\n", created->username.c_str(), created->id.c_str());
    return 0;
  }
  auto changed = accounts.AdminSetPassword(args[0], *password);  // passwd
  if (!changed.ok()) return Fail(DescribeForTerminal(changed.error()));
  std::printf("password of %s changed; their sessions are signed out\n", args[0].c_str());
  return 0;
}

}  // namespace cairn::app
