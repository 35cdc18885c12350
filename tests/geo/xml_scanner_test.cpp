// The streaming XML scanner and the number and time parsing the GPS XML readers share.
#include "geo/xml_scanner.h"

#include <catch2/catch.hpp>
#include <string>

#include "geo/track.h"
#include "geo/xml_values.h"

namespace cairn::geo::xml_internal {
namespace {

// The scanner's tokens as one line: "<a x=1>", "'text'", "</a>", joined by spaces; on an error
// the line ends with "ERROR: <message>".
std::string Trace(std::string_view xml_text) {
  XmlScanner xml(xml_text, "XML");
  std::string trace;
  while (xml.Next()) {
    if (!trace.empty()) trace += ' ';
    if (xml.kind() == XmlTokenKind::kStartTag) {
      trace += "<" + std::string(xml.local_name());
      for (const XmlAttribute& attribute : xml.attributes()) {
        trace += " " + std::string(attribute.qualified_name) + "=" +
                 std::string(xml.AttributeValue(attribute));
      }
      trace += ">";
    } else if (xml.kind() == XmlTokenKind::kEndTag) {
      trace += "</" + std::string(xml.local_name()) + ">";
    } else {
      std::string decoded;
      AppendDecoded(xml.raw_text(), xml.text_is_cdata(), xml.encoding(), &decoded);
      trace += "'" + decoded + "'";
    }
  }
  if (xml.kind() == XmlTokenKind::kError) trace += " ERROR: " + xml.status().error().message;
  return trace;
}

std::string ErrorOf(std::string_view xml_text) {
  XmlScanner xml(xml_text, "XML");
  while (xml.Next()) {
  }
  return xml.status().ok() ? "" : xml.status().error().message;
}

TEST_CASE("the scanner returns tags, attributes and text in document order", "[xml]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"<a/>", "<a> </a>"},
      {"<a x='1' y=\"2\">hi<b/></a>", "<a x=1 y=2> 'hi' <b> </b> </a>"},
      {"<a\n  x = '1'\t>t</a >", "<a x=1> 't' </a>"},
      // Namespace prefixes are dropped from local names, so prefixed files read like plain ones.
      {"<gpx:gpx xmlns:gpx='u'><gpx:trkpt gpx:lat='1'/></gpx:gpx>",
       "<gpx xmlns:gpx=u> <trkpt gpx:lat=1> </trkpt> </gpx>"},
      {"<kml><gx:Track/></kml>", "<kml> <Track> </Track> </kml>"},
      // Comments, processing instructions, the declaration and a DOCTYPE are skipped.
      {"<?xml version='1.0'?><!-- c --><?style x?><!DOCTYPE gpx SYSTEM \"a>b\"><a><!--x-->t</a>",
       "<a> 't' </a>"},
      {"<!DOCTYPE a [ <!ELEMENT a (#PCDATA)> <!-- <!ENTITY in a comment --> ]><a/>", "<a> </a>"},
      // A UTF-8 byte order mark before the declaration.
      {"\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<a>\xC3\xA9</a>",
       "<a> '\xC3\xA9' </a>"},
      // CDATA is returned verbatim; references are decoded elsewhere.
      {"<a><![CDATA[<b>&amp;]]></a>", "<a> '<b>&amp;' </a>"},
      {"<a>&lt;&gt;&amp;&quot;&apos;&#233;&#x1F600;</a>",
       "<a> '<>&\"'\xC3\xA9\xF0\x9F\x98\x80' </a>"},
      {"<a t='&amp;&#65;'/>", "<a t=&A> </a>"},
      {"<a>x\r\ny\rz</a>", "<a> 'x\ny\nz' </a>"},
      // ISO-8859-1 text is converted to UTF-8.
      {"<?xml version='1.0' encoding='ISO-8859-1'?><a n='\xE9'>Ljubljana \xE8</a>",
       "<a n=\xC3\xA9> 'Ljubljana \xC3\xA8' </a>"},
      {"  <a/>\n<!-- trailing comment -->\n", "<a> </a>"},
  };
  for (const auto& [input, expected] : cases) {
    INFO(input);
    CHECK(Trace(input) == expected);
  }
}

TEST_CASE("malformed or refused XML is an error naming the line and column", "[xml]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "XML: line 1, column 1: the file has no root element"},
      {"<a>\n  <b>", "XML: line 2, column 6: the file ends inside <b>: it is truncated"},
      {"<a><b></a>", "XML: line 1, column 7: </a> where </b> was expected"},
      {"<a></a></a>", "XML: line 1, column 8: </a> has no matching start tag"},
      {"<a/><b/>", "XML: line 1, column 5: a second root element <b>"},
      {"<a/>junk", "XML: line 1, column 5: unexpected text after the end of the root element"},
      {"junk<a/>", "XML: line 1, column 1: unexpected text before the root element"},
      {"<a x=1/>", "XML: line 1, column 6: the value of the attribute \"x\" is not in quotes"},
      {"<a x='1' x='2'/>", "XML: line 1, column 1: the attribute \"x\" appears twice"},
      {"<a x='1'y='2'/>", "attributes must be separated by white space"},
      {"<a x='<'/>", "\"<\" inside an attribute value"},
      {"<a x='1", "the file ends inside the attribute \"x\""},
      {"<a>&nbsp;</a>", "XML: line 1, column 4: \"&nbsp;\" is not a reference XML defines"},
      {"<a>&#0;</a>", "is not a reference XML defines"},
      {"<a>&#xD800;</a>", "is not a reference XML defines"},
      {"<a>&#99999999999;</a>", "is not a reference XML defines"},
      {"<a>fish & chips</a>", "is not a reference XML defines"},
      {"<a>\n caf\xE9</a>", "XML: line 2, column 5: the text is not valid UTF-8"},
      {"<a>\xC0\xAF</a>", "the text is not valid UTF-8"},  // an overlong '/'
      {"<a><!-- open", "the file ends inside a comment"},
      {"<a><![CDATA[open", "the file ends inside CDATA"},
      {"<a><?pi open", "the file ends inside a processing instruction"},
      {"<a/><?xml version='1.0'?>", "an XML declaration is only allowed at the very start"},
      {"<?xml version='1.0' encoding='windows-1252'?><a/>",
       "the file is encoded as windows-1252; only UTF-8 and ISO-8859-1 are read"},
      {"\xFF\xFE<\0a\0/\0>\0", "the file is encoded as UTF-16"},
      {"\xEF\xBB\xBF<?xml version='1.0' encoding='latin1'?><a/>",
       "starts with a UTF-8 byte order mark but declares ISO-8859-1"},
      {"<a><!ELEMENT></a>", "unexpected markup"},
      {"< a/>", "\"<\" is not followed by an element name"},
      {"<a></ >", "\"</\" is not followed by an element name"},
  };
  for (const auto& [input, expected] : cases) {
    INFO(input);
    CHECK_THAT(ErrorOf(input), Catch::Contains(expected));
  }
}

