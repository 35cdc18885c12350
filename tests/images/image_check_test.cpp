// Tests for CheckImage: real PNG, JPEG, WEBP and SVG accepted; damaged, truncated, oversized and
// scripted files refused with a message naming the format.
#include "images/image_check.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "images/test_images.h"

namespace cairn::images {
namespace {

using testing::HandMadePng;
using testing::MakeJpeg;
using testing::MakePng;
using testing::MakeWebp;
using testing::PngChunk;
using testing::WebpKind;

std::string Segment(uint8_t marker, const std::string& payload) {
  std::string out = "\xFF";
  out += static_cast<char>(marker);
  testing::Put16(out, static_cast<uint32_t>(payload.size() + 2), true);
  return out + payload;
}

// A Huffman table segment's payload: one code of one bit for symbol 0.
std::string OneCodeHuffmanTable(uint8_t class_and_index) {
  std::string table(1, static_cast<char>(class_and_index));
  table += '\x01';
  table.append(15, '\0');
  return table + '\0';
}

// A progressive JPEG's structure, by hand: a DC scan and an AC scan with the AC table defined
// between them, stuffed bytes, a restart marker and fill bytes before the EOI. Not decodable,
// but well-formed.
std::string ProgressiveJpeg(uint16_t width, uint16_t height) {
  std::string frame = "\x08";
  testing::Put16(frame, height, true);
  testing::Put16(frame, width, true);
  frame += std::string("\x01\x01\x11\x00", 4);  // one component: id 1, 1x1, table 0
  const std::string dc_scan("\x01\x01\x00\x00\x00\x00", 6);
  const std::string ac_scan("\x01\x01\x00\x01\x3F\x00", 6);
  return std::string("\xFF\xD8", 2) +
         Segment(0xDB, std::string(1, '\0') + std::string(64, '\x01')) + Segment(0xC2, frame) +
         Segment(0xC4, OneCodeHuffmanTable(0x00)) + Segment(0xDA, dc_scan) +
         std::string("\x12\x34\xFF\x00\x56\xFF\xD0\x78\x9A", 9) +
         Segment(0xC4, OneCodeHuffmanTable(0x10)) + Segment(0xDA, ac_scan) +
         std::string("\xAB\xFF\x00\xCD\xFF\xFF", 6) + std::string("\xD9", 1);
}

std::string PalettePng() {
  const std::string palette("\xFF\x00\x00\x00\x00\xFF", 6);  // red, blue
  return HandMadePng(4, 2, 8, 3, {std::string("\0\0\1\1", 4), std::string("\1\1\0\0", 4)},
                     PngChunk("PLTE", palette) + PngChunk("tRNS", "\xFF"));
}

std::string SixteenBitGreyPng() {
  return HandMadePng(2, 2, 16, 0, {std::string("\x00\x00\xFF\xFF", 4), std::string(4, '\x80')});
}

TEST_CASE("CheckImage accepts real PNG, JPEG and WEBP files and reports their size",
          "[images][check]") {
  struct Case {
    const char* name;
    std::string bytes;
    ImageFormat format;
    int width;
    int height;
    bool animated;
  };
  const std::string jpeg = MakeJpeg(33, 17, testing::ThreeBands);
  const Case cases[] = {
      {"PNG RGB", MakePng(30, 20, testing::ThreeBands, 3), ImageFormat::kPng, 30, 20, false},
      {"PNG RGBA", MakePng(7, 9, testing::ClearLeftBlueRight, 4), ImageFormat::kPng, 7, 9, false},
      {"PNG grey", MakePng(5, 3, testing::TopWhiteBottomBlack, 1), ImageFormat::kPng, 5, 3, false},
      {"PNG grey+alpha", MakePng(3, 5, testing::ClearLeftBlueRight, 2), ImageFormat::kPng, 3, 5,
       false},
      {"PNG palette with tRNS", PalettePng(), ImageFormat::kPng, 4, 2, false},
      {"PNG 16-bit grey", SixteenBitGreyPng(), ImageFormat::kPng, 2, 2, false},
      {"JPEG baseline", jpeg, ImageFormat::kJpeg, 33, 17, false},
      {"JPEG grey", MakeJpeg(8, 24, testing::TopWhiteBottomBlack, 1), ImageFormat::kJpeg, 8, 24,
       false},
      {"JPEG with a preview after its EOI", jpeg + MakeJpeg(4, 4, testing::ThreeBands),
       ImageFormat::kJpeg, 33, 17, false},
      {"JPEG with EXIF", testing::WithApp1(jpeg, testing::TiffBuilder(false).Build()),
       ImageFormat::kJpeg, 33, 17, false},
      {"JPEG progressive structure", ProgressiveJpeg(24, 16), ImageFormat::kJpeg, 24, 16, false},
      {"WEBP lossy", MakeWebp(31, 9, testing::ThreeBands, 3, WebpKind::kLossy), ImageFormat::kWebp,
       31, 9, false},
      {"WEBP lossless", MakeWebp(9, 31, testing::ThreeBands, 4, WebpKind::kLossless),
       ImageFormat::kWebp, 9, 31, false},
      {"WEBP lossy with alpha (VP8X)",
       MakeWebp(12, 10, testing::ClearLeftBlueRight, 4, WebpKind::kLossy), ImageFormat::kWebp, 12,
       10, false},
      {"WEBP animated", testing::AnimatedWebp(6, 4), ImageFormat::kWebp, 6, 4, true},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const auto info = CheckImage(c.bytes);
    REQUIRE(info.ok());
    CHECK(info->format == c.format);
    CHECK(info->width == c.width);
    CHECK(info->height == c.height);
    CHECK(info->animated == c.animated);
  }
  // The VP8X case really is one (libwebp puts alpha beside lossy data in an extended file).
  CHECK(MakeWebp(12, 10, testing::ClearLeftBlueRight, 4, WebpKind::kLossy).substr(12, 4) == "VP8X");
}

TEST_CASE("CheckImage accepts SVG with prefixes, BOM, declaration, comments and DOCTYPE",
          "[images][check][svg]") {
  const char* cases[] = {
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red" opacity="0.5"/></svg>)",
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made by hand -->\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"3\"/></svg>\n",
      R"(<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:rect width="1" height="1"/></svg:svg>)",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
      "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg "
      "xmlns=\"http://www.w3.org/2000/svg\"/>",
      R"(<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><path id="p" d="M0 0L1 1"/></defs><use xlink:href="#p"/><a href="https://example.org/trail?x=1&amp;y=2"><text>Säntis &lt;2502 m&gt;</text></a><style><![CDATA[ rect { fill: blue } ]]></style></svg>)",
  };
  for (const char* svg : cases) {
    INFO(svg);
    const auto info = CheckImage(svg);
    REQUIRE(info.ok());
    CHECK(info->format == ImageFormat::kSvg);
    CHECK(info->width == 0);
    CHECK(info->height == 0);
  }
}

std::string WithByte(std::string bytes, size_t at, char value) {
  bytes[at] = value;
  return bytes;
}

TEST_CASE("CheckImage refuses what is not one whole image, naming the format", "[images][check]") {
  const std::string png = MakePng(20, 10, testing::ThreeBands);
  const std::string jpeg = MakeJpeg(40, 24, testing::ThreeBands);
  const std::string webp = MakeWebp(20, 10, testing::ThreeBands, 3, WebpKind::kLossy);
  const size_t sof = jpeg.find("\xFF\xC0");
  const size_t sos = jpeg.find("\xFF\xDA");
  REQUIRE(sof != std::string::npos);
  REQUIRE(sos != std::string::npos);
  std::string webp_long_riff = webp;
  testing::Set32(webp_long_riff, 4, static_cast<uint32_t>(webp.size() - 8 + 2), false);
  std::string png_huge(png);
  png_huge.replace(8, 25, PngChunk("IHDR", testing::IhdrData(100000, 100000, 8, 2)));
  std::string png_empty(png);
  png_empty.replace(8, 25, PngChunk("IHDR", testing::IhdrData(0, 0, 8, 2)));
  std::string png_wide(png);  // 70000 x 1: few pixels, but a side over 65535
  png_wide.replace(8, 25, PngChunk("IHDR", testing::IhdrData(70000, 1, 8, 2)));
  std::string jpeg_zero_width(jpeg);
  jpeg_zero_width.replace(sof + 7, 2, std::string(2, '\0'));
  struct Case {
    const char* name;
    std::string bytes;
    const char* message;
  };
  const Case cases[] = {
      {"empty", "", "The image file is empty."},
      {"random bytes", "\x13\x37 random bytes \x01\x02", "Not a PNG, JPEG, WEBP or SVG image."},
      {"plain text", "hello, world", "Not a PNG, JPEG, WEBP or SVG image."},
      {"HTML page", "<!DOCTYPE html><html><body>hi</body></html>",
       "Not a PNG, JPEG, WEBP or SVG image."},
      {"XML whose root is html", "<?xml version=\"1.0\"?><html><svg/></html>",
       "Not a PNG, JPEG, WEBP or SVG image."},
      {"a WAV file", std::string("RIFF\x04\0\0\0WAVE", 12), "Not a PNG, JPEG, WEBP or SVG image."},
      // Regression: reading the "WEBP" tag of a file shorter than 12 bytes threw out_of_range.
      {"RIFF cut after 5 bytes", "RIFF\x04", "Not a PNG, JPEG, WEBP or SVG image."},
      {"PNG header followed by HTML", png.substr(0, 8) + "<html><script>alert(1)</script></html>",
       "The PNG file is damaged"},
      {"PNG whose signature lost its CR", "\x89PNG\n\x1A\n" + png.substr(8),
       "The PNG file is damaged (its signature"},
      {"PNG with a corrupted CRC", WithByte(png, 29, static_cast<char>(png[29] ^ 1)),
       "The PNG file is damaged (the checksum of its IHDR chunk does not match)."},
      {"PNG with a corrupted IDAT byte", WithByte(png, 45, static_cast<char>(png[45] ^ 0x40)),
       "checksum of its IDAT chunk"},
      {"PNG with bytes after IEND", png + "<?php evil(); ?>",
       "The PNG file has 16 bytes of other data after its end."},
      {"PNG without IEND", png.substr(0, png.size() - 12), "The PNG file is truncated."},
      {"PNG without IDAT", png.substr(0, 33) + PngChunk("IEND", ""), "no image data"},
      {"PNG claiming 100000x100000", png_huge, "The PNG image is too large (100000x100000 pixels"},
      {"PNG claiming 70000x1", png_wide, "The PNG image is too large"},
      {"PNG of 0x0", png_empty, "The PNG image has no pixels (0x0)."},
      {"palette PNG without PLTE", HandMadePng(1, 1, 8, 3, {std::string(1, '\0')}),
       "its palette is missing"},
      {"PNG with an unknown critical chunk",
       png.substr(0, 33) + PngChunk("CgBI", "abcd") + png.substr(33), "critical chunk CgBI"},
      {"JPEG cut inside a header segment", jpeg.substr(0, 10), "The JPEG file is truncated."},
      {"JPEG cut inside the frame header", jpeg.substr(0, sof + 5), "The JPEG file is truncated."},
      {"JPEG cut at the start of the scan", jpeg.substr(0, sos + 14),
       "The JPEG file is truncated."},
      {"JPEG cut inside the scan", jpeg.substr(0, (sos + jpeg.size()) / 2),
       "The JPEG file is truncated."},
      {"JPEG cut just before EOI", jpeg.substr(0, jpeg.size() - 2), "The JPEG file is truncated."},
      {"JPEG cut inside EOI", jpeg.substr(0, jpeg.size() - 1), "The JPEG file is truncated."},
      {"JPEG of just SOI", "\xFF\xD8", "The JPEG file is truncated."},
      {"JPEG without a frame header", jpeg.substr(0, sof) + jpeg.substr(sof + 2 + 17),
       "The JPEG file is damaged (it has no frame header before its image data)."},
      {"JPEG of no segments but EOI", "\xFF\xD8\xFF\xD9", "it has no frame header"},
      {"JPEG with a zero width", jpeg_zero_width, "The JPEG image has no pixels (0x24)."},
      {"JPEG without Huffman tables", testing::WithoutHuffmanTables(jpeg),
       "The JPEG file is damaged (a scan uses a Huffman table that was never defined)."},
      {"JPEG whose scan uses Huffman tables 2", WithByte(jpeg, sos + 6, '\x22'),
       "a scan uses a Huffman table that was never defined"},
      {"JPEG whose scan uses Huffman tables 4", WithByte(jpeg, sos + 6, '\x44'),
       "a scan uses a Huffman table that was never defined"},
      {"JPEG whose frame uses quantization table 3", WithByte(jpeg, sof + 12, '\x03'),
       "a scan uses a quantization table that was never defined"},
      {"JPEG whose scan names a component the frame lacks", WithByte(jpeg, sos + 5, '\x09'),
       "a scan names a component the frame lacks"},
      {"JPEG whose Huffman table runs past its segment",
       WithByte(jpeg, jpeg.find("\xFF\xC4") + 5, '\xFF'), "a Huffman table is malformed"},
      {"JPEG with garbage between segments", jpeg.substr(0, 2) + "garbage" + jpeg.substr(2),
       "The JPEG file is damaged (stray bytes where a marker should be, at byte 2)."},
      {"WEBP whose RIFF size is too small", webp + "tail",
       "The WEBP file is damaged (its RIFF size does not match the file length"},
      {"WEBP whose RIFF size is too large", webp_long_riff, "The WEBP file is truncated."},
      {"WEBP cut short", webp.substr(0, webp.size() / 2), "The WEBP file is truncated."},
      {"WEBP whose bitstream is garbage",
       [&] {
         std::string bad = webp;
         for (size_t i = 20; i < 30; ++i) bad[i] = 'x';
         return bad;
       }(),
       "The WEBP file is damaged (libwebp cannot read its bitstream header)."},
      {"WEBP starting with an unknown chunk",
       [&] {
         std::string bad = webp;
         bad.replace(12, 4, "JUNK");
         return bad;
       }(),
       "does not start with a VP8, VP8L or VP8X chunk"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const auto info = CheckImage(c.bytes);
    REQUIRE_FALSE(info.ok());
    CHECK(info.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(info.error().message, Catch::Contains(c.message));
  }
}

TEST_CASE("CheckImage refuses SVG that could run a script or expand entities",
          "[images][check][svg]") {
  struct Case {
    const char* name;
    const char* svg;
    const char* message;
  };
  const Case cases[] = {
      {"script", "<svg><script>alert(1)</script></svg>",
       "The SVG image contains a script (a script element)."},
      {"SCRIPT in capitals", "<svg><g><SCRIPT>alert(1)</SCRIPT></g></svg>", "a script element"},
      {"svg:script", "<svg:svg xmlns:svg='http://www.w3.org/2000/svg'><svg:script/></svg:svg>",
       "a script element"},
      {"onload", "<svg onload=\"alert(1)\"/>", "an event handler attribute"},
      {"OnClick in mixed case", "<svg><rect OnClick='x()'/></svg>", "an event handler attribute"},
      {"javascript: in xlink:href",
       "<svg xmlns:xlink='http://www.w3.org/1999/xlink'><a xlink:href=\"javascript:alert(1)\">"
       "<text>x</text></a></svg>",
       "The SVG image contains a script (a javascript: URL)."},
      {"JavaScript: after spaces in href", "<svg><a href='  JavaScript:alert(1)'/></svg>",
       "a javascript: URL"},
      {"javascript: split by a tab reference", "<svg><a href='java&#9;script:alert(1)'/></svg>",
       "a javascript: URL"},
      {"javascript: as character references", "<svg><a href='&#106;&#97;vascript:alert(1)'/></svg>",
       "a javascript: URL"},
      {"javascript: set by animation",
       "<svg><a><animate attributeName='href' values='#a;javascript:alert(1)'/></a></svg>",
       "a javascript: URL"},
      {"handler set by animation", "<svg><set attributeName='onmouseover' to='alert(1)'/></svg>",
       "an animated event handler"},
      {"foreignObject",
       "<svg><foreignObject><body xmlns='http://www.w3.org/1999/xhtml'/></foreignObject></svg>",
       "a foreignObject element"},
      {"billion laughs",
       "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY lol \"lol\"><!ENTITY lol2 "
       "\"&lol;&lol;&lol;&lol;\">]><svg><text>&lol2;</text></svg>",
       "The SVG image declares entities or attributes in its DOCTYPE, which is not allowed."},
      {"default onload from an ATTLIST",
       "<!DOCTYPE svg [<!ATTLIST svg onload CDATA \"alert(1)\">]><svg/>",
       "declares entities or attributes"},
      {"xml-stylesheet", "<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?><svg/>",
       "The SVG image contains a processing instruction"},
      {"not well-formed", "<svg><g></svg>", "The SVG image is not well-formed XML"},
      {"two roots", "<svg/><svg/>", "The SVG image is not well-formed XML"},
      {"not UTF-8", "<svg><text>\xC3\x28</text></svg>", "The SVG image is not UTF-8 text."},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const auto info = CheckImage(c.svg);
    REQUIRE_FALSE(info.ok());
    CHECK(info.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(info.error().message, Catch::Contains(c.message));
  }
}

TEST_CASE("every truncation of a PNG, JPEG or WEBP is refused", "[images][check]") {
  const std::string files[] = {
      MakePng(12, 8, testing::ThreeBands, 4),
      MakeJpeg(24, 16, testing::ThreeBands),
      ProgressiveJpeg(8, 8),
      MakeWebp(12, 8, testing::ClearLeftBlueRight, 4, WebpKind::kLossy),
  };
  for (const std::string& file : files) {
    REQUIRE(CheckImage(file).ok());
    for (size_t cut = 0; cut < file.size(); ++cut) {
      INFO(cut);
      CHECK_FALSE(CheckImage(std::string_view(file).substr(0, cut)).ok());
    }
  }
}

TEST_CASE("deeply nested SVG is checked without recursion, in linear time",
          "[images][check][svg]") {
  const int depth = 200'000;
  std::string svg = "<svg>";
  for (int i = 0; i < depth; ++i) svg += "<g>";
  std::string deep_script = svg + "<script/>";
  for (int i = 0; i < depth; ++i) {
    svg += "</g>";
    deep_script += "</g>";
  }
  svg += "</svg>";
  deep_script += "</svg>";
  const auto start = std::chrono::steady_clock::now();
  CHECK(CheckImage(svg).ok());
  const auto refused = CheckImage(deep_script);
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message, Catch::Contains("a script element"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("formats have their MIME types and extensions", "[images][check]") {
  struct Case {
    ImageFormat format;
    const char* mime;
    const char* extension;
  };
  const Case cases[] = {{ImageFormat::kPng, "image/png", ".png"},
                        {ImageFormat::kJpeg, "image/jpeg", ".jpg"},
                        {ImageFormat::kWebp, "image/webp", ".webp"},
                        {ImageFormat::kSvg, "image/svg+xml", ".svg"}};
  for (const Case& c : cases) {
    CHECK(std::string(MimeTypeOf(c.format)) == c.mime);
    CHECK(std::string(ExtensionOf(c.format)) == c.extension);
    CHECK(IsExtensionOf(c.extension, c.format));
  }
  CHECK(IsExtensionOf(".jpeg", ImageFormat::kJpeg));
  CHECK(IsExtensionOf(".jpe", ImageFormat::kJpeg));
  CHECK_FALSE(IsExtensionOf(".JPG", ImageFormat::kJpeg));
  CHECK_FALSE(IsExtensionOf("jpg", ImageFormat::kJpeg));
  CHECK_FALSE(IsExtensionOf(".png", ImageFormat::kJpeg));
  CHECK_FALSE(IsExtensionOf(".svgz", ImageFormat::kSvg));
  CHECK_FALSE(IsExtensionOf("", ImageFormat::kWebp));
}

TEST_CASE("the first bytes tell an image format from anything else, whole or damaged",
          "[images][check]") {
  CHECK(SniffImageFormat("\x89PNG\r\n") == ImageFormat::kPng);
  CHECK(SniffImageFormat("\x89PNG") == ImageFormat::kPng);  // damaged, still a PNG
  CHECK(SniffImageFormat("\xFF\xD8\xFF") == ImageFormat::kJpeg);
  CHECK(SniffImageFormat(std::string("RIFF\0\0\0\0WEBPVP8 ", 16)) == ImageFormat::kWebp);
  CHECK(SniffImageFormat("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>") ==
        ImageFormat::kSvg);
  CHECK_FALSE(SniffImageFormat("<html><body>hi</body></html>"));
  CHECK_FALSE(SniffImageFormat("GIF89a"));
  CHECK_FALSE(SniffImageFormat(""));
  CHECK_FALSE(SniffImageFormat("RIFF\0\0\0\0AVI "));
  // What CheckImage calls "not an image" is exactly what the sniff does not recognise.
  CHECK(CheckImage("GIF89a").error().message == "Not a PNG, JPEG, WEBP or SVG image.");
  CHECK(CheckImage("\x89PNG").error().message != "Not a PNG, JPEG, WEBP or SVG image.");
}

}  // namespace
}  // namespace cairn::images
