// The mail as composed before the transport: CRLF bodies, SMTP's line limit, the checks that
// keep header injection out.
#include "mail/smtp_message.h"

#include <catch2/catch.hpp>
#include <string>

namespace cairn::mail::internal {
namespace {

SmtpSettings Settings() {
  SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.from = "cairn@pi.local";
  return settings;
}

std::string Body(const std::string& data) { return data.substr(data.find("\r\n\r\n") + 4); }

TEST_CASE("every kind of line ending in a body becomes CRLF, and dots are left to the transport",
          "[mail]") {
  struct Case {
    const char* body;
    const char* composed;  // what follows the blank line after the headers
  };
  const Case cases[] = {
      {"", ""},
      {"one line, no newline", "one line, no newline\r\n"},
      {"unix\nlines\n", "unix\r\nlines\r\n"},
      {"dos\r\nlines\r\n", "dos\r\nlines\r\n"},
      {"old mac\rlines", "old mac\r\nlines\r\n"},
      {"blank\n\nline", "blank\r\n\r\nline\r\n"},
      // libcurl doubles leading dots and adds the final "." line: doing it here too would
      // deliver ".." to the reader.
      {".", ".\r\n"},
      {"a\n.\nb", "a\r\n.\r\nb\r\n"},
      {"Grüße vom Berg ⛰", "Grüße vom Berg ⛰\r\n"},
  };
  for (const Case& c : cases) {
    INFO(c.body);
    const util::Result<std::string> data =
        FormatMessageData(Settings(), {"hiker@example.org", "Hi", c.body});
    REQUIRE(data.ok());
    CHECK(Body(*data) == c.composed);
  }
}

TEST_CASE("a body line is refused when it would exceed 998 octets on the wire", "[mail]") {
  struct Case {
    std::string line;
    bool fits;
  };
  const Case cases[] = {
      {std::string(998, 'x'), true},
      {std::string(999, 'x'), false},
      // A leading dot is doubled on the wire.
      {"." + std::string(996, 'x'), true},
      {"." + std::string(997, 'x'), false},
  };
  for (const Case& c : cases) {
    INFO(c.line.size());
    const util::Result<std::string> data =
        FormatMessageData(Settings(), {"hiker@example.org", "Hi", "ok\n" + c.line + "\nok"});
    CHECK(data.ok() == c.fits);
    if (!data.ok()) CHECK_THAT(data.error().message, Catch::Contains("longer than 998"));
  }
}

}  // namespace
}  // namespace cairn::mail::internal
