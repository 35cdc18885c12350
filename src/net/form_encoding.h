// application/x-www-form-urlencoded, as OAuth token endpoints take their bodies and as query
// strings carry parameters (RFC 3986 unreserved characters kept, every other byte as %XX).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::net {

using FormFields = std::vector<std::pair<std::string, std::string>>;

// `text` with every byte but A-Z a-z 0-9 - . _ ~ as %XX.
std::string PercentEncode(std::string_view text);

// "name=value&name=value", both sides percent-encoded, in the order given.
std::string FormEncode(const FormFields& fields);

}  // namespace cairn::net
