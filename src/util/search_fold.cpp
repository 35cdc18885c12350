// Search folding by code point ranges: FoldCase for the case, then one sorted table of the
// letters that fold further.
#include "util/search_fold.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include "util/case_fold.h"

namespace cairn::util {
namespace {

// Characters `first`..`last` fold to `to` (UTF-8; empty drops them).
struct FoldRange {
  char32_t first;
  char32_t last;
  const char* to;
};

// Sorted by `first`, not overlapping. Upper and lower case are both listed where FoldCase leaves
// the upper case alone (outside Latin-1, Latin Extended-A, Greek and Cyrillic).
constexpr FoldRange kFoldRanges[] = {
    // Latin-1 Supplement.
    {0xC0, 0xC5, "a"},
    {0xC6, 0xC6, "ae"},
    {0xC7, 0xC7, "c"},
    {0xC8, 0xCB, "e"},
    {0xCC, 0xCF, "i"},
    {0xD0, 0xD0, "d"},
    {0xD1, 0xD1, "n"},
    {0xD2, 0xD6, "o"},
    {0xD8, 0xD8, "o"},
    {0xD9, 0xDC, "u"},
    {0xDD, 0xDD, "y"},
    {0xDE, 0xDE, "th"},
    {0xDF, 0xDF, "ss"},
    {0xE0, 0xE5, "a"},
    {0xE6, 0xE6, "ae"},
    {0xE7, 0xE7, "c"},
    {0xE8, 0xEB, "e"},
    {0xEC, 0xEF, "i"},
    {0xF0, 0xF0, "d"},
    {0xF1, 0xF1, "n"},
    {0xF2, 0xF6, "o"},
    {0xF8, 0xF8, "o"},
    {0xF9, 0xFC, "u"},
    {0xFD, 0xFD, "y"},
    {0xFE, 0xFE, "th"},
    {0xFF, 0xFF, "y"},
    // Latin Extended-A.
    {0x100, 0x105, "a"},
    {0x106, 0x10D, "c"},
    {0x10E, 0x111, "d"},
    {0x112, 0x11B, "e"},
    {0x11C, 0x123, "g"},
    {0x124, 0x127, "h"},
    {0x128, 0x131, "i"},
    {0x132, 0x133, "ij"},
    {0x134, 0x135, "j"},
    {0x136, 0x138, "k"},
    {0x139, 0x142, "l"},
    {0x143, 0x14B, "n"},
    {0x14C, 0x151, "o"},
    {0x152, 0x153, "oe"},
    {0x154, 0x159, "r"},
    {0x15A, 0x161, "s"},
    {0x162, 0x167, "t"},
    {0x168, 0x173, "u"},
    {0x174, 0x175, "w"},
    {0x176, 0x178, "y"},
    {0x179, 0x17E, "z"},
    {0x17F, 0x17F, "s"},
    // Latin Extended-B: the letters of Romanian, Vietnamese, Pinyin and a few more.
    {0x180, 0x180, "b"},
    {0x192, 0x192, "f"},
    {0x1A0, 0x1A1, "o"},
    {0x1AF, 0x1B0, "u"},
    {0x1CD, 0x1CE, "a"},
    {0x1CF, 0x1D0, "i"},
    {0x1D1, 0x1D2, "o"},
    {0x1D3, 0x1DC, "u"},
    {0x1DE, 0x1E1, "a"},
    {0x1E2, 0x1E3, "ae"},
    {0x1E4, 0x1E7, "g"},
    {0x1E8, 0x1E9, "k"},
    {0x1EA, 0x1ED, "o"},
    {0x1F0, 0x1F0, "j"},
    {0x1F4, 0x1F5, "g"},
    {0x1F8, 0x1F9, "n"},
    {0x1FA, 0x1FB, "a"},
    {0x1FC, 0x1FD, "ae"},
    {0x1FE, 0x1FF, "o"},
    {0x200, 0x203, "a"},
    {0x204, 0x207, "e"},
    {0x208, 0x20B, "i"},
    {0x20C, 0x20F, "o"},
    {0x210, 0x213, "r"},
    {0x214, 0x217, "u"},
    {0x218, 0x219, "s"},
    {0x21A, 0x21B, "t"},
    // Combining diacritical marks (text in decomposed form).
    {0x300, 0x36F, ""},
    // Greek letters with tonos or dialytika (after FoldCase, so lower case only).
    {0x390, 0x390, "\xCE\xB9"},  // ΐ -> ι
    {0x3AC, 0x3AC, "\xCE\xB1"},  // ά -> α
    {0x3AD, 0x3AD, "\xCE\xB5"},  // έ -> ε
    {0x3AE, 0x3AE, "\xCE\xB7"},  // ή -> η
    {0x3AF, 0x3AF, "\xCE\xB9"},  // ί -> ι
    {0x3B0, 0x3B0, "\xCF\x85"},  // ΰ -> υ
    {0x3CA, 0x3CA, "\xCE\xB9"},  // ϊ -> ι
    {0x3CB, 0x3CB, "\xCF\x85"},  // ϋ -> υ
    {0x3CC, 0x3CC, "\xCE\xBF"},  // ό -> ο
    {0x3CD, 0x3CD, "\xCF\x85"},  // ύ -> υ
    {0x3CE, 0x3CE, "\xCF\x89"},  // ώ -> ω
    // Cyrillic ѐ ё -> е, ѝ -> и.
    {0x450, 0x451, "\xD0\xB5"},
    {0x45D, 0x45D, "\xD0\xB8"},
    // More combining marks.
    {0x1AB0, 0x1AFF, ""},
    {0x1DC0, 0x1DFF, ""},
    // Latin Extended Additional: letters with dots, rings and Vietnamese tone marks.
    {0x1E00, 0x1E01, "a"},
    {0x1E02, 0x1E07, "b"},
    {0x1E08, 0x1E09, "c"},
    {0x1E0A, 0x1E13, "d"},
    {0x1E14, 0x1E1D, "e"},
    {0x1E1E, 0x1E1F, "f"},
    {0x1E20, 0x1E21, "g"},
    {0x1E22, 0x1E2B, "h"},
    {0x1E2C, 0x1E2F, "i"},
    {0x1E30, 0x1E35, "k"},
    {0x1E36, 0x1E3D, "l"},
    {0x1E3E, 0x1E43, "m"},
    {0x1E44, 0x1E4B, "n"},
    {0x1E4C, 0x1E53, "o"},
    {0x1E54, 0x1E57, "p"},
    {0x1E58, 0x1E5F, "r"},
    {0x1E60, 0x1E69, "s"},
    {0x1E6A, 0x1E71, "t"},
    {0x1E72, 0x1E7B, "u"},
    {0x1E7C, 0x1E7F, "v"},
    {0x1E80, 0x1E89, "w"},
    {0x1E8A, 0x1E8D, "x"},
    {0x1E8E, 0x1E8F, "y"},
    {0x1E90, 0x1E95, "z"},
    {0x1E96, 0x1E96, "h"},
    {0x1E97, 0x1E97, "t"},
    {0x1E98, 0x1E98, "w"},
    {0x1E99, 0x1E99, "y"},
    {0x1E9A, 0x1E9A, "a"},
    {0x1E9B, 0x1E9B, "s"},
    {0x1E9E, 0x1E9E, "ss"},
    {0x1EA0, 0x1EB7, "a"},
    {0x1EB8, 0x1EC7, "e"},
    {0x1EC8, 0x1ECB, "i"},
    {0x1ECC, 0x1EE3, "o"},
    {0x1EE4, 0x1EF1, "u"},
    {0x1EF2, 0x1EF9, "y"},
    {0x20D0, 0x20FF, ""},
    {0xFE20, 0xFE2F, ""},
};

// What `c` (already case folded) folds to, or nullptr when it stays as it is.
const char* FoldFurther(char32_t c) {
  const auto* end = std::end(kFoldRanges);
  const auto* range = std::upper_bound(std::begin(kFoldRanges), end, c,
                                       [](char32_t v, const FoldRange& r) { return v < r.first; });
  if (range == std::begin(kFoldRanges)) return nullptr;
  --range;
  return c <= range->last ? range->to : nullptr;
}

// Appends the folded form of the character `utf8[offset, offset + character.length)`.
void AppendFolded(std::string_view utf8, size_t offset, const Utf8Character& character,
                  std::string& out) {
  if (character.code < 0x80 || !character.valid) {
    char byte = utf8[offset];
    if (byte >= 'A' && byte <= 'Z') byte = static_cast<char>(byte - 'A' + 'a');
    out += byte;
    return;
  }
  const std::string lower = FoldCase(utf8.substr(offset, character.length));
  const Utf8Character folded = DecodeUtf8Character(lower, 0);
  const char* further = folded.length == lower.size() ? FoldFurther(folded.code) : nullptr;
  out += further ? std::string_view(further) : std::string_view(lower);
}

}  // namespace

Utf8Character DecodeUtf8Character(std::string_view utf8, size_t offset) {
  const auto lead = static_cast<unsigned char>(utf8[offset]);
  if (lead < 0x80) return {lead, 1, true};
  const size_t length = (lead >> 5) == 0x6    ? 2
                        : (lead >> 4) == 0xE  ? 3
                        : (lead >> 3) == 0x1E ? 4
                                              : 0;
  const Utf8Character invalid{lead, 1, false};
  if (length == 0 || offset + length > utf8.size()) return invalid;
  char32_t code = lead & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(utf8[offset + k]);
    if ((next & 0xC0) != 0x80) return invalid;
    code = (code << 6) | (next & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    return invalid;
  }
  return {code, length, true};
}

void AppendUtf8(char32_t code, std::string& utf8) {
  if (code < 0x80) {
    utf8 += static_cast<char>(code);
  } else if (code < 0x800) {
    utf8 += static_cast<char>(0xC0 | (code >> 6));
    utf8 += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    utf8 += static_cast<char>(0xE0 | (code >> 12));
    utf8 += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    utf8 += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    utf8 += static_cast<char>(0xF0 | (code >> 18));
    utf8 += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    utf8 += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    utf8 += static_cast<char>(0x80 | (code & 0x3F));
  }
}

std::u32string DecodeUtf8(std::string_view utf8) {
  std::u32string out;
  for (size_t i = 0; i < utf8.size();) {
    const Utf8Character character = DecodeUtf8Character(utf8, i);
    out += character.code;
    i += character.length;
  }
  return out;
}

std::string EncodeUtf8(std::u32string_view characters) {
  std::string out;
  for (char32_t c : characters) AppendUtf8(c, out);
  return out;
}

std::string FoldForSearch(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const Utf8Character character = DecodeUtf8Character(utf8, i);
    AppendFolded(utf8, i, character, out);
    i += character.length;
  }
  return out;
}

