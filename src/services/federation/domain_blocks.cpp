// Domain blocks read from ap_blocked_domains: the host and each domain above it are looked up in
// one indexed query.
#include "services/federation/domain_blocks.h"

#include "net/url_client.h"
#include "util/text.h"

namespace cairn::services {
namespace {

bool IsHostName(std::string_view domain) {
  if (domain.empty() || domain.size() > 253 || domain.front() == '.' || domain.back() == '.') {
    return false;
  }
  for (char c : domain) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
                    c == ':';  // an IPv6 literal, for tests on loopback
    if (!ok) return false;
  }
  return true;
}

}  // namespace

util::Result<bool> IsBlockedHost(storage::Connection& connection, std::string_view host) {
  std::string lower = util::LowercaseAscii(host);
  if (lower.ends_with('.')) lower.pop_back();  // "example.org." is example.org
  storage::SqlParams candidates;
  std::string placeholders;
  // An address literal is only itself: "1.1" is no domain above 10.1.1.1.
  const bool address = lower.find(':') != std::string::npos ||
                       lower.find_first_not_of("0123456789.") == std::string::npos;
  if (address) {
    candidates.emplace_back(lower);
    placeholders = "?";
  }
  for (size_t start = 0; !address && start != std::string::npos;) {
    candidates.emplace_back(lower.substr(start));
    placeholders += placeholders.empty() ? "?" : ", ?";
    const size_t dot = lower.find('.', start);
    start = dot == std::string::npos ? std::string::npos : dot + 1;
  }
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      connection.Query(  // A handful of rows, typed in any case by hand or by an older release.
          "SELECT 1 FROM ap_blocked_domains WHERE lower(domain) IN (" + placeholders + ")",
          candidates));
  return !rows.rows.empty();
}

util::Result<bool> IsBlockedUrl(storage::Connection& connection, std::string_view url) {
  auto host = net::HostOf(url);
  if (!host.ok()) return true;
  return IsBlockedHost(connection, *host);
}

util::Status BlockDomain(storage::Database& database, std::string_view domain,
                         const std::string& now) {
  const std::string lower = util::LowercaseAscii(domain);
  if (!IsHostName(lower)) {
    return util::Error::InvalidArgument("\"" + std::string(domain) +
                                        "\" is not a domain name (example: social.example.org).");
  }
  CAIRN_RETURN_IF_ERROR(
      database.Write<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
        CAIRN_RETURN_IF_ERROR(
            c.Execute("INSERT INTO ap_blocked_domains (domain, created) VALUES (?, ?) "
                      "ON CONFLICT (domain) DO NOTHING",
                      {lower, now}));
        // What waits to go there goes nowhere.
        CAIRN_ASSIGN_OR_RETURN(auto queued, c.Query("SELECT id, inbox FROM ap_deliveries"));
        int64_t dropped = 0;
        for (const auto& row : queued.rows) {
          CAIRN_ASSIGN_OR_RETURN(bool blocked, IsBlockedUrl(c, std::get<std::string>(row[1])));
          if (!blocked) continue;
          CAIRN_ASSIGN_OR_RETURN(int64_t removed,
                                 c.Execute("DELETE FROM ap_deliveries WHERE id = ?", {row[0]}));
          dropped += removed;
        }
        return dropped;
      }));
  return util::OkStatus();
}

util::Result<bool> UnblockDomain(storage::Database& database, std::string_view domain) {
  const std::string lower = util::LowercaseAscii(domain);
  CAIRN_ASSIGN_OR_RETURN(int64_t removed, database.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute("DELETE FROM ap_blocked_domains WHERE domain = ?", {lower});
  }));
  return removed > 0;
}

util::Result<std::vector<std::string>> BlockedDomains(storage::Database& database) {
  return database.Read<std::vector<std::string>>(
      [](storage::Connection& c) -> util::Result<std::vector<std::string>> {
        CAIRN_ASSIGN_OR_RETURN(auto rows,
                               c.Query("SELECT domain FROM ap_blocked_domains ORDER BY domain"));
        std::vector<std::string> out;
        for (const auto& row : rows.rows) out.push_back(std::get<std::string>(row[0]));
        return out;
      });
}

}  // namespace cairn::services
