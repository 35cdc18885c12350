// The federation admin CLI. It opens the database beside a running server (SQLite coordinates
// the writes); a running server reads blocks on every request, so a block takes effect at once.
#include "app/federation_command.h"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include "app/admin_terminal.h"
#include "services/federation/delivery_backlog.h"
#include "services/federation/domain_blocks.h"
#include "storage/database.h"
#include "util/timestamp.h"

namespace cairn::app {
namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "cairn federation: %s\n", message.c_str());
  return 1;
}

int Status(storage::Database& database) {
  auto backlog = services::DeliveryBacklog(database);
  if (!backlog.ok()) return Fail(DescribeForTerminal(backlog.error()));
  if (backlog->empty()) {
    std::printf("no deliveries waiting\n");
    return 0;
  }
  const int64_t now = std::time(nullptr);
  std::printf("%7s  %9s  %8s  %8s  %s\n", "WAITING", "OLDEST", "NEXT IN", "ATTEMPTS", "INBOX");
  for (const auto& inbox : *backlog) {
    std::printf("%7lld  %8llds  %7llds  %8lld  %s%s%s\n", static_cast<long long>(inbox.waiting),
                static_cast<long long>(now - inbox.oldest),
                static_cast<long long>(std::max<int64_t>(0, inbox.next_attempt - now)),
                static_cast<long long>(inbox.attempts), inbox.inbox.c_str(),
                inbox.last_error.empty() ? "" : "  last error: ", inbox.last_error.c_str());
  }
  return 0;
}

}  // namespace

int RunFederationCommand(const Config& config) {
  const std::string path = config.data_dir + "/data.db";
  if (!std::filesystem::exists(path)) {
    return Fail("no Cairn data in " + config.data_dir + " (is --dir right?)");
  }
  auto database = storage::Database::Open({path, 1});
  if (!database.ok()) return Fail(database.error().message);
  storage::Database& db = **database;
  const std::string& action = config.federation_action;
  if (action == "status") return Status(db);
  if (action == "blocks") {
    auto domains = services::BlockedDomains(db);
    if (!domains.ok()) return Fail(DescribeForTerminal(domains.error()));
    for (const std::string& domain : *domains) std::printf("%s\n", domain.c_str());
    return 0;
  }
  const std::string& domain = config.federation_args[0];
  if (action == "block") {
    auto blocked =
        services::BlockDomain(db, domain, util::FormatTimestamp(std::time(nullptr) * 1000));
    if (!blocked.ok()) return Fail(DescribeForTerminal(blocked.error()));
    std::printf("blocked %s and every name under it: nothing is accepted from or sent there\n",
                domain.c_str());
    return 0;
  }
  auto removed = services::UnblockDomain(db, domain);  // unblock
  if (!removed.ok()) return Fail(DescribeForTerminal(removed.error()));
  if (!*removed) return Fail(domain + " was not blocked");
  std::printf("unblocked %s\n", domain.c_str());
  return 0;
}

}  // namespace cairn::app
