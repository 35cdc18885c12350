// The streaming XML scanner: one pass over the input bytes, checking well-formedness as it goes.
#include "geo/xml_scanner.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>

namespace cairn::geo::xml_internal {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

enum NameClass : uint8_t { kNotName = 0, kNameStart = 1, kNameChar = 2 };

// Which bytes may start or continue an XML name. Every non-ASCII byte is taken as a name
// character: names only steer the readers and never reach the user, so checking the Unicode
// name classes would cost time and protect nothing.
constexpr std::array<uint8_t, 256> MakeNameTable() {
  std::array<uint8_t, 256> table{};
  for (int c = 0; c < 256; ++c) {
    const bool start =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c >= 0x80;
    const bool follow = start || (c >= '0' && c <= '9') || c == '-' || c == '.';
    table[c] = start ? (kNameStart | kNameChar) : (follow ? kNameChar : kNotName);
  }
  return table;
}
constexpr std::array<uint8_t, 256> kNameTable = MakeNameTable();

std::string_view LocalNameOf(std::string_view qualified_name) {
  const size_t colon = qualified_name.rfind(':');
  return colon == std::string_view::npos ? qualified_name : qualified_name.substr(colon + 1);
}

std::string Tag(std::string_view name) { return "<" + QuoteForMessage(name) + ">"; }

constexpr uint64_t kEveryByte = 0x0101010101010101;
constexpr uint64_t kHighBits = 0x8080808080808080;

// Whether any byte of `word` equals `byte` (the classic "has zero byte" bit trick on word ^ byte).
constexpr uint64_t HasByte(uint64_t word, uint8_t byte) {
  const uint64_t x = word ^ (kEveryByte * byte);
  return (x - kEveryByte) & ~x & kHighBits;
}

// The first index from `begin` (below `end`) where character data may need a closer look: a byte
// that is not ASCII, '&', '\r' or (in attributes) '<'. Eight bytes at a time, because most text in
// GPS files is plain ASCII white space and digits.
size_t SkipPlainAscii(std::string_view input, size_t begin, size_t end, bool in_attribute) {
  size_t i = begin;
  while (end - i >= 8) {
    uint64_t word = 0;
    std::memcpy(&word, input.data() + i, 8);
    const uint64_t special = (word & kHighBits) | HasByte(word, '&') | HasByte(word, '\r') |
                             (in_attribute ? HasByte(word, '<') : 0);
    if (special != 0) break;
    i += 8;
  }
  for (; i < end; ++i) {
    const auto c = static_cast<unsigned char>(input[i]);
    if (c >= 0x80 || c == '&' || c == '\r' || (in_attribute && c == '<')) break;
  }
  return i;
}

}  // namespace

XmlScanner::XmlScanner(std::string_view input, std::string_view format)
    : input_(input), format_(format) {
  stack_.reserve(16);
}

util::Status XmlScanner::status() const {
  if (error_) return *error_;
  return util::OkStatus();
}

util::Error XmlScanner::error() const {
  if (error_) return *error_;
  return util::Error::Internal(std::string(format_) + ": the reader stopped without an error");
}

