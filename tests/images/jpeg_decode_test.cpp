// libjpeg-turbo decoding: reduced scales, grey images, damaged data.
#include "images/jpeg_decode.h"

#include <catch2/catch.hpp>

#include "images/test_images.h"
#include "images/thumbnail.h"

namespace cairn::images {
namespace {

testing::Rgba RgbAt(const DecodedJpeg& image, int x, int y) {
  const size_t i = (static_cast<size_t>(y) * image.width + x) * 3;
  return {image.rgb[i], image.rgb[i + 1], image.rgb[i + 2], 255};
}

TEST_CASE("JpegScaleFor picks the largest reduction that still only shrinks", "[images][jpeg]") {
  CHECK(JpegScaleFor(4000, 3000, 600, 450) == 4);  // 1000x750 is still larger
  CHECK(JpegScaleFor(3000, 3000, 100, 100) == 8);
  CHECK(JpegScaleFor(4000, 3000, 2000, 1500) == 2);
  CHECK(JpegScaleFor(4000, 3000, 2001, 1500) == 1);
  CHECK(JpegScaleFor(800, 400, 200, 100) == 4);
  CHECK(JpegScaleFor(799, 400, 200, 100) == 2);  // 199 would be smaller than 200
  CHECK(JpegScaleFor(50, 50, 100, 100) == 1);    // enlarging: the whole image
}

TEST_CASE("JPEGs decode at 1/1 to 1/8 with sides rounded up, colours kept", "[images][jpeg]") {
  const std::string jpeg = testing::MakeJpeg(203, 101, testing::ThreeBands);
  for (const int denominator : {1, 2, 4, 8}) {
    INFO("1/" << denominator);
    auto decoded = DecodeJpeg(jpeg, denominator);
    REQUIRE(decoded.ok());
    REQUIRE(decoded->has_value());
    const DecodedJpeg& image = **decoded;
    CHECK(image.width == (203 + denominator - 1) / denominator);
    CHECK(image.height == (101 + denominator - 1) / denominator);
    REQUIRE(image.rgb.size() == static_cast<size_t>(image.width) * image.height * 3);
    const int y = image.height / 2;
    CHECK(testing::Near(RgbAt(image, image.width / 6, y), testing::kRed));
    CHECK(testing::Near(RgbAt(image, image.width / 2, y), testing::kGreen));
    CHECK(testing::Near(RgbAt(image, image.width * 5 / 6, y), testing::kBlue));
  }
  CHECK_FALSE(DecodeJpeg(jpeg, 3).ok());
}

TEST_CASE("grey JPEGs become RGB", "[images][jpeg]") {
  const std::string grey = testing::MakeJpeg(64, 32, testing::TopWhiteBottomBlack, 1);
  auto decoded = DecodeJpeg(grey, 2);
  REQUIRE(decoded.ok());
  REQUIRE(decoded->has_value());
  CHECK((*decoded)->width == 32);
  CHECK(testing::Near(RgbAt(**decoded, 16, 2), testing::kWhite));
  CHECK(testing::Near(RgbAt(**decoded, 16, 14), testing::kBlack));
  // And a thumbnail of one is an RGB JPEG of the asked size.
  auto thumb = MakeThumbnail(grey, *ParseThumbSize("16x8"));
  REQUIRE(thumb.ok());
  CHECK(testing::DecodeRgba(thumb->bytes).width == 16);
}

TEST_CASE("damaged JPEG data is an error, never a crash", "[images][jpeg]") {
  const std::string jpeg = testing::MakeJpeg(64, 64, testing::RedCorner);
  CHECK_FALSE(DecodeJpeg("not a jpeg", 1).ok());
  CHECK_FALSE(DecodeJpeg(jpeg.substr(0, 20), 1).ok());
  CHECK_FALSE(DecodeJpeg(std::string("\xFF\xD8\xFF\xD9", 4), 2).ok());
  auto refused = DecodeJpeg("", 1);
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message, Catch::StartsWith("The JPEG image cannot be decoded ("));
  // Scan data cut short decodes what is there (as browsers show it), with the size intact.
  const size_t scan = jpeg.find("\xFF\xDA");
  REQUIRE(scan != std::string::npos);
  auto partial = DecodeJpeg(jpeg.substr(0, scan + (jpeg.size() - scan) / 2), 1);
  REQUIRE(partial.ok());
  CHECK((*partial)->width == 64);
}

}  // namespace
}  // namespace cairn::images
