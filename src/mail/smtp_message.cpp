// Mail formatting for SMTP: RFC 5322 headers and date, RFC 2047 subjects, CRLF bodies within
// SMTP's line limit, and the checks that keep header injection out.
#include "mail/smtp_message.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string_view>

#include "mail/smtp_text.h"
#include "util/base64.h"
#include "util/random.h"

namespace cairn::mail::internal {
namespace {

// RFC 5321 4.5.3.1.6: a text line is at most 1000 octets including its CRLF.
constexpr size_t kMaxLineOctets = 998;
// RFC 2047 encoded words stay under 76 characters: 45 bytes become 60 base64 characters.
constexpr size_t kEncodedWordBytes = 45;

bool IsAscii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// RFC 5322 section 3.3, in UTC and with English names whatever the locale.
std::string FormatMailDate(std::time_t when) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::tm utc{};
  ::gmtime_r(&when, &utc);
  char text[80];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[utc.tm_wday % 7],
                utc.tm_mday, kMonths[utc.tm_mon % 12], utc.tm_year + 1900, utc.tm_hour, utc.tm_min,
                utc.tm_sec);
  return text;
}

// The Subject value: verbatim when it is short ASCII, otherwise RFC 2047 encoded words folded
// onto continuation lines, split between UTF-8 characters.
std::string EncodeSubject(std::string_view subject) {
  if (IsAscii(subject) && subject.size() + 9 <= kMaxLineOctets) return std::string(subject);
  std::string encoded;
  size_t start = 0;
  while (start < subject.size()) {
    size_t end = std::min(start + kEncodedWordBytes, subject.size());
    const auto is_continuation = [&](size_t i) {
      return (static_cast<unsigned char>(subject[i]) & 0xC0) == 0x80;
    };
    while (end < subject.size() && end > start + 1 && is_continuation(end)) --end;
    if (!encoded.empty()) encoded += "\r\n ";
    encoded += "=?UTF-8?B?" + util::Base64Encode(subject.substr(start, end - start)) + "?=";
    start = end;
  }
  return encoded;
}

// The body as CRLF lines; nullopt when a line is too long for SMTP once the transport has
// doubled its leading dot (RFC 5321 4.5.2).
std::optional<std::string> FormatBody(std::string_view text) {
  std::string body;
  body.reserve(text.size() + text.size() / 16);
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find_first_of("\r\n", start);
    const std::string_view line = text.substr(start, end - start);
    const bool needs_stuffing = !line.empty() && line.front() == '.';
    if (line.size() + (needs_stuffing ? 1 : 0) > kMaxLineOctets) return std::nullopt;
    body += line;
    body += "\r\n";
    if (end == std::string_view::npos) break;
    const bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
    start = end + (crlf ? 2 : 1);
  }
  return body;
}

}  // namespace

util::Result<std::string> FormatMessageData(const SmtpSettings& settings,
                                            const MailMessage& message) {
  std::optional<std::string> body = FormatBody(message.text_body);
  if (!body) {
    return util::Error::InvalidArgument("smtp: a body line is longer than 998 octets");
  }
  const std::string domain = settings.from.substr(settings.from.rfind('@') + 1);
  std::string data;
  data += "From: " + settings.from + "\r\n";
  data += "To: " + message.to + "\r\n";
  data += "Subject: " + EncodeSubject(message.subject) + "\r\n";
  data += "Date: " + FormatMailDate(std::time(nullptr)) + "\r\n";
  data += "Message-ID: <" + util::RandomString(24) + "@" + domain + ">\r\n";
  data += "MIME-Version: 1.0\r\n";
  data += "Content-Type: text/plain; charset=utf-8\r\n";
  data += "Content-Transfer-Encoding: 8bit\r\n";
  data += "\r\n";
  data += *body;
  return data;
}

util::Status ValidateRequest(const SmtpSettings& settings, const MailMessage& message) {
  if (settings.host.empty()) return util::Error::InvalidArgument("smtp: no server host is set");
  if (settings.port < 1 || settings.port > 65535) {
    return util::Error::InvalidArgument("smtp: the port must be from 1 to 65535");
  }
  if (!IsPlainAddress(settings.from)) {
    return util::Error::InvalidArgument(
        "smtp: the sender must be a plain address such as cairn@example.org");
  }
  if (HasControl(settings.username) || HasControl(settings.password)) {
    return util::Error::InvalidArgument(
        "smtp: the user name and password must not contain control characters");
  }
  if (!IsPlainAddress(message.to)) {
    return util::Error::InvalidArgument(
        "smtp: the recipient must be a plain address without spaces, line breaks or angle "
        "brackets");
  }
  if (message.subject.find_first_of("\r\n") != std::string::npos) {
    return util::Error::InvalidArgument("smtp: the subject must not contain line breaks");
  }
  if (std::any_of(message.subject.begin(), message.subject.end(),
                  [](char c) { return IsControl(c) && c != '\t'; })) {
    return util::Error::InvalidArgument("smtp: the subject must not contain control characters");
  }
  return util::OkStatus();
}

}  // namespace cairn::mail::internal
