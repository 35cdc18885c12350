// Domains this server neither hears from nor sends to (ap_blocked_domains, `cairn federation
// block`): a block covers the domain and every name under it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// Whether `host` ("social.example.org", lower case, no port) or a domain above it is blocked.
util::Result<bool> IsBlockedHost(storage::Connection& connection, std::string_view host);

// Whether the host of `url` is blocked; a URL that cannot be read counts as blocked.
util::Result<bool> IsBlockedUrl(storage::Connection& connection, std::string_view url);

// The admin's list (`cairn federation block|unblock|blocks`). `domain` is lower-cased and must
// be a host name: InvalidArgument otherwise. A block also drops the deliveries waiting to go
// there; what people there already made here stays.
util::Status BlockDomain(storage::Database& database, std::string_view domain,
                         const std::string& now);
util::Result<bool> UnblockDomain(storage::Database& database, std::string_view domain);
util::Result<std::vector<std::string>> BlockedDomains(storage::Database& database);

}  // namespace cairn::services
