// The words of search as tables: query words, the index's words and inner parts, typo distance,
// how a word matches and the rank matches give.
#include "util/search_words.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

std::vector<std::string> Texts(const std::vector<SearchWord>& words) {
  std::vector<std::string> out;
  for (const SearchWord& word : words) out.push_back(word.text + (word.prefix ? "*" : ""));
  return out;
}

TEST_CASE("a query splits into folded words and only the typed last one is a prefix", "[search]") {
  struct Case {
    std::string q;
    std::vector<std::string> words;  // "*" marks the prefix
  };
  const std::vector<Case> cases = {
      {"", {}},
      {"   ", {}},
      {"!?,;.-", {}},
      {"zug", {"zug*"}},
      {"zug ", {"zug"}},
      {"Höllental Zugspitze", {"hollental", "zugspitze*"}},
      {"ZÜRICH, Uetliberg!", {"zurich", "uetliberg"}},
      {"\"near\" NEAR(a b) -x ^y z*", {"near", "near", "a", "b", "x", "y", "z"}},
      {"name:zug", {"name", "zug*"}},
      {"alice_92", {"alice", "92*"}},
      {"Straße", {"strasse*"}},
      {"a\xff"
       "b",
       {"a", "b*"}},  // an invalid byte separates
      {"😀zug😀", {"zug"}},
      {"Αθήνα Москва", {"αθηνα", "москва*"}},
      {"1 2 3 4 5 6 7 8 9 10 11", {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}},
      {"1 2 3 4 5 6 7 8 9 10", {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10*"}},
  };
  for (const Case& c : cases) {
    INFO(c.q);
    CHECK(Texts(SplitSearchQuery(c.q)) == c.words);
  }
  const auto long_word = SplitSearchQuery(std::string(1000, 'x'));
  REQUIRE(long_word.size() == 1);
  CHECK(long_word[0].characters == kMaxSearchWordCharacters);
  CHECK(SplitSearchQuery("ääää")[0].characters == 4);
}

TEST_CASE("one typo is an insertion, a deletion, a replacement or a swap", "[search]") {
  struct Case {
    std::string a;
    std::string b;
    bool within;
  };
  const std::vector<Case> cases = {
      {"zugspitze", "zugspitze", true},
      {"zugspitze", "zugspitse", true},
      {"zugspitze", "zugpsitze", true},
      {"zugspitze", "uzgspitze", true},
      {"zugspitze", "zugspitzee", true},
      {"zugspitze", "zugspitz", true},
      {"zugspitze", "ugspitze", true},
      {"zugspitze", "xzugspitze", true},
      {"zugspitze", "zugspitss", false},
      {"zugspitze", "zuspitz", false},
      {"zugspitze", "guzspitze", false},
      {"zugspitze", "zugspitzeee", false},
      {"αθηνα", "αθινα", true},
      {"москва", "моксва", true},
      {"", "a", true},
      {"ab", "ba", true},
      {"abc", "cba", false},
  };
  for (const Case& c : cases) {
    INFO(c.a << " / " << c.b);
    CHECK(WithinOneTypo(c.a, c.b) == c.within);
    CHECK(WithinOneTypo(c.b, c.a) == c.within);
    // As search counts them, a typo on the first character is two.
    CHECK(IsOneTypoAway(c.a, c.b) ==
          (c.within && !c.a.empty() && !c.b.empty() && DecodeUtf8(c.a)[0] == DecodeUtf8(c.b)[0]));
  }
  CHECK(IsOneTypoAway("zugspitze", "zugspitse"));
  CHECK_FALSE(IsOneTypoAway("zugspitze", "xugspitze"));
  CHECK_FALSE(IsOneTypoAway("zugspitze", "uzgspitze"));
  CHECK(IsOneTypoAway("höllental", "höllentl"));
  CHECK_FALSE(IsOneTypoAway("öllental", "höllental"));
}

TEST_CASE("the index holds a text's folded words between single spaces", "[util][search]") {
  CHECK(SearchIndexWords("Zugspitze über das Höllental!") == "zugspitze uber das hollental");
  CHECK(SearchIndexWords("  Garmisch-Partenkirchen, 2019 ") == "garmisch partenkirchen 2019");
  CHECK(SearchIndexWords("alice_92 😀 Straße") == "alice 92 strasse");
  CHECK(SearchIndexWords("") == "");
  CHECK(SearchIndexWords("?!") == "");
  // The inner-part marker is no word character: it never reaches the index as text.
  CHECK(SearchIndexWords("a\xEE\x80\x80"
                         "b") == "a b");
}

TEST_CASE("the inner parts of a word are its endings of three characters or more after its first",
          "[util][search]") {
  const std::string m = "\xEE\x80\x80";
  CHECK(SearchWordParts("zugspitze") ==
        m + "ugspitze " + m + "gspitze " + m + "spitze " + m + "pitze " + m + "itze " + m + "tze");
  CHECK(SearchWordParts("au see hoch") == m + "och");  // words under four characters have none
  CHECK(SearchWordParts("") == "");
  CHECK(SearchWordParts("höll äpfel") == m + "öll " + m + "pfel " + m + "fel");  // characters
}

TEST_CASE("a query word matches a word of text as a word, an inner part or a typo",
          "[util][search]") {
  const auto word = [](std::string text, bool prefix) {
    SearchWord w{std::move(text), 0, prefix};
    w.characters = DecodeUtf8(w.text).size();
    return w;
  };
  using K = SearchMatchKind;
  struct Case {
    SearchWord word;
    std::string token;
    bool inner_parts;
    std::optional<SearchMatchKind> kind;
  };
  const std::vector<Case> cases = {
      {word("zugspitze", false), "zugspitze", false, K::kWord},
      {word("zug", true), "zugspitze", false, K::kWord},       // typed: a beginning
      {word("zug", false), "zugspitze", true, K::kInner},      // finished: a part
      {word("zug", false), "zugspitze", false, std::nullopt},  // a description has no parts
      {word("spitze", false), "zugspitze", true, K::kInner},
      {word("spitze", true), "zugspitze", true, K::kInner},
      {word("ug", false), "zugspitze", true, std::nullopt},  // too short for a part
      {word("zugspitse", false), "zugspitze", false, K::kTypo},
      {word("zugspitse", true), "zugspitze", true, K::kTypo},
      {word("xugspitze", false), "zugspitze", false, std::nullopt},  // the first character: two
      {word("kopp", false), "kopf", true, std::nullopt},             // too short for a typo
      {word("watzman", false), "watzmann", false, K::kTypo},
      {word("watzmann", false), "kleinwatzmann", true, K::kInner},  // a part beats a typo
  };
  for (const Case& c : cases) {
    INFO(c.word.text << (c.word.prefix ? "*" : "") << " in " << c.token);
    CHECK(MatchSearchWord(c.word, c.token, c.inner_parts) == c.kind);
  }
}

TEST_CASE("a record's rank is its words' worst best match, then its best field", "[util][search]") {
  SearchRanker none(2);
  CHECK_FALSE(none.Rank().has_value());
  SearchRanker one_word(2);
  one_word.Add(0, SearchMatchKind::kWord, 0);
  CHECK_FALSE(one_word.Rank().has_value());  // every word must match
  SearchRanker both(2);
  both.Add(0, SearchMatchKind::kWord, 2);
  both.Add(1, SearchMatchKind::kTypo, 1);
  both.Add(1, SearchMatchKind::kInner, 0);
  CHECK(both.Rank() == 1 * kSearchFieldTiers + 0);  // word 1 at best inner; name tier

  const std::vector<SearchWord> words = SplitSearchQuery("watzmann hocheck ");
  const std::vector<int> tiers = {0, 2, 1};
  const std::vector<bool> parts = {true, false, true};
  CHECK(RankSearchFields(words, {"watzmann hocheck", "", ""}, tiers, parts) == 0);
  CHECK(RankSearchFields(words, {"hocheck", "watzmann", ""}, tiers, parts) == 0);
  CHECK(RankSearchFields(words, {"", "hocheck watzmann", ""}, tiers, parts) == 2);
  CHECK(RankSearchFields(words, {"kleinwatzmann hocheck", "", ""}, tiers, parts) == 3);
  CHECK(RankSearchFields(words, {"", "watzman hocheck", ""}, tiers, parts) == 8);
  CHECK_FALSE(RankSearchFields(words, {"watzmann", "", "berchtesgaden"}, tiers, parts));
  CHECK_FALSE(RankSearchFields({}, {"watzmann"}, {0}, {true}));
}

}  // namespace
}  // namespace cairn::util
