// Words are runs of word characters (IsSearchWordCharacter) of folded text, so the index, its
// pending rows and the query all read the same words.
#include "util/search_words.h"

#include <algorithm>
#include <utility>

namespace cairn::util {
namespace {

bool IsAscii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// WithinOneTypo over two sequences of characters (bytes for ASCII, code points otherwise).
template <class Text>
bool SequencesWithinOneTypo(Text x, Text y) {
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

// Calls `word(begin, end, characters)` for each word of folded `text`, by byte offsets.
template <class OnWord>
void ForEachWord(std::string_view text, OnWord word) {
  size_t begin = 0, characters = 0;
  for (size_t i = 0; i < text.size();) {
    const Utf8Character character = DecodeUtf8Character(text, i);
    if (IsSearchWordCharacter(character)) {
      if (characters++ == 0) begin = i;
    } else if (characters > 0) {
      word(begin, i, characters);
      characters = 0;
    }
    i += character.length;
  }
  if (characters > 0) word(begin, text.size(), characters);
}

}  // namespace

std::vector<SearchWord> SplitSearchQuery(std::string_view q) {
  const std::string folded = FoldForSearch(q);
  std::vector<SearchWord> words;
  bool ended_in_word = false;
  ForEachWord(folded, [&](size_t begin, size_t end, size_t) {
    SearchWord word;
    for (size_t i = begin; i < end && word.characters < kMaxSearchWordCharacters;
         ++word.characters) {
      const size_t length = DecodeUtf8Character(folded, i).length;
      word.text.append(folded, i, length);
      i += length;
    }
    words.push_back(std::move(word));
    ended_in_word = end == folded.size();
  });
  if (ended_in_word && words.size() <= kMaxSearchWords) words.back().prefix = true;
  if (words.size() > kMaxSearchWords) words.resize(kMaxSearchWords);
  return words;
}

std::string SearchIndexWords(std::string_view text) {
  std::string out;
  if (IsAscii(text)) {  // most text: folding is lower case, words are letters and digits
    out.reserve(text.size());
    bool in_word = false;
    for (char c : text) {
      const bool letter = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
      const bool capital = c >= 'A' && c <= 'Z';
      if (!letter && !capital) {
        in_word = false;
        continue;
      }
      if (!in_word && !out.empty()) out += ' ';
      out += capital ? static_cast<char>(c - 'A' + 'a') : c;
      in_word = true;
    }
    return out;
  }
  const std::string folded = FoldForSearch(text);
  out.reserve(folded.size());
  ForEachWord(folded, [&](size_t begin, size_t end, size_t) {
    if (!out.empty()) out += ' ';
    out.append(folded, begin, end - begin);
  });
  return out;
}

std::string SearchWordParts(std::string_view words) {
  std::string marker;
  AppendUtf8(kSearchPartMarker, marker);
  std::string out;
  ForEachWord(words, [&](size_t begin, size_t end, size_t characters) {
    size_t at = begin + DecodeUtf8Character(words, begin).length;
    for (size_t left = characters - 1; left >= kMinInfixCharacters; --left) {
      if (!out.empty()) out += ' ';
      out += marker;
      out.append(words, at, end - at);
      at += DecodeUtf8Character(words, at).length;
    }
  });
  return out;
}

bool WithinOneTypo(std::string_view a, std::string_view b) {
  if (a == b) return true;
  // Characters are at most four bytes: a length apart by more is more than one typo.
  const size_t longer = std::max(a.size(), b.size()), shorter = std::min(a.size(), b.size());
  if (longer - shorter > 4) return false;
  if (IsAscii(a) && IsAscii(b)) return SequencesWithinOneTypo(a, b);
  return SequencesWithinOneTypo(std::u32string_view(DecodeUtf8(a)),
                                std::u32string_view(DecodeUtf8(b)));
}

bool IsOneTypoAway(std::string_view word, std::string_view token) {
  if (word.empty() || token.empty()) return false;
  const Utf8Character first = DecodeUtf8Character(word, 0);
  return token.substr(0, first.length) == word.substr(0, first.length) &&
         WithinOneTypo(word, token);
}

std::optional<SearchMatchKind> MatchSearchWord(const SearchWord& word, std::string_view token,
                                               bool inner_parts) {
  if (token == word.text || (word.prefix && token.starts_with(word.text))) {
    return SearchMatchKind::kWord;
  }
  if (inner_parts && word.characters >= kMinInfixCharacters &&
      token.find(word.text) != std::string_view::npos) {
    return SearchMatchKind::kInner;
  }
  if (word.characters >= kMinTypoCharacters && IsOneTypoAway(word.text, token)) {
    return SearchMatchKind::kTypo;
  }
  return std::nullopt;
}

SearchRanker::SearchRanker(size_t words) : best_kind_(words, -1) {}

void SearchRanker::Add(size_t word, SearchMatchKind kind, int tier) {
  if (word >= best_kind_.size()) return;
  const int k = static_cast<int>(kind);
  if (best_kind_[word] < 0 || k < best_kind_[word]) best_kind_[word] = k;
  best_tier_ = std::min(best_tier_, std::clamp(tier, 0, kSearchFieldTiers - 1));
}

std::optional<int> SearchRanker::Rank() const {
  if (best_kind_.empty()) return std::nullopt;
  int exactness = 0;
  for (int kind : best_kind_) {
    if (kind < 0) return std::nullopt;
    exactness = std::max(exactness, kind);
  }
  return exactness * kSearchFieldTiers + best_tier_;
}

std::optional<int> RankSearchFields(const std::vector<SearchWord>& words,
                                    const std::vector<std::string_view>& fields,
                                    const std::vector<int>& tiers,
                                    const std::vector<bool>& inner_parts) {
  SearchRanker ranker(words.size());
  for (size_t f = 0; f < fields.size() && f < tiers.size() && f < inner_parts.size(); ++f) {
    // SearchIndexWords' output: words between single spaces.
    std::string_view rest = fields[f];
    while (!rest.empty()) {
      const size_t space = rest.find(' ');
      const std::string_view token = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (token.empty()) continue;
      for (size_t w = 0; w < words.size(); ++w) {
        if (auto kind = MatchSearchWord(words[w], token, inner_parts[f])) {
          ranker.Add(w, *kind, tiers[f]);
        }
      }
    }
  }
  return ranker.Rank();
}

}  // namespace cairn::util