TEST_CASE("entity declarations are refused, so a billion-laughs file costs nothing", "[xml]") {
  const std::string laughs =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
      " <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n"
      "<lolz>&lol2;</lolz>";
  CHECK_THAT(ErrorOf(laughs), Catch::StartsWith("XML: line 3, column 2: the DOCTYPE declares an "
                                                "entity"));
  const std::string external =
      "<!DOCTYPE gpx [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><gpx>&xxe;</gpx>";
  CHECK_THAT(ErrorOf(external), Catch::Contains("declares an entity"));
}

TEST_CASE("nesting deeper than 256 elements is refused instead of exhausting the stack", "[xml]") {
  std::string bomb;
  for (int i = 0; i < 100000; ++i) bomb += "<a>";
  CHECK_THAT(ErrorOf(bomb), Catch::Contains("elements are nested more than 256 deep"));
  std::string deep_but_fine;
  for (int i = 0; i < 256; ++i) deep_but_fine += "<a>";
  for (int i = 0; i < 256; ++i) deep_but_fine += "</a>";
  CHECK(ErrorOf(deep_but_fine).empty());
}

TEST_CASE("a tag may have 1024 distinct attributes but not more", "[xml]") {
  const auto tag_with = [](int attributes, bool duplicate) {
    std::string tag = "<a";
    for (int i = 0; i < attributes; ++i) tag += " x" + std::to_string(i) + "='1'";
    if (duplicate) tag += " x7='2'";
    return tag + "/>";
  };
  CHECK(ErrorOf(tag_with(1023, false)).empty());
  CHECK_THAT(ErrorOf(tag_with(1023, true)), Catch::Contains("the attribute \"x7\" appears twice"));
  CHECK_THAT(ErrorOf(tag_with(1025, false)),
             Catch::Contains("a tag has more than 1024 attributes"));
}

TEST_CASE("columns count characters, not bytes, after multi-byte UTF-8", "[xml]") {
  CHECK_THAT(ErrorOf("<a>\xC5\xBE\xC5\xBE<b></a>"), Catch::StartsWith("XML: line 1, column 9:"));
}