util::Error XmlScanner::ErrorAt(size_t offset, std::string_view message) const {
  offset = std::min(offset, input_.size());
  size_t line = 1;
  size_t column = 1;
  // Columns count characters, not bytes, so they match what an editor shows.
  for (size_t i = input_.substr(0, 3) == kBom ? 3 : 0; i < offset; ++i) {
    const auto c = static_cast<unsigned char>(input_[i]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if (encoding_ == XmlEncoding::kLatin1 || (c & 0xC0) != 0x80) {
      ++column;
    }
  }
  return util::Error::InvalidArgument(std::string(format_) + ": line " + std::to_string(line) +
                                      ", column " + std::to_string(column) + ": " +
                                      std::string(message));
}

bool XmlScanner::Fail(size_t offset, std::string_view message) {
  if (!error_) error_ = ErrorAt(offset, message);
  kind_ = XmlTokenKind::kError;
  return false;
}

std::string_view XmlScanner::ParentLocalName() const {
  return stack_.size() < 2 ? std::string_view() : LocalNameOf(stack_[stack_.size() - 2]);
}

const XmlAttribute* XmlScanner::FindAttribute(std::string_view local_name) const {
  for (const XmlAttribute& attribute : attributes_) {
    if (attribute.local_name == local_name) return &attribute;
  }
  return nullptr;
}

std::string_view XmlScanner::AttributeValue(const XmlAttribute& attribute) {
  if (!attribute.needs_decoding) return attribute.raw_value;
  attribute_buffer_.clear();
  AppendDecoded(attribute.raw_value, false, encoding_, &attribute_buffer_);
  return attribute_buffer_;
}

size_t XmlScanner::OffsetOf(std::string_view piece, size_t fallback) const {
  const std::less_equal<const char*> at_or_before;
  if (piece.data() != nullptr && at_or_before(input_.data(), piece.data()) &&
      at_or_before(piece.data() + piece.size(), input_.data() + input_.size())) {
    return static_cast<size_t>(piece.data() - input_.data());
  }
  return fallback;
}

size_t XmlScanner::NameEnd(size_t position) const {
  const auto name_class = [&](size_t i) {
    return kNameTable[static_cast<unsigned char>(input_[i])];
  };
  if (position >= input_.size() || !(name_class(position) & kNameStart)) return position;
  size_t end = position + 1;
  while (end < input_.size() && (name_class(end) & kNameChar)) ++end;
  return end;
}

bool XmlScanner::Next() {
  if (kind_ == XmlTokenKind::kError || kind_ == XmlTokenKind::kEndOfDocument) return false;
  if (!started_) {
    started_ = true;
    if (!ReadDeclaration()) return false;
  }
  if (empty_element_pending_) {
    // <name/> reads as <name></name>: name_ and token_offset_ stay those of the start tag.
    empty_element_pending_ = false;
    stack_.pop_back();
    kind_ = XmlTokenKind::kEndTag;
    return true;
  }
  const size_t size = input_.size();
  while (position_ < size) {
    if (input_[position_] != '<') {
      const void* found = std::memchr(input_.data() + position_, '<', size - position_);
      const size_t end =
          found ? static_cast<size_t>(static_cast<const char*>(found) - input_.data()) : size;
      if (!stack_.empty()) return ReadCharacterData(end);
      for (size_t i = position_; i < end; ++i) {
        if (!IsSpace(input_[i])) {
          return Fail(i, root_seen_ ? "unexpected text after the end of the root element"
                                    : "unexpected text before the root element");
        }
      }
      position_ = end;
      continue;
    }
    token_offset_ = position_;
    const std::string_view rest = input_.substr(position_);
    if (rest.size() < 2) return Fail(size, "the file ends inside a tag");
    if (rest[1] == '/') return ReadEndTag();
    if (rest[1] == '?') {
      if (!SkipProcessingInstruction()) return false;
    } else if (rest.starts_with("<!--")) {
      if (!SkipComment()) return false;
    } else if (rest.starts_with("<![CDATA[")) {
      return ReadCdata();
    } else if (rest.starts_with("<!DOCTYPE")) {
      if (!SkipDoctype()) return false;
    } else if (rest[1] == '!') {
      return Fail(position_, "unexpected markup \"" + QuoteForMessage(rest, 12) + "\"");
    } else {
      return ReadStartTag();
    }
  }
  if (!stack_.empty()) {
    return Fail(size,
                "the file ends inside " + Tag(stack_.back()) + ": it is truncated or incomplete");
  }
  if (!root_seen_) return Fail(size, "the file has no root element");
  kind_ = XmlTokenKind::kEndOfDocument;
  return false;
}

bool XmlScanner::ReadDeclaration() {
  if (input_.starts_with("\xFE\xFF") || input_.starts_with("\xFF\xFE")) {
    return Fail(0, "the file is encoded as UTF-16; only UTF-8 and ISO-8859-1 are read");
  }
  const bool has_bom = input_.starts_with(kBom);
  if (has_bom) position_ = kBom.size();
  const std::string_view rest = input_.substr(position_);
  if (!rest.starts_with("<?xml") || rest.size() < 6 || !IsSpace(rest[5])) return true;
  token_offset_ = position_;
  size_t position = position_ + 5;
  bool unused_empty = false;
  if (!ReadAttributes(&position, /*declaration=*/true, &unused_empty)) return false;
  if (const XmlAttribute* encoding = FindAttribute("encoding")) {
    const std::optional<XmlEncoding> known = EncodingFromName(encoding->raw_value);
    const size_t offset = OffsetOf(encoding->raw_value, token_offset_);
    if (!known) {
      return Fail(offset, "the file is encoded as " + QuoteForMessage(encoding->raw_value) +
                              "; only UTF-8 and ISO-8859-1 are read");
    }
    if (*known == XmlEncoding::kLatin1 && has_bom) {
      return Fail(offset, "the file starts with a UTF-8 byte order mark but declares ISO-8859-1");
    }
    encoding_ = *known;
  }
  attributes_.clear();
  position_ = position;
  return true;
}

bool XmlScanner::ReadStartTag() {
  const size_t name_begin = position_ + 1;
  const size_t name_end = NameEnd(name_begin);
  if (name_end == name_begin) return Fail(position_, "\"<\" is not followed by an element name");
  const std::string_view name = input_.substr(name_begin, name_end - name_begin);
  if (stack_.empty() && root_seen_) {
    return Fail(position_, "a second root element " + Tag(name) + " after the first one closed");
  }
  if (stack_.size() >= kMaxDepth) {
    return Fail(position_, "elements are nested more than " + std::to_string(kMaxDepth) + " deep");
  }
  size_t position = name_end;
  bool empty_element = false;
  if (!ReadAttributes(&position, /*declaration=*/false, &empty_element)) return false;
  if (!CheckDuplicateAttributes(position_)) return false;
  name_ = name;
  local_name_ = LocalNameOf(name);
  stack_.push_back(name);
  root_seen_ = true;
  empty_element_pending_ = empty_element;
  position_ = position;
  kind_ = XmlTokenKind::kStartTag;
  return true;
}

bool XmlScanner::ReadAttributes(size_t* position, bool declaration, bool* empty_element) {
  attributes_.clear();
  const size_t size = input_.size();
  size_t p = *position;
  const char* const inside = declaration ? "the XML declaration" : "a tag";
  while (true) {
    const size_t before_space = p;
    while (p < size && IsSpace(input_[p])) ++p;
    if (p >= size) return Fail(size, std::string("the file ends inside ") + inside);
    const char c = input_[p];
    if (declaration && c == '?' && p + 1 < size && input_[p + 1] == '>') {
      *position = p + 2;
      return true;
    }
    if (!declaration && c == '>') {
      *position = p + 1;
      return true;
    }
    if (!declaration && c == '/' && p + 1 < size && input_[p + 1] == '>') {
      *empty_element = true;
      *position = p + 2;
      return true;
    }
    const size_t name_end = NameEnd(p);
    if (name_end == p) {
      return Fail(p, "unexpected \"" + QuoteForMessage(input_.substr(p, 1)) + "\" in " + inside);
    }
    if (p == before_space) return Fail(p, "attributes must be separated by white space");
    if (attributes_.size() == kMaxAttributes) {
      return Fail(p, "a tag has more than " + std::to_string(kMaxAttributes) + " attributes");
    }
    XmlAttribute attribute;
    attribute.qualified_name = input_.substr(p, name_end - p);
    attribute.local_name = LocalNameOf(attribute.qualified_name);
    const auto quoted_name = [&] {
      return "\"" + QuoteForMessage(attribute.qualified_name) + "\"";
    };
    p = name_end;
    while (p < size && IsSpace(input_[p])) ++p;
    if (p >= size || input_[p] != '=')
      return Fail(p, "the attribute " + quoted_name() + " has no value");
    ++p;
    while (p < size && IsSpace(input_[p])) ++p;
    if (p >= size || (input_[p] != '"' && input_[p] != '\'')) {
      return Fail(p, "the value of the attribute " + quoted_name() + " is not in quotes");
    }
    const char quote = input_[p++];
    const void* found = std::memchr(input_.data() + p, quote, size - p);
    if (!found) return Fail(size, "the file ends inside the attribute " + quoted_name());
    const size_t value_end = static_cast<size_t>(static_cast<const char*>(found) - input_.data());
    if (!CheckCharacterData(p, value_end, DataKind::kAttributeValue, &attribute.needs_decoding))
      return false;
    attribute.raw_value = input_.substr(p, value_end - p);
    attributes_.push_back(attribute);
    p = value_end + 1;
  }
}

bool XmlScanner::CheckDuplicateAttributes(size_t tag_offset) {
  std::string_view duplicate;
  if (attributes_.size() <= 8) {
    for (size_t i = 1; i < attributes_.size() && duplicate.empty(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (attributes_[i].qualified_name == attributes_[j].qualified_name) {
          duplicate = attributes_[i].qualified_name;
          break;
        }
      }
    }
  } else {
    // Sorting keeps a tag with thousands of attributes from costing quadratic time.
    attribute_names_.clear();
    for (const XmlAttribute& attribute : attributes_) {
      attribute_names_.push_back(attribute.qualified_name);
    }
    std::sort(attribute_names_.begin(), attribute_names_.end());
    const auto found = std::adjacent_find(attribute_names_.begin(), attribute_names_.end());
    if (found != attribute_names_.end()) duplicate = *found;
  }
  if (duplicate.empty()) return true;
  return Fail(tag_offset, "the attribute \"" + QuoteForMessage(duplicate) + "\" appears twice");
}

bool XmlScanner::CheckCharacterData(size_t begin, size_t end, DataKind kind, bool* needs_decoding) {
  const bool in_attribute = kind == DataKind::kAttributeValue;
  bool needs = false;
  size_t i = begin;
  while ((i = SkipPlainAscii(input_, i, end, in_attribute)) < end) {
    const auto c = static_cast<unsigned char>(input_[i]);
    size_t length = 1;
    if (c < 0x80) {
      if (c == '&' && kind != DataKind::kCdata) {
        char32_t character = 0;
        length = ParseReference(input_.substr(i, end - i), &character);
        if (length == 0) {
          return Fail(i, "\"" + QuoteForMessage(input_.substr(i, end - i), 12) +
                             "\" is not a reference XML defines (&lt; &gt; &amp; &quot; &apos; "
                             "or a character reference such as &#233;)");
        }
        needs = true;
      } else if (c == '\r') {
        needs = true;
      } else if (c == '<' && in_attribute) {
        return Fail(i, "\"<\" inside an attribute value");
      }
    } else if (encoding_ == XmlEncoding::kLatin1) {
      needs = true;
    } else {
      length = Utf8SequenceLength(input_.substr(i, end - i));
      if (length == 0) {
        return Fail(i,
                    "the text is not valid UTF-8 (a file in Latin-1 must say "
                    "encoding=\"ISO-8859-1\" in its XML declaration)");
      }
    }
    i += length;
  }
  *needs_decoding = needs;
  return true;
}

bool XmlScanner::ReadCharacterData(size_t end) {
  token_offset_ = position_;
  if (!CheckCharacterData(position_, end, DataKind::kText, &text_needs_decoding_)) return false;
  text_ = input_.substr(position_, end - position_);
  text_is_cdata_ = false;
  position_ = end;
  kind_ = XmlTokenKind::kText;
  return true;
}

bool XmlScanner::ReadCdata() {
  if (stack_.empty()) return Fail(position_, "a CDATA section outside the root element");
  const size_t begin = position_ + std::string_view("<![CDATA[").size();
  const size_t close = input_.find("]]>", begin);
  if (close == std::string_view::npos) return Fail(input_.size(), "the file ends inside CDATA");
  if (!CheckCharacterData(begin, close, DataKind::kCdata, &text_needs_decoding_)) return false;
  text_ = input_.substr(begin, close - begin);
  text_is_cdata_ = true;
  position_ = close + 3;
  kind_ = XmlTokenKind::kText;
  return true;
}

bool XmlScanner::ReadEndTag() {
  const size_t size = input_.size();
  const size_t name_begin = position_ + 2;
  const size_t name_end = NameEnd(name_begin);
  const std::string_view name = input_.substr(name_begin, name_end - name_begin);
  if (name.empty()) return Fail(position_, "\"</\" is not followed by an element name");
  size_t p = name_end;
  while (p < size && IsSpace(input_[p])) ++p;
  if (p >= size) return Fail(size, "the file ends inside the end tag </" + QuoteForMessage(name));
  if (input_[p] != '>')
    return Fail(p, "unexpected \"" + QuoteForMessage(input_.substr(p, 1)) + "\" in the end tag </" +
                       QuoteForMessage(name) + ">");
  if (stack_.empty()) {
    return Fail(position_, "</" + QuoteForMessage(name) + "> has no matching start tag");
  }
  if (stack_.back() != name) {
    return Fail(position_, "</" + QuoteForMessage(name) + "> where </" +
                               QuoteForMessage(stack_.back()) + "> was expected");
  }
  stack_.pop_back();
  name_ = name;
  local_name_ = LocalNameOf(name);
  position_ = p + 1;
  kind_ = XmlTokenKind::kEndTag;
  return true;
}

bool XmlScanner::NextChild(size_t parent_depth) {
  while (Next()) {
    if (kind_ == XmlTokenKind::kStartTag && depth() == parent_depth + 1) return true;
    if (kind_ == XmlTokenKind::kEndTag && depth() < parent_depth) return false;
  }
  return false;
}

bool XmlScanner::ReadText(std::string_view* text) {
  *text = {};
  if (kind_ != XmlTokenKind::kStartTag) return kind_ != XmlTokenKind::kError;
  const size_t element_depth = depth();
  std::string_view first;
  bool copied = false;
  while (Next()) {
    if (kind_ == XmlTokenKind::kEndTag && depth() < element_depth) {
      *text = copied ? std::string_view(text_buffer_) : first;
      return true;
    }
    if (kind_ != XmlTokenKind::kText || depth() != element_depth) continue;
    if (!copied && first.empty() && !text_needs_decoding_) {
      first = text_;  // the common case: one plain run, returned without a copy
      continue;
    }
    if (!copied) {
      text_buffer_.assign(first);
      copied = true;
    }
    AppendDecoded(text_, text_is_cdata_, encoding_, &text_buffer_);
  }
  return false;
}

}  // namespace cairn::geo::xml_internal
