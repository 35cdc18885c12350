// Remote HTML as the plain text kept here: no markup survives, line structure does.
#include "services/federation/html_text.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("remote HTML becomes plain text with its paragraphs and line breaks", "[federation]") {
  CHECK(HtmlToText("<p>Lovely <b>ridge</b> &amp; view</p>", 100) == "Lovely ridge & view");
  CHECK(HtmlToText("<p>one</p><p>two<br>three</p>", 100) == "one\n\ntwo\nthree");
  CHECK(HtmlToText("<p><span class=\"h-card\"><a href=\"https://x/@ada\" class=\"u-url mention\">"
                   "@<span>ada</span></a></span> nice</p>",
                   100) == "@ada nice");
  CHECK(HtmlToText("a &lt;script&gt; b &#39;c&#39; &#x263A; &nbsp;d", 100) ==
        "a <script> b 'c' \xE2\x98\xBA d");
  CHECK(HtmlToText("<script>alert(1)</script>x", 100) == "alert(1)x");
  CHECK(HtmlToText("   spaced \t  out\r\n  ", 100) == "spaced out");
  CHECK(HtmlToText("unfinished <a href=", 100) == "unfinished");
  CHECK(HtmlToText("&unknown; & &#99999999; &#xD800;", 100) ==
        "&unknown; & &#99999999; \xEF\xBF\xBD");
  CHECK(HtmlToText("<p>a</p><p></p><p></p><p>b</p>", 100) == "a\n\nb");
  CHECK(HtmlToText("\xC3\xA9\xC3\xA9\xC3\xA9", 2) == "\xC3\xA9\xC3\xA9");
  CHECK(HtmlToText("", 10).empty());
}

}  // namespace
}  // namespace cairn::services
