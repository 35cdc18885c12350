// Text and JSON log lines.
#include "util/log.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>

namespace cairn::util {
namespace {

// Process-wide like the stderr it describes; set before any thread but main logs.
std::atomic<LogFormat> log_format{LogFormat::kText};

const char* LevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kInfo:
      return "info";
    case LogLevel::kWarning:
      return "warning";
    case LogLevel::kError:
      return "error";
  }
  return "info";
}

// "2026-11-28T04:24:00.123Z".
std::string UtcNow() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  ::gmtime_r(&seconds, &utc);
  char text[40];
  const size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%03dZ", static_cast<int>(millis));
  return text;
}

// The length of the UTF-8 sequence starting at text[i], or 0 when it is not one.
size_t Utf8Length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  size_t length = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  }
  // Overlong forms, surrogates and code points past U+10FFFF.
  if (lead == 0xe0 && byte(i + 1) < 0xa0) return 0;
  if (lead == 0xed && byte(i + 1) >= 0xa0) return 0;
  if (lead == 0xf0 && byte(i + 1) < 0x90) return 0;
  if (lead == 0xf4 && byte(i + 1) >= 0x90) return 0;
  return length;
}

void WriteLine(const std::string& line) {
  // stderr is unbuffered: one fwrite is one write(2) of the whole line.
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace

void SetLogFormat(LogFormat format) { log_format.store(format); }

std::string JsonQuoted(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t length = Utf8Length(text, i);
      if (length == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  return out + "\"";
}

void Log(LogLevel level, std::string_view message) {
  if (log_format.load() == LogFormat::kJson) {
    WriteLine("{\"time\":\"" + UtcNow() + "\",\"level\":\"" + LevelName(level) +
              "\",\"msg\":" + JsonQuoted(message) + "}\n");
    return;
  }
  std::string line;
  if (level != LogLevel::kInfo) line = std::string(LevelName(level)) + ": ";
  line.append(message);
  WriteLine(line + "\n");
}

void LogRequest(const RequestLogLine& request) {
  char ms[32] = "-";
  if (request.ms >= 0) std::snprintf(ms, sizeof ms, "%.2f", request.ms);
  const std::string status = std::to_string(request.status);
  if (log_format.load() == LogFormat::kJson) {
    const std::string msg =
        std::string(request.method) + " " + std::string(request.path) + " " + status;
    WriteLine("{\"time\":\"" + UtcNow() + "\",\"level\":\"info\",\"msg\":" + JsonQuoted(msg) +
              ",\"method\":" + JsonQuoted(request.method) +
              ",\"route\":" + JsonQuoted(request.route) + ",\"path\":" + JsonQuoted(request.path) +
              ",\"status\":" + status + ",\"ms\":" + (request.ms >= 0 ? ms : "null") + "}\n");
    return;
  }
  WriteLine(std::string(request.method) + " " + std::string(request.path) + " " + status + " " +
            (request.ms >= 0 ? std::string(ms) + "ms" : "-") + "\n");
}

}  // namespace cairn::util
