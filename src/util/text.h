// Small text helpers shared by the protocol, file-format and record code.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cairn::util {

// Case-insensitive equality for ASCII names (header tokens, XML names, archive entries); other
// bytes must match exactly.
inline bool EqualsIgnoringAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    char y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// `text` with ASCII letters lowercased (for ordering names as people read them).
inline std::string LowercaseAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// `text` without the white space (space, tab, CR, LF, FF, VT) at either end.
inline std::string_view TrimWhitespace(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n\f\v";
  const size_t first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// `utf8` cut to at most `max_characters` Unicode characters, never inside a character.
inline std::string_view TruncateUtf8(std::string_view utf8, size_t max_characters) {
  size_t characters = 0;
  for (size_t i = 0; i < utf8.size(); ++i) {
    const bool starts_character = (static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80;
    if (starts_character && characters++ == max_characters) return utf8.substr(0, i);
  }
  return utf8;
}

}  // namespace cairn::util
