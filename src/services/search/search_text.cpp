// Query words and highlighting. Words are runs of letters and digits, as SQLite's unicode61
// tokenizer reads them, so a query word is one word of the index.
#include "services/search/search_text.h"

#include <algorithm>
#include <utility>

#include "util/search_fold.h"

namespace cairn::services::search {
namespace {

using util::DecodeUtf8Character;
using util::Utf8Character;

// Whether `c` belongs to a word: SQLite's unicode61 takes letters, numbers and private-use
// characters (and, removing diacritics, the marks on them). Without Unicode's tables this
// approximates that by ruling out the blocks of punctuation, symbols and emoji; a character
// judged differently only means a query word is read as a phrase of two words by SQLite.
bool IsWordCharacter(const Utf8Character& character) {
  if (!character.valid) return false;
  const char32_t c = character.code;
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

// A marked part of the text, by byte offsets.
struct Mark {
  size_t begin;
  size_t end;
};

// The byte range of `text` a range [begin, end) of its folded form `folded` comes from; `origins`
// maps folded bytes to the characters they were folded from. A character folded into more bytes
// (ß into ss) is marked whole; marks dropped by folding after the range's last character stay
// with it.
Mark OriginalRange(std::string_view text, size_t text_end, const std::vector<size_t>& origins,
                   size_t begin, size_t end) {
  const size_t last = origins[end - 1];
  size_t after = last + DecodeUtf8Character(text, last).length;
  if (end < origins.size()) {
    after = std::max(after, origins[end]);
  } else {
    after = text_end;
  }
  return {origins[begin], after};
}

// Marks the parts of one word of text, `text[begin, end)`, that match `words`.
void MarkWord(std::string_view text, size_t begin, size_t end, const std::vector<SearchWord>& words,
              std::vector<Mark>& marks) {
  std::vector<size_t> origins;
  const std::string folded = util::FoldForSearch(text.substr(begin, end - begin), origins);
  if (folded.empty()) return;
  for (size_t& origin : origins) origin += begin;
  for (const SearchWord& word : words) {
    if (folded == word.text ||
        (word.characters >= kMinTypoCharacters && WithinOneTypo(folded, word.text))) {
      marks.push_back({begin, end});
    } else if (word.prefix && folded.starts_with(word.text)) {
      marks.push_back(OriginalRange(text, end, origins, 0, word.text.size()));
    } else if (word.characters >= kMinInfixCharacters) {
      for (size_t at = folded.find(word.text); at != std::string::npos;
           at = folded.find(word.text, at + word.text.size())) {
        marks.push_back(OriginalRange(text, end, origins, at, at + word.text.size()));
      }
    }
  }
}

}  // namespace

std::vector<SearchWord> SplitSearchQuery(std::string_view q) {
  const std::string folded = util::FoldForSearch(q);
  std::vector<SearchWord> words;
  SearchWord current;
  bool ended_in_word = false;
  for (size_t i = 0; i < folded.size();) {
    const Utf8Character character = DecodeUtf8Character(folded, i);
    ended_in_word = IsWordCharacter(character);
    if (ended_in_word) {
      if (current.characters < kMaxSearchWordCharacters) {
        current.text.append(folded, i, character.length);
        ++current.characters;
      }
    } else if (!current.text.empty()) {
      words.push_back(std::move(current));
      current = {};
    }
    i += character.length;
  }
  if (!current.text.empty()) words.push_back(std::move(current));
  if (ended_in_word && words.size() <= kMaxSearchWords) words.back().prefix = true;
  if (words.size() > kMaxSearchWords) words.resize(kMaxSearchWords);
  return words;
}

bool WithinOneTypo(std::string_view a, std::string_view b) {
  if (a == b) return true;
  std::u32string x = util::DecodeUtf8(a);
  std::u32string y = util::DecodeUtf8(b);
  if (x.size() < y.size()) std::swap(x, y);
  if (x.size() - y.size() > 1) return false;
  size_t i = 0;
  while (i < y.size() && x[i] == y[i]) ++i;  // the common beginning
  if (x.size() != y.size()) {
    // One character of the longer one more: the rest after it must be equal.
    return std::equal(x.begin() + i + 1, x.end(), y.begin() + i, y.end());
  }
  // Same length: one replaced, or two neighbours swapped.
  if (std::equal(x.begin() + i + 1, x.end(), y.begin() + i + 1, y.end())) return true;
  return i + 1 < x.size() && x[i] == y[i + 1] && x[i + 1] == y[i] &&
         std::equal(x.begin() + i + 2, x.end(), y.begin() + i + 2, y.end());
}

std::string HighlightSearchMatches(std::string_view text, const std::vector<SearchWord>& words,
                                   std::string_view pre_tag, std::string_view post_tag) {
  std::vector<Mark> marks;
  if (!words.empty()) {
    size_t word_begin = 0;
    bool in_word = false;
    for (size_t i = 0; i < text.size();) {
      const Utf8Character character = DecodeUtf8Character(text, i);
      const bool word_character = IsWordCharacter(character);
      if (word_character && !in_word) word_begin = i;
      if (!word_character && in_word) MarkWord(text, word_begin, i, words, marks);
      in_word = word_character;
      i += character.length;
    }
    if (in_word) MarkWord(text, word_begin, text.size(), words, marks);
  }
  std::sort(marks.begin(), marks.end(),
            [](const Mark& a, const Mark& b) { return a.begin < b.begin; });
  std::string out;
  out.reserve(text.size() + marks.size() * (pre_tag.size() + post_tag.size()));
  size_t at = 0;
  for (size_t m = 0; m < marks.size();) {
    // Overlapping or touching marks become one.
    Mark merged = marks[m++];
    while (m < marks.size() && marks[m].begin <= merged.end) {
      merged.end = std::max(merged.end, marks[m++].end);
    }
    out += text.substr(at, merged.begin - at);
    out += pre_tag;
    out += text.substr(merged.begin, merged.end - merged.begin);
    out += post_tag;
    at = merged.end;
  }
  out += text.substr(at);
  return out;
}

}  // namespace cairn::services::search
