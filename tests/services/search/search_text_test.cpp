// Highlighting, as tables.
#include "services/search/search_text.h"

#include <catch2/catch.hpp>
#include <random>

namespace cairn::services::search {
namespace {

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
      // Not escaped, as Meilisearch does not: the client escapes (see the tags test below).
      {"<b>Zug</b> & \"co\"", "zug", "<b><em>Zug</em></b> & \"co\""},
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

// `marked` without the marks \x02 and \x03; "!" when they do not come in pairs.
std::string Unmarked(const std::string& marked) {
  std::string out;
  bool open = false;
  for (char c : marked) {
    if (c == '\x02' || c == '\x03') {
      if ((c == '\x02') == open) return "!";
      open = !open;
      continue;
    }
    out += c;
  }
  return open ? "!" : out;
}

TEST_CASE("a client's own tags mark the matches", "[search]") {
  CHECK(HighlightSearchMatches("Zugspitze via Höllental", SplitSearchQuery("hollental zug"), "[",
                               "]") == "[Zug]spitze via [Höllental]");
  CHECK(HighlightSearchMatches("a <b> & c", SplitSearchQuery("c"), "\x02", "\x03") ==
        "a <b> & \x02"
        "c\x03");
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
    // Text without the control characters used as marks: the marks are then the only ones.
    for (char& c : text) {
      if (c == '\x02' || c == '\x03') c = 'x';
    }
    const std::string marked = HighlightSearchMatches(text, words, "\x02", "\x03");
    // Without its marks the text is what it was, and the marks come in pairs.
    CHECK(Unmarked(marked) == text);
  }
}

}  // namespace
}  // namespace cairn::services::search
