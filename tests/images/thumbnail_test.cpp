// Tests for thumbnails: size forms parsed and printed, exact output sizes for every mode and
// format, crop anchors and orientation checked on decoded pixels, refusals.
#include "images/thumbnail.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "images/test_images.h"

namespace cairn::images {
namespace {

using testing::Decoded;
using testing::DecodeRgba;
using testing::Near;
using testing::Rgba;

TEST_CASE("ParseThumbSize accepts PocketBase's forms and refuses the rest", "[images][thumb]") {
  struct Accepted {
    const char* text;
    ThumbSize size;
  };
  const Accepted accepted[] = {
      {"100x100", {100, 100, ThumbMode::kCenter}},
      {"600x0", {600, 0, ThumbMode::kWidth}},
      {"0x300", {0, 300, ThumbMode::kHeight}},
      {"100x100t", {100, 100, ThumbMode::kTop}},
      {"100x100b", {100, 100, ThumbMode::kBottom}},
      {"100x100f", {100, 100, ThumbMode::kFit}},
      {"1x1f", {1, 1, ThumbMode::kFit}},
      {"4096x4096", {4096, 4096, ThumbMode::kCenter}},
      {"50x4096t", {50, 4096, ThumbMode::kTop}},
  };
  for (const Accepted& a : accepted) {
    INFO(a.text);
    const auto size = ParseThumbSize(a.text);
    REQUIRE(size.has_value());
    CHECK(*size == a.size);
    CHECK(size->ToString() == a.text);
    CHECK(ParseThumbSize(a.size.ToString()) == a.size);
  }
  // Leading zeros are read as decimal, and printed canonically.
  CHECK(ParseThumbSize("007x08") == ThumbSize{7, 8, ThumbMode::kCenter});
  const char* refused[] = {"0x0",      "x100",      "100x",     "-1x5",      "+1x5",
                           " 100x100", "100x100 ",  "100x100z", "100x0t",    "0x100f",
                           "0x0b",     "5000x10",   "10x4097",  "100X100",   "",
                           "x",        "100x100tt", "1.5x2",    "100x100x1", "99999999999x1",
                           "100×100",  "t100x100",  "0x-0"};
  for (const char* text : refused) {
    INFO('"' << text << '"');
    CHECK_FALSE(ParseThumbSize(text).has_value());
  }
  CHECK_FALSE(ParseThumbSize(std::string_view("100x100\0", 8)).has_value());
}

struct Source {
  const char* name;
  std::string bytes;
  ImageFormat format;
};

// A landscape (120x80) and a portrait (80x120) source in each format.
std::vector<Source> Sources(int width, int height) {
  return {
      {"PNG", testing::MakePng(width, height, testing::ThreeBands), ImageFormat::kPng},
      {"JPEG", testing::MakeJpeg(width, height, testing::ThreeBands), ImageFormat::kJpeg},
      {"WEBP", testing::MakeWebp(width, height, testing::ThreeBands, 3, testing::WebpKind::kLossy),
       ImageFormat::kWebp},
  };
}

TEST_CASE("thumbnails have the exact size of their mode, in the source's format",
          "[images][thumb]") {
  struct Case {
    const char* size;
    int landscape_width, landscape_height;  // from 120x80
    int portrait_width, portrait_height;    // from 80x120
  };
  const Case cases[] = {
      {"50x50", 50, 50, 50, 50},       {"50x50t", 50, 50, 50, 50},    {"50x50b", 50, 50, 50, 50},
      {"200x100", 200, 100, 200, 100}, {"7x300b", 7, 300, 7, 300},    {"50x50f", 50, 33, 33, 50},
      {"500x500f", 120, 80, 80, 120},  {"120x10f", 15, 10, 6, 10},    {"60x0", 60, 40, 60, 90},
      {"0x60", 90, 60, 40, 60},        {"240x0", 240, 160, 240, 360}, {"1x1", 1, 1, 1, 1},
      {"120x80f", 120, 80, 53, 80},
  };
  for (const bool landscape : {true, false}) {
    for (const Source& source : Sources(landscape ? 120 : 80, landscape ? 80 : 120)) {
      for (const Case& c : cases) {
        INFO(source.name << (landscape ? " landscape " : " portrait ") << c.size);
        const int width = landscape ? c.landscape_width : c.portrait_width;
        const int height = landscape ? c.landscape_height : c.portrait_height;
        const auto thumb = MakeThumbnail(source.bytes, *ParseThumbSize(c.size));
        REQUIRE(thumb.ok());
        CHECK(thumb->format == source.format);
        CHECK(thumb->width == width);
        CHECK(thumb->height == height);
        const Decoded decoded = DecodeRgba(thumb->bytes);
        CHECK(decoded.width == width);
        CHECK(decoded.height == height);
      }
    }
  }
}

TEST_CASE("crop modes keep the middle, the top or the bottom", "[images][thumb]") {
  // Portrait, white over black: the crop moves vertically.
  const std::string tall = testing::MakePng(40, 120, testing::TopWhiteBottomBlack);
  const auto sample = [](const std::string& image, const char* size, int x, int y) {
    const auto thumb = MakeThumbnail(image, *ParseThumbSize(size));
    REQUIRE(thumb.ok());
    const Decoded decoded = DecodeRgba(thumb->bytes);
    REQUIRE(decoded.width > x);
    REQUIRE(decoded.height > y);
    return decoded.At(x, y);
  };
  CHECK(Near(sample(tall, "20x20t", 10, 1), testing::kWhite, 8));
  CHECK(Near(sample(tall, "20x20t", 10, 18), testing::kWhite, 8));
  CHECK(Near(sample(tall, "20x20b", 10, 1), testing::kBlack, 8));
  CHECK(Near(sample(tall, "20x20b", 10, 18), testing::kBlack, 8));
  CHECK(Near(sample(tall, "20x20", 10, 1), testing::kWhite, 8));
  CHECK(Near(sample(tall, "20x20", 10, 18), testing::kBlack, 8));
  CHECK(Near(sample(tall, "40x20t", 20, 18), testing::kWhite, 8));
  // Landscape, three bands: every crop mode keeps the middle band, top and bottom included.
  const std::string wide = testing::MakePng(120, 40, testing::ThreeBands);
  for (const char* size : {"20x20", "20x20t", "20x20b"}) {
    INFO(size);
    for (int x : {0, 10, 19}) {
      CHECK(Near(sample(wide, size, x, 10), testing::kGreen, 8));
    }
  }
}

TEST_CASE("PNG thumbnails keep transparency, WEBP thumbnails too", "[images][thumb]") {
  struct Case {
    const char* name;
    std::string bytes;
  };
  const Case cases[] = {
      {"PNG RGBA", testing::MakePng(40, 40, testing::ClearLeftBlueRight, 4)},
      {"PNG grey+alpha", testing::MakePng(40, 40, testing::ClearLeftBlueRight, 2)},
      {"WEBP lossy with alpha",
       testing::MakeWebp(40, 40, testing::ClearLeftBlueRight, 4, testing::WebpKind::kLossy)},
      {"WEBP lossless with alpha",
       testing::MakeWebp(40, 40, testing::ClearLeftBlueRight, 4, testing::WebpKind::kLossless)},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const auto thumb = MakeThumbnail(c.bytes, *ParseThumbSize("20x20"));
    REQUIRE(thumb.ok());
    CHECK(thumb->bytes.substr(0, 4) == c.bytes.substr(0, 4));  // PNG stays PNG, WEBP stays WEBP
    const Decoded decoded = DecodeRgba(thumb->bytes);
    REQUIRE(decoded.width == 20);
    CHECK(decoded.At(2, 10).a <= 8);
    CHECK(decoded.At(17, 10).a >= 247);
  }
  // An opaque PNG stays without alpha; a grey one comes out in colour.
  int components = 0;
  int w = 0;
  int h = 0;
  const auto opaque =
      MakeThumbnail(testing::MakePng(10, 10, testing::ThreeBands, 1), *ParseThumbSize("5x5"));
  REQUIRE(opaque.ok());
  REQUIRE(stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(opaque->bytes.data()),
                                static_cast<int>(opaque->bytes.size()), &w, &h, &components));
  CHECK(components == 3);
}

TEST_CASE("fit never enlarges and never reaches zero", "[images][thumb]") {
  struct Case {
    int source_width, source_height;
    const char* size;
    int width, height;
  };
  const Case cases[] = {
      {10, 10, "100x100f", 10, 10}, {10, 10, "10x10f", 10, 10},   {1000, 1, "50x50f", 50, 1},
      {1, 1000, "50x50f", 1, 50},   {300, 100, "30x30f", 30, 10}, {1000, 1, "0x4", 4000, 4},
      {1, 1, "64x64", 64, 64},      {3, 1000, "10x0", 10, 3333},
  };
  for (const Case& c : cases) {
    INFO(c.source_width << "x" << c.source_height << " to " << c.size);
    const auto thumb =
        MakeThumbnail(testing::MakePng(c.source_width, c.source_height, testing::ThreeBands),
                      *ParseThumbSize(c.size));
    REQUIRE(thumb.ok());
    CHECK(thumb->width == c.width);
    CHECK(thumb->height == c.height);
  }
}

// Where the quadrant that is top left in the stored image ends up once upright.
enum class Corner { kTopLeft, kTopRight, kBottomRight, kBottomLeft };

TEST_CASE("JPEG thumbnails are turned upright by the EXIF orientation", "[images][thumb]") {
  struct Case {
    int orientation;
    Corner red;
  };
  const Case cases[] = {{1, Corner::kTopLeft},     {2, Corner::kTopRight},
                        {3, Corner::kBottomRight}, {4, Corner::kBottomLeft},
                        {5, Corner::kTopLeft},     {6, Corner::kTopRight},
                        {7, Corner::kBottomRight}, {8, Corner::kBottomLeft}};
  const std::string stored = testing::MakeJpeg(120, 80, testing::RedCorner);
  for (const Case& c : cases) {
    INFO("orientation " << c.orientation);
    const std::string tiff = testing::TiffBuilder(c.orientation % 2 == 0)
                                 .Short(testing::TiffBuilder::kIfd0, 0x0112, c.orientation)
                                 .Build();
    const auto thumb = MakeThumbnail(testing::WithApp1(stored, tiff), *ParseThumbSize("60x0"));
    REQUIRE(thumb.ok());
    const bool turned = c.orientation >= 5;
    CHECK(thumb->width == 60);
    CHECK(thumb->height == (turned ? 90 : 40));
    const Decoded decoded = DecodeRgba(thumb->bytes);
    REQUIRE(decoded.width == thumb->width);
    REQUIRE(decoded.height == thumb->height);
    const int left = decoded.width / 4;
    const int right = decoded.width * 3 / 4;
    const int top = decoded.height / 4;
    const int bottom = decoded.height * 3 / 4;
    const Rgba corners[] = {decoded.At(left, top), decoded.At(right, top),
                            decoded.At(right, bottom), decoded.At(left, bottom)};
    for (int corner = 0; corner < 4; ++corner) {
      INFO("corner " << corner);
      CHECK(Near(corners[corner],
                 corner == static_cast<int>(c.red) ? testing::kRed : testing::kBlue));
    }
  }
  // A crop of a turned image: orientation 6 makes 120x80 stored pixels an 80x120 portrait whose
  // red quadrant is top right; the top square keeps it, the bottom square has none.
  const std::string turned = testing::WithApp1(
      stored, testing::TiffBuilder(false).Short(testing::TiffBuilder::kIfd0, 0x0112, 6).Build());
  const auto top = MakeThumbnail(turned, *ParseThumbSize("40x40t"));
  REQUIRE(top.ok());
  const Decoded top_pixels = DecodeRgba(top->bytes);
  CHECK(Near(top_pixels.At(30, 10), testing::kRed));
  CHECK(Near(top_pixels.At(10, 10), testing::kBlue));
  CHECK(Near(top_pixels.At(30, 36), testing::kBlue));
  const auto bottom = MakeThumbnail(turned, *ParseThumbSize("40x40b"));
  REQUIRE(bottom.ok());
  const Decoded bottom_pixels = DecodeRgba(bottom->bytes);
  CHECK(Near(bottom_pixels.At(30, 2), testing::kRed));
  CHECK(Near(bottom_pixels.At(30, 25), testing::kBlue));
  CHECK(Near(bottom_pixels.At(10, 2), testing::kBlue));
}

// Regression: the image fuzzer crashed stb inside stbi_load_from_memory with a JPEG whose scans
// used Huffman tables no DHT segment had defined (stb reads them from uninitialised memory).
TEST_CASE("a JPEG using undefined Huffman tables is refused before stb decodes it",
          "[images][thumb]") {
  const std::string jpeg = testing::WithApp1(
      testing::MakeJpeg(16, 8, testing::RedCorner),
      testing::TiffBuilder(true).Short(testing::TiffBuilder::kIfd0, 0x0112, 6).Build());
  REQUIRE(MakeThumbnail(jpeg, *ParseThumbSize("64x64")).ok());
  const auto thumb = MakeThumbnail(testing::WithoutHuffmanTables(jpeg), *ParseThumbSize("64x64"));
  REQUIRE_FALSE(thumb.ok());
  CHECK(thumb.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK_THAT(thumb.error().message, Catch::Contains("Huffman table that was never defined"));
}

TEST_CASE("MakeThumbnail refuses SVG, animations, oversized sources and bad sizes",
          "[images][thumb]") {
  const std::string png = testing::MakePng(120, 80, testing::ThreeBands);
  ThumbnailLimits small;
  small.max_source_pixels = 120 * 80 - 1;
  struct Case {
    const char* name;
    std::string bytes;
    ThumbSize size;
    ThumbnailLimits limits;
    const char* message;
  };
  const ThumbSize square{50, 50, ThumbMode::kCenter};
  const Case cases[] = {
      {"SVG", "<svg xmlns='http://www.w3.org/2000/svg'/>", square, {}, "PNG, JPEG and WEBP"},
      {"animated WEBP", testing::AnimatedWebp(8, 8), square, {}, "Animated WEBP"},
      {"over the pixel limit", png, square, small, "too large for a thumbnail (120x80 pixels)"},
      {"over the pixel limit, WEBP",
       testing::MakeWebp(120, 80, testing::ThreeBands, 3, testing::WebpKind::kLossless), square,
       small, "too large for a thumbnail"},
      {"random bytes", "not an image at all", square, {}, "Not a PNG, JPEG, WEBP or SVG image."},
      {"RIFF cut after 6 bytes", "RIFF\x04\x00", square, {}, "Not a PNG, JPEG, WEBP or SVG"},
      {"a PNG signature and garbage",
       png.substr(0, 8) + std::string(100, '\xff'),
       square,
       {},
       "The PNG file is damaged"},
      {"a PNG whose image data is not zlib",
       testing::HandMadePng(2, 2, 8, 0, {}),
       square,
       {},
       "The PNG image cannot be decoded"},
      {"a size of 0x0", png, {0, 0, ThumbMode::kCenter}, {}, "size 0x0 is not valid"},
      {"a side over the limit", png, {5000, 10, ThumbMode::kFit}, {}, "is not valid"},
      {"a width mode with a height", png, {10, 10, ThumbMode::kWidth}, {}, "is not valid"},
      {"a negative side", png, {-10, 10, ThumbMode::kCenter}, {}, "is not valid"},
      {"a result side over the limit",
       testing::MakePng(1000, 1, testing::ThreeBands),
       {0, 5, ThumbMode::kHeight},
       {},
       "would be 5000x5 pixels"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const auto thumb = MakeThumbnail(c.bytes, c.size, c.limits);
    REQUIRE_FALSE(thumb.ok());
    CHECK(thumb.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(thumb.error().message, Catch::Contains(c.message));
  }
  // Exactly at the limit is fine.
  small.max_source_pixels = 120 * 80;
  CHECK(MakeThumbnail(png, square, small).ok());
}

}  // namespace
}  // namespace cairn::images
