// The server's log lines on stderr (journald): as plain text, or one JSON object per line
// (--log-format json) for log collectors.
#pragma once

#include <string>
#include <string_view>

namespace cairn::util {

enum class LogFormat { kText, kJson };
enum class LogLevel { kInfo, kWarning, kError };

// Chooses the format of every later line. Call it once at start, before other threads log; the
// format is process-wide because stderr is.
void SetLogFormat(LogFormat format);

// Writes `message` as one line: in text as it is (warnings and errors prefixed "warning: " and
// "error: "); in JSON as {"time", "level", "msg"}. Thread-safe: each line is one write, so lines
// of different threads never interleave. Messages must not hold secrets.
void Log(LogLevel level, std::string_view message);
inline void LogInfo(std::string_view message) { Log(LogLevel::kInfo, message); }
inline void LogWarning(std::string_view message) { Log(LogLevel::kWarning, message); }
inline void LogError(std::string_view message) { Log(LogLevel::kError, message); }

// One answered request. `path` is without its query string (which may hold a share token);
// `route` is the pattern that answered it ("/api/v1/trail/:id"); `ms` is negative when unknown.
struct RequestLogLine {
  std::string_view method;
  std::string_view path;
  std::string_view route;
  int status = 0;
  double ms = -1;
};

// Writes a request line: in text "GET /api/health 200 0.31ms"; in JSON {"time", "level",
// "msg", "method", "route", "path", "status", "ms"}. Thread-safe like Log.
void LogRequest(const RequestLogLine& line);

// `text` as a JSON string literal with its quotes: control characters escaped, bytes that are
// not UTF-8 replaced by U+FFFD, so every line parses.
std::string JsonQuoted(std::string_view text);

}  // namespace cairn::util