TEST_CASE("NextChild visits only direct children and ReadText joins text and CDATA", "[xml]") {
  const std::string doc =
      "<r><x>1</x><skip><x>nested</x></skip><name>\n  <![CDATA[A&B]]> &amp; C<i>gone</i>\n"
      "</name><x/></r>";
  XmlScanner xml(doc, "XML");
  REQUIRE(xml.Next());
  std::vector<std::string> seen;
  while (xml.NextChild(1)) {
    seen.emplace_back(xml.local_name());
    if (xml.local_name() == "name" || xml.local_name() == "x") {
      std::string_view text;
      REQUIRE(xml.ReadText(&text));
      seen.back() += "=" + std::string(text);
    }
  }
  CHECK(xml.status().ok());
  CHECK(seen == std::vector<std::string>{"x=1", "skip", "name=\n  A&B & C\n", "x="});
  CHECK_FALSE(xml.Next());
  CHECK(xml.kind() == XmlTokenKind::kEndOfDocument);
}

TEST_CASE("ReadText returns a view into the input when the text needs no decoding", "[xml]") {
  const std::string doc = "<r><ele>1614.678</ele><name>a&amp;b</name></r>";
  XmlScanner xml(doc, "XML");
  REQUIRE(xml.Next());
  REQUIRE(xml.NextChild(1));
  std::string_view text;
  REQUIRE(xml.ReadText(&text));
  CHECK(text == "1614.678");
  CHECK(xml.OffsetOf(text, 0) == doc.find("1614"));
  REQUIRE(xml.NextChild(1));
  REQUIRE(xml.ReadText(&text));
  CHECK(text == "a&b");
  CHECK(xml.OffsetOf(text, 99) == 99);  // decoded into the scanner's buffer
}

TEST_CASE("numbers parse as XML writes them and nothing else", "[xml]") {
  const std::vector<std::pair<std::string, std::optional<double>>> cases = {
      {"46.434981000", 46.434981},
      {" -0.25\n", -0.25},
      {"+3", 3.0},
      {"1.5e3", 1500.0},
      {".5", 0.5},
      {"", std::nullopt},
      {"undefined", std::nullopt},
      {"nan", std::nullopt},
      {"inf", std::nullopt},
      {"1e400", std::nullopt},
      {"46,5", std::nullopt},
      {"12abc", std::nullopt},
      {"+-1", std::nullopt},
      {"1 2", std::nullopt},
  };
  for (const auto& [text, expected] : cases) {
    INFO(text);
    CHECK(ParseNumber(text) == expected);
  }
}

TEST_CASE("ISO 8601 times become epoch milliseconds, before 1970 and with offsets", "[xml]") {
  const std::vector<std::pair<std::string, std::optional<int64_t>>> cases = {
      {"1970-01-01T00:00:00Z", 0},
      {"2013-01-01T12:00:00", 1357041600000},  // no zone: UTC
      {"2013-01-02T02:03:00Z", 1357092180000},
      {"1901-12-13T20:45:52.2073437Z", -2147483647793},  // truncated to the millisecond
      {"1901-12-13T20:45:52.207Z", -2147483647793},
      {"1969-12-31T23:59:59.9Z", -100},
      {"2016-05-27T10:08:47.8Z", 1464343727800},
      {"2020-12-27T15:59:36.000+01:00", 1609081176000},
      {"2020-12-27T09:59:36-0500", 1609081176000},
      {"2020-12-27T16:59:36+02", 1609081176000},
      {"2024-02-29T00:00:00Z", 1709164800000},
      {"2014-04-12", 1397260800000},  // a date alone: midnight UTC
      {"2014-04-12T14:26", 1397312760000},
      {" 2014-04-12t14:26:16z ", 1397312776000},
      {"2023-02-29T00:00:00Z", std::nullopt},
      {"2023-13-01T00:00:00Z", std::nullopt},
      {"2023-01-01T25:00:00Z", std::nullopt},
      {"2023-01-01T10:00:00.Z", std::nullopt},
      {"2023-01-01T10:00:00+1", std::nullopt},
      {"2023-01-01T10:00:00Zjunk", std::nullopt},
      {"02-OCT-10 16:01:13", std::nullopt},
      {"", std::nullopt},
  };
  for (const auto& [text, expected] : cases) {
    INFO(text);
    CHECK(ParseDateTime(text) == expected);
  }
}

TEST_CASE("error quotes are cut short and made valid UTF-8", "[xml]") {
  CHECK(QuoteForMessage("caf\xE9\x01ok") == "caf? ok");
  CHECK(QuoteForMessage(std::string(50, 'x'), 5) == "xxxxx...");
  CHECK(QuoteForMessage("\xC5\xBE\xC5\xBE\xC5\xBE", 2) == "\xC5\xBE\xC5\xBE...");
}

}  // namespace
}  // namespace cairn::geo::xml_internal
