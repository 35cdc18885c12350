// Timestamps in the record model's form "YYYY-MM-DD HH:MM:SS.mmmZ" and calendar dates "YYYY-MM-DD".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::util {

// Formats epoch milliseconds as "YYYY-MM-DD HH:MM:SS.mmmZ" (UTC).
std::string FormatTimestamp(int64_t epoch_millis);

// Parses a calendar date or a date-time and returns its UTC "YYYY-MM-DD" date.
// Accepts "YYYY-MM-DD", "YYYY-MM-DD HH:MM[:SS[.fff]]" and the ISO 8601 "T" form, optionally
// followed by "Z" or a "+HH:MM"/"-HH:MM" offset; an offset moves the date to UTC's day
// ("2024-05-06T23:30:00-05:00" is 2024-05-07), a time without one is UTC. Returns nullopt for
// anything else, including impossible dates such as 2023-02-30.
std::optional<std::string> ParseCalendarDate(std::string_view text);

// Parses the same forms as ParseCalendarDate into epoch milliseconds (UTC; a bare date is its
// midnight, a time without zone is UTC). Returns nullopt for anything else.
std::optional<int64_t> ParseTimestampMillis(std::string_view text);

}  // namespace cairn::util
