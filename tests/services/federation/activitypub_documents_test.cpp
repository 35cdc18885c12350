// People's text in Notes: escaped, paragraphs at blank lines, <br> at single newlines.
#include "services/federation/activitypub_documents.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("text becomes escaped HTML paragraphs", "[federation]") {
  CHECK(TextToHtml("") == "");
  CHECK(TextToHtml("Up & down") == "<p>Up &amp; down</p>");
  CHECK(TextToHtml("<script>alert('x')</script>") ==
        "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>");
  CHECK(TextToHtml("one\ntwo\n\nthree") == "<p>one<br>two</p><p>three</p>");
  CHECK(TextToHtml("a\r\n\r\nb\r\nc") == "<p>a</p><p>b<br>c</p>");
  CHECK(TextToHtml("\n\n\n\nonly\n") == "<p>only</p>");
  CHECK(TextToHtml("a\n\n\nb") == "<p>a</p><p>b</p>");
  CHECK(TextToHtml("\"quoted\"") == "<p>&quot;quoted&quot;</p>");
}

}  // namespace
}  // namespace cairn::services
