// Character-level XML helpers for the streaming scanner: UTF-8 checks, entity and character
// references, and the two declared encodings the GPS readers accept.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace cairn::geo::xml_internal {

enum class XmlEncoding { kUtf8, kLatin1 };

// The encoding an XML declaration names, matched case-insensitively: UTF-8 (also "utf8",
// "US-ASCII", "ASCII", a subset of it) or ISO-8859-1 (also "latin1", "ISO8859-1", ...).
// nullopt for any other encoding, which the readers refuse by name.
std::optional<XmlEncoding> EncodingFromName(std::string_view name);

// The length of the well-formed UTF-8 sequence at the start of `text` (1 to 4), or 0 when it is
// not one: a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF
// or a sequence cut short by the end of `text`. `text` must not be empty.
size_t Utf8SequenceLength(std::string_view text);

// Checks the reference at the start of `text`, which begins with '&': one of the five predefined
// entities (&lt; &gt; &amp; &quot; &apos;) or a character reference (&#233; &#xE9;) to a
// character XML allows. Returns its length through the ';' and stores the character, or returns
// 0 when it is malformed or names any other entity (there are no entity declarations to expand).
size_t ParseReference(std::string_view text, char32_t* character);

// Appends `character` to `out` as UTF-8.
void AppendUtf8(char32_t character, std::string* out);

// Appends `raw` character data to `out` as UTF-8: references decoded (not inside CDATA), "\r\n"
// and lone "\r" turned into "\n" as XML requires, and each byte converted from ISO-8859-1 when
// `encoding` is kLatin1. `raw` must already have passed the scanner's checks.
void AppendDecoded(std::string_view raw, bool is_cdata, XmlEncoding encoding, std::string* out);

// `text` made safe to quote in an error message: at most `max_chars` characters, bytes that are
// not valid UTF-8 replaced by '?', control characters by spaces, and "..." when cut short.
std::string QuoteForMessage(std::string_view text, size_t max_chars = 40);

}  // namespace cairn::geo::xml_internal
