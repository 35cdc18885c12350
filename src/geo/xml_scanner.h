// A streaming pull scanner over XML text for the GPX, TCX and KML readers: tags, attributes and
// text in document order, with no tree and no copy of the input.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "geo/xml_text.h"
#include "util/result.h"

namespace cairn::geo::xml_internal {

enum class XmlTokenKind {
  kNone,           // before the first call to Next()
  kStartTag,       // <name attr="value"> or <name/>; an empty element is followed by its kEndTag
  kEndTag,         // </name>
  kText,           // a run of character data or one CDATA section inside the root element
  kEndOfDocument,  // after the root element closed; only reached when the document is well formed
  kError,          // the input is not well-formed XML (or uses a feature we refuse); see status()
};

struct XmlAttribute {
  std::string_view qualified_name;  // as written, e.g. "xsi:schemaLocation"
  std::string_view local_name;      // without the namespace prefix, e.g. "schemaLocation"
  std::string_view raw_value;       // between the quotes, references not yet decoded
  bool needs_decoding = false;      // holds a reference, a '\r' or (ISO-8859-1) a non-ASCII byte
};

// Reads XML one token at a time. What it checks: tags nest and match; attributes are quoted;
// references are the five predefined entities or character references; text is valid UTF-8 (or
// the input declares ISO-8859-1); there is one root element, with only white space, comments and
// processing instructions around it; nesting stays within kMaxDepth and a tag has at most
// kMaxAttributes attributes. A DOCTYPE is skipped, but one that declares an entity is refused
// (no entity expansion: no "billion laughs", no external entities). A UTF-8 byte order mark is
// skipped. Namespace prefixes are not resolved: readers match local names, so <gpx:trkpt> and
// <trkpt> read alike.
//
// Every view the scanner returns points into the input or into the scanner's own buffer, and is
// valid until the next call that moves the scanner. The input must outlive the scanner. Work is
// linear in the input; memory beyond it holds only the open elements' names, one tag's
// attributes and one element's decoded text. Not thread-safe; use one scanner per document.
class XmlScanner {
 public:
  static constexpr size_t kMaxDepth = 256;
  // Far more than any GPS file uses; keeps one tag's bookkeeping small.
  static constexpr size_t kMaxAttributes = 1024;

  // `format` prefixes error messages ("GPX", "TCX", "KML").
  XmlScanner(std::string_view input, std::string_view format);

  // Moves to the next start tag, end tag or text token; comments, processing instructions, the
  // XML declaration and the DOCTYPE are skipped. Returns false at the end of the document
  // (kind() == kEndOfDocument) or when the input is malformed (kind() == kError, and status()
  // holds an InvalidArgument naming the line and column). Once false, stays false.
  bool Next();

  XmlTokenKind kind() const { return kind_; }
  util::Status status() const;
  // The error that stopped the scanner (for readers returning a Result); an Internal error if
  // there was none, which would be a reader bug.
  util::Error error() const;
  XmlEncoding encoding() const { return encoding_; }

  // The current start or end tag's name as written and without its prefix.
  std::string_view qualified_name() const { return name_; }
  std::string_view local_name() const { return local_name_; }
  bool IsStartTag(std::string_view local_name) const {
    return kind_ == XmlTokenKind::kStartTag && local_name_ == local_name;
  }

  // Elements open around the current token, the current start tag included (the root's start
  // tag has depth 1; an end tag reports the depth after it closed).
  size_t depth() const { return stack_.size(); }
  // The local name of the element that encloses the current start tag; "" for the root.
  std::string_view ParentLocalName() const;

  // The current start tag's attributes, in document order.
  const std::vector<XmlAttribute>& attributes() const { return attributes_; }
  // The first attribute of the current start tag with this local name, or nullptr.
  const XmlAttribute* FindAttribute(std::string_view local_name) const;
  // An attribute's value with references decoded, in UTF-8.
  std::string_view AttributeValue(const XmlAttribute& attribute);

  // The current text token's raw bytes (references not decoded; use ReadText for the decoded
  // text of an element) and whether it is a CDATA section.
  std::string_view raw_text() const { return text_; }
  bool text_is_cdata() const { return text_is_cdata_; }

  // For iterating over the children of an element whose start tag is at `parent_depth`: moves to
  // the next start tag directly inside it and returns true, or returns false after its end tag
  // (or on an error: check status()). Text and deeper elements the caller does not read are
  // skipped, so a caller handles only the children it knows.
  bool NextChild(size_t parent_depth);

  // On a start tag: reads the element's text through its end tag (text of child elements is
  // left out) and stores it decoded in `text`, untrimmed; "" for an empty element. No copy is made
  // when the text is one run without references. Returns false on an error (see status()).
  bool ReadText(std::string_view* text);

  // Where the current token starts, as a byte offset into the input.
  size_t token_offset() const { return token_offset_; }
  // The offset of `piece` when it lies inside the input (a view returned by ReadText without a
  // copy), else `fallback`.
  size_t OffsetOf(std::string_view piece, size_t fallback) const;
  // InvalidArgument("<format>: line L, column C: <message>") for a byte offset into the input.
  util::Error ErrorAt(size_t offset, std::string_view message) const;
  util::Error ErrorHere(std::string_view message) const { return ErrorAt(token_offset_, message); }

 private:
  bool Fail(size_t offset, std::string_view message);
  bool ReadDeclaration();
  bool ReadStartTag();
  bool ReadEndTag();
  bool ReadCharacterData(size_t end);
  bool ReadCdata();
  bool SkipComment();
  bool SkipProcessingInstruction();
  bool SkipDoctype();
  bool ReadAttributes(size_t* position, bool declaration, bool* empty_element);
  bool CheckDuplicateAttributes(size_t tag_offset);
  enum class DataKind { kText, kCdata, kAttributeValue };
  bool CheckCharacterData(size_t begin, size_t end, DataKind kind, bool* needs_decoding);
  size_t NameEnd(size_t position) const;

  std::string_view input_;
  std::string_view format_;
  XmlEncoding encoding_ = XmlEncoding::kUtf8;
  size_t position_ = 0;
  size_t token_offset_ = 0;
  XmlTokenKind kind_ = XmlTokenKind::kNone;
  std::optional<util::Error> error_;

  std::vector<std::string_view> stack_;  // qualified names of the open elements
  bool started_ = false;
  bool root_seen_ = false;
  bool empty_element_pending_ = false;  // the last start tag was <name/>: its end tag is next

  std::string_view name_;
  std::string_view local_name_;
  std::vector<XmlAttribute> attributes_;
  std::vector<std::string_view> attribute_names_;  // scratch for the duplicate check

  std::string_view text_;
  bool text_is_cdata_ = false;
  bool text_needs_decoding_ = false;

  std::string attribute_buffer_;  // decoded attribute values
  std::string text_buffer_;       // decoded text
};

}  // namespace cairn::geo::xml_internal
