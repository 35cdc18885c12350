// UTF-8 checks, references and encodings for the XML scanner.
#include "geo/xml_text.h"

#include <array>
#include <cstdint>

namespace cairn::geo::xml_internal {
namespace {

char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

bool IsContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The characters XML 1.0 allows in a document (its production [2] Char).
bool IsXmlChar(char32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<XmlEncoding> EncodingFromName(std::string_view name) {
  for (std::string_view utf8 : {"UTF-8", "UTF8", "US-ASCII", "ASCII"}) {
    if (EqualsIgnoringCase(name, utf8)) return XmlEncoding::kUtf8;
  }
  for (std::string_view latin1 :
       {"ISO-8859-1", "ISO8859-1", "ISO_8859-1", "ISO-LATIN-1", "LATIN1", "LATIN-1", "L1"}) {
    if (EqualsIgnoringCase(name, latin1)) return XmlEncoding::kLatin1;
  }
  return std::nullopt;
}

size_t Utf8SequenceLength(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char c = byte(0);
  if (c < 0x80) return 1;
  size_t length = 0;
  unsigned char second_min = 0x80, second_max = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    length = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    length = 3;
    if (c == 0xE0) second_min = 0xA0;  // overlong
    if (c == 0xED) second_max = 0x9F;  // UTF-16 surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    length = 4;
    if (c == 0xF0) second_min = 0x90;  // overlong
    if (c == 0xF4) second_max = 0x8F;  // past U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  if (byte(1) < second_min || byte(1) > second_max) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (!IsContinuation(byte(i))) return 0;
  }
  return length;
}

size_t ParseReference(std::string_view text, char32_t* character) {
  // The longest well-formed reference is "&#x0010FFFF;" with a few leading zeros; anything much
  // longer is malformed, and the bound keeps the scan short.
  constexpr size_t kMaxReferenceLength = 16;
  const size_t semicolon = text.substr(0, kMaxReferenceLength).find(';');
  if (text.size() < 3 || text[0] != '&' || semicolon == std::string_view::npos) return 0;
  const std::string_view body = text.substr(1, semicolon - 1);
  static constexpr std::array<std::pair<std::string_view, char32_t>, 5> kEntities = {
      {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}}};
  for (const auto& [name, value] : kEntities) {
    if (body == name) {
      *character = value;
      return semicolon + 1;
    }
  }
  if (body.size() < 2 || body[0] != '#') return 0;
  const bool hex = body[1] == 'x';
  const std::string_view digits = body.substr(hex ? 2 : 1);
  if (digits.empty()) return 0;
  uint32_t value = 0;
  for (char c : digits) {
    const int digit = hex ? HexValue(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
    if (digit < 0) return 0;
    value = value * (hex ? 16 : 10) + static_cast<uint32_t>(digit);
    if (value > 0x10FFFF) return 0;  // also keeps the next multiplication from overflowing
  }
  if (!IsXmlChar(value)) return 0;
  *character = value;
  return semicolon + 1;
}

void AppendUtf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (c >> 6)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (c >> 12)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (c >> 18)));
    out->push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

void AppendDecoded(std::string_view raw, bool is_cdata, XmlEncoding encoding, std::string* out) {
  for (size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '&' && !is_cdata) {
      char32_t character = 0;
      const size_t length = ParseReference(raw.substr(i), &character);
      if (length > 0) {
        AppendUtf8(character, out);
        i += length - 1;
        continue;
      }
    } else if (c == '\r') {
      out->push_back('\n');
      if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
      continue;
    } else if (encoding == XmlEncoding::kLatin1 && static_cast<unsigned char>(c) >= 0x80) {
      AppendUtf8(static_cast<unsigned char>(c), out);  // ISO-8859-1 bytes are code points
      continue;
    }
    out->push_back(c);
  }
}

std::string QuoteForMessage(std::string_view text, size_t max_chars) {
  std::string quoted;
  size_t chars = 0;
  size_t i = 0;
  while (i < text.size() && chars < max_chars) {
    const size_t length = Utf8SequenceLength(text.substr(i));
    if (length == 0) {
      quoted.push_back('?');
      ++i;
    } else if (length == 1 && static_cast<unsigned char>(text[i]) < 0x20) {
      quoted.push_back(' ');
      ++i;
    } else {
      quoted.append(text.substr(i, length));
      i += length;
    }
    ++chars;
  }
  if (i < text.size()) quoted += "...";
  return quoted;
}

}  // namespace cairn::geo::xml_internal
