// HTTP dates (RFC 9110 section 5.6.7, IMF-fixdate): Last-Modified, If-Modified-Since, and the
// Date header that federation requests sign.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::util {

// "Sun, 06 Nov 1994 08:49:37 GMT" for a Unix time (seconds, UTC).
std::string HttpDate(int64_t unix_seconds);

// The Unix time of an IMF-fixdate, or nullopt when `text` is not one: the obsolete RFC 850 and
// asctime forms, another zone than "GMT", an impossible date (31 Apr) or time. The weekday is
// not checked against the date.
std::optional<int64_t> ParseHttpDate(std::string_view text);

}  // namespace cairn::util
