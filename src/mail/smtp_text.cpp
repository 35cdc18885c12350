// Byte-level text helpers shared by the SMTP URL parser, the message formatter and the client.
#include "mail/smtp_text.h"

#include <algorithm>

namespace cairn::mail::internal {

bool IsControl(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

bool HasControl(std::string_view text) { return std::any_of(text.begin(), text.end(), IsControl); }

// Anything fancier (display names, quoted local parts) is not needed for our mail.
bool IsPlainAddress(std::string_view address) {
  if (address.find('@') == std::string_view::npos) return false;
  return std::none_of(address.begin(), address.end(),
                      [](char c) { return IsControl(c) || c == ' ' || c == '<' || c == '>'; });
}

std::string LowerAscii(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

}  // namespace cairn::mail::internal