std::string FoldForSearch(std::string_view utf8, std::vector<size_t>& origins) {
  std::string out;
  out.reserve(utf8.size());
  origins.clear();
  origins.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const Utf8Character character = DecodeUtf8Character(utf8, i);
    AppendFolded(utf8, i, character, out);
    origins.resize(out.size(), i);
    i += character.length;
  }
  return out;
}

// Whether `c` belongs to a word: SQLite's unicode61 takes letters, numbers and private-use
// characters (and, removing diacritics, the marks on them). Without Unicode's tables this
// approximates that by ruling out the blocks of punctuation, symbols and emoji; a character
// judged differently only means a query word is read as a phrase of two words by SQLite.
bool IsSearchWordCharacter(const Utf8Character& character) {
  if (!character.valid) return false;
  const char32_t c = character.code;
  if (c == kSearchPartMarker) return false;
  if (c < 0x80) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
  if (c < 0xC0) {
    // Latin-1 punctuation and symbols, except ª µ º and the numbers ² ³ ¹ ¼ ½ ¾.
    return c == 0xAA || c == 0xB2 || c == 0xB3 || c == 0xB5 || c == 0xB9 || c == 0xBA ||
           (c >= 0xBC && c <= 0xBE);
  }
  if (c == 0xD7 || c == 0xF7) return false;  // × ÷
  if (c >= 0x2000 && c <= 0x2BFF) {
    // Punctuation, currency, arrows, mathematics, shapes and dingbats; but superscripts and
    // subscripts, combining marks for symbols, number forms and circled numbers are words.
    return (c >= 0x2070 && c <= 0x209F) || (c >= 0x20D0 && c <= 0x20FF) ||
           (c >= 0x2150 && c <= 0x218F) || (c >= 0x2460 && c <= 0x24FF);
  }
  if (c >= 0x2E00 && c <= 0x2E7F) return false;  // supplemental punctuation
  if (c >= 0x3000 && c <= 0x303F) return false;  // CJK symbols and punctuation
  if (c >= 0xFE10 && c <= 0xFE1F) return false;  // vertical forms
  if (c >= 0xFE30 && c <= 0xFE6F) return false;  // CJK compatibility and small forms
  if ((c >= 0xFF00 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
      (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65)) {
    return false;  // full-width punctuation
  }
  if (c >= 0xFFF0 && c <= 0xFFFF) return false;    // specials
  if (c >= 0x1F000 && c <= 0x1FAFF) return false;  // emoji, cards, dominoes, pictographs
  if (c >= 0xE0000 && c <= 0xE007F) return false;  // tags
  return true;
}

}  // namespace cairn::util
