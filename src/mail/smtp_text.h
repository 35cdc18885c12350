// Byte-level text helpers shared by the SMTP URL parser, the message formatter and the client.
#pragma once

#include <string>
#include <string_view>

namespace cairn::mail::internal {

// True for the ASCII control characters, 0x00-0x1F and DEL.
bool IsControl(char c);

// True when `text` holds any character for which IsControl is true.
bool HasControl(std::string_view text);

// True for an address that can go between angle brackets in MAIL FROM/RCPT TO and into a header
// unchanged: it contains '@' and no whitespace, control characters or angle brackets.
bool IsPlainAddress(std::string_view address);

// `text` with ASCII letters lowered; other bytes unchanged, whatever the locale.
std::string LowerAscii(std::string_view text);

}  // namespace cairn::mail::internal
