// Folding text for search: case, accents and a few letters spelled out, so that what people type
// finds what other people wrote.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::util {

// One character of UTF-8 text.
struct Utf8Character {
  char32_t code = 0;  // the code point; for an invalid byte, the byte's value
  size_t length = 1;  // bytes it takes, at least 1
  bool valid = true;  // false: a byte that starts no well-formed character, taken alone
};

// The character starting at `utf8[offset]` (`offset < utf8.size()`). Overlong forms, surrogates
// and code points past U+10FFFF are invalid. Pure.
Utf8Character DecodeUtf8Character(std::string_view utf8, size_t offset);

// Appends `code` (at most U+10FFFF) to `utf8` as UTF-8.
void AppendUtf8(char32_t code, std::string& utf8);

// The characters of `utf8` (an invalid byte as its own value, as DecodeUtf8Character reads it).
std::u32string DecodeUtf8(std::string_view utf8);

// `characters` as UTF-8.
std::string EncodeUtf8(std::u32string_view characters);

// `utf8` folded for search: case folded as FoldCase does, then letters with diacritics mapped to
// their base letter (Latin, including Vietnamese, Greek tonos and dialytika, Cyrillic ё),
// combining marks dropped, and a few letters spelled out (ß ẞ → ss, æ → ae, œ → oe, ĳ → ij,
// þ → th, and ø ł đ ħ ı to o l d h i). So "Höllental", "HOLLENTAL" and "hollental" fold alike,
// as do "Zürich" and "zurich". Invalid UTF-8 bytes are copied as they are. Pure; thread-safe.
std::string FoldForSearch(std::string_view utf8);

// FoldForSearch that also says where each byte of the result comes from: `origins` gets, for byte
// i of the result, the offset in `utf8` of the character it was folded from.
std::string FoldForSearch(std::string_view utf8, std::vector<size_t>& origins);

// Begins every inner-part word of the search index (util/search_words.h): a private-use character
// that is no word character, so no folded word holds it.
inline constexpr char32_t kSearchPartMarker = 0xE000;

// Whether a character belongs to a word as SQLite's unicode61 tokenizer reads words: letters,
// numbers and private-use characters but kSearchPartMarker. Without Unicode's tables this rules out
// the blocks of punctuation, symbols and emoji; a character judged differently only means a query
// word is read as a phrase of two words by SQLite.
bool IsSearchWordCharacter(const Utf8Character& character);

}  // namespace cairn::util
