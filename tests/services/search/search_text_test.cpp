// Query words, typo distance and highlighting, as tables.
#include "services/search/search_text.h"

#include <catch2/catch.hpp>
#include <random>

namespace cairn::services::search {
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
  }
}

TEST_CASE("highlighting wraps matched words in em and escapes the rest", "[search]") {
  struct Case {
    std::string text;
    std::string q;
    std::string html;
  };
  const std::vector<Case> cases = {
      {"Zugspitze via Höllental", "zug hollental", "<em>Zug</em>spitze via <em>Höllental</em>"},
      {"Zugspitze", "zu", "<em>Zu</em>gspitze"},
      {"Zugspitze", "zu ", "Zugspitze"},  // a finished word too short for an inner part
      {"Zugspitze", "spitze", "Zug<em>spitze</em>"},
      {"Zugspitze", "zugspitse", "<em>Zugspitze</em>"},
      {"Kopf", "kopp", "Kopf"},
      {"Alte Straße", "strasse", "Alte <em>Straße</em>"},
      {"Alte Straße", "asse", "Alte Str<em>aße</em>"},
      {"Österreich", "oster", "<em>Öster</em>reich"},
      {"Zu\xcc\x88rich", "zur", "<em>Zu\xcc\x88r</em>ich"},  // a combining mark stays inside
      {"<b>Zug</b> & \"co\" 'x'", "zug",
       "&lt;b&gt;<em>Zug</em>&lt;/b&gt; &amp; &quot;co&quot; &#39;x&#39;"},
      {"Watzmann, watzmann!", "WATZMANN", "<em>Watzmann</em>, <em>watzmann</em>!"},
      {"abcabc", "abc", "<em>abc</em>abc"},
      {"abcabc", "abc ", "<em>abcabc</em>"},
      {"no match here", "zug", "no match here"},
      {"nothing asked", "", "nothing asked"},
      {"bad \xff byte", "byte", "bad \xff <em>byte</em>"},
  };
  for (const Case& c : cases) {
    INFO(c.text << " / " << c.q);
    CHECK(HighlightSearchMatches(c.text, SplitSearchQuery(c.q)) == c.html);
  }
}

// `html` with the <em> marks taken out and the five escapes undone; "!" for any other '<'.
std::string Unescaped(std::string html) {
  for (const std::string tag : {"<em>", "</em>"}) {
    for (size_t at = html.find(tag); at != std::string::npos; at = html.find(tag, at)) {
      html.erase(at, tag.size());
    }
  }
  if (html.find('<') != std::string::npos) return "!";
  std::string out;
  for (size_t i = 0; i < html.size(); ++i) {
    bool replaced = false;
    for (const auto& [escape, c] : std::vector<std::pair<std::string, char>>{
             {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}}) {
      if (html.compare(i, escape.size(), escape) == 0) {
        out += c;
        i += escape.size() - 1;
        replaced = true;
        break;
      }
    }
    if (!replaced) out += html[i];
  }
  return out;
}

TEST_CASE("any bytes split and highlight without failing", "[search]") {
  std::mt19937 random(7);
  for (int i = 0; i < 2000; ++i) {
    std::string text(random() % 40, '\0');
    for (char& c : text) c = static_cast<char>(random() % 256);
    std::string q(random() % 12, '\0');
    for (char& c : q) c = static_cast<char>(random() % 256);
    const auto words = SplitSearchQuery(q);
    CHECK(words.size() <= kMaxSearchWords);
    for (const SearchWord& word : words) CHECK_FALSE(word.text.empty());
    const std::string html = HighlightSearchMatches(text, words);
    // Without its marks and escapes the text is what it was, and it holds no other tag.
    CHECK(Unescaped(html) == text);
  }
}

}  // namespace
}  // namespace cairn::services::search
