// Highlighting. Words are runs of word characters of folded text (util/search_words.h), as the
// index reads them, so a marked part is what the index matched.
#include "services/search/search_text.h"

#include <algorithm>
#include <utility>

#include "util/search_fold.h"

namespace cairn::services::search {
namespace {

using util::DecodeUtf8Character;
using util::IsSearchWordCharacter;
using util::Utf8Character;

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
        (word.characters >= kMinTypoCharacters && util::IsOneTypoAway(word.text, folded))) {
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

std::string HighlightSearchMatches(std::string_view text, const std::vector<SearchWord>& words,
                                   std::string_view pre_tag, std::string_view post_tag) {
  std::vector<Mark> marks;
  if (!words.empty()) {
    size_t word_begin = 0;
    bool in_word = false;
    for (size_t i = 0; i < text.size();) {
      const Utf8Character character = DecodeUtf8Character(text, i);
      const bool word_character = IsSearchWordCharacter(character);
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
