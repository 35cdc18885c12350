// Pictograms: a disc of the given colour with a white figure, transparent outside, same bytes
// for the same input.
#include "images/pictogram.h"

#include <stb_image.h>

#include <catch2/catch.hpp>

namespace cairn::images {
namespace {

struct Decoded {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
  const uint8_t* At(int x, int y) const { return &rgba[(static_cast<size_t>(y) * width + x) * 4]; }
};

Decoded Decode(const std::string& png) {
  Decoded d;
  int channels = 0;
  stbi_uc* pixels =
      stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()),
                            static_cast<int>(png.size()), &d.width, &d.height, &channels, 4);
  REQUIRE(pixels != nullptr);
  d.rgba.assign(pixels, pixels + static_cast<size_t>(d.width) * d.height * 4);
  stbi_image_free(pixels);
  return d;
}

TEST_CASE("a pictogram is a coloured disc with a white figure on a transparent square",
          "[images]") {
  const Pictogram pictogram{{200, 40, 40},
                            {255, 255, 255},
                            {Disc({0.5, 0.5}, 0.1), Stroke({{0.2, 0.8}, {0.4, 0.8}}, 0.04)}};
  auto png = DrawPictogramPng(pictogram, 64);
  REQUIRE(png.ok());
  const Decoded d = Decode(*png);
  CHECK(d.width == 64);
  CHECK(d.height == 64);
  CHECK(d.At(0, 0)[3] == 0);  // a corner, outside the disc
  CHECK(d.At(63, 63)[3] == 0);
  const uint8_t* centre = d.At(32, 32);  // the white dot
  CHECK(centre[0] == 255);
  CHECK(centre[1] == 255);
  CHECK(centre[3] == 255);
  const uint8_t* disc = d.At(48, 20);  // the disc around the figure
  CHECK(disc[0] == 200);
  CHECK(disc[1] == 40);
  CHECK(disc[3] == 255);
  const uint8_t* stroke = d.At(19, 51);  // on the stroke (0.3, 0.8)
  CHECK(stroke[1] == 255);
  // The edge of the disc is smoothed, not stepped (a row where it runs at a slant).
  bool partly_covered = false;
  for (int x = 0; x < 64; ++x) partly_covered |= d.At(x, 8)[3] > 0 && d.At(x, 8)[3] < 255;
  CHECK(partly_covered);
  CHECK(*DrawPictogramPng(pictogram, 64) == *png);
}

TEST_CASE("a pictogram's side stays within 16 and 1024 pixels", "[images]") {
  CHECK_FALSE(DrawPictogramPng({}, 8).ok());
  CHECK_FALSE(DrawPictogramPng({}, 4096).ok());
  CHECK(DrawPictogramPng({}, 16).ok());
}

}  // namespace
}  // namespace cairn::images
