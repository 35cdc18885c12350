// Timings of the image functions on a camera-sized photo. Hidden: run them with
// `cairn_unit_tests "[.benchmark]"`; they print the best of a few runs of each.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "images/exif.h"
#include "images/image_check.h"
#include "images/test_images.h"
#include "images/thumbnail.h"

namespace cairn::images {
namespace {

// Smooth gradients with a little noise, like a photo's sky and ground (JPEG sizes depend on it).
testing::Rgba PhotoLike(int x, int y, int width, int height) {
  uint32_t noise = static_cast<uint32_t>(x) * 73856093u ^ static_cast<uint32_t>(y) * 19349663u;
  noise = (noise ^ (noise >> 13)) * 0x5bd1e995u;
  const int jitter = static_cast<int>((noise >> 24) % 17) - 8;
  const auto clamp = [](int v) { return static_cast<uint8_t>(v < 0 ? 0 : v > 255 ? 255 : v); };
  const int r = 60 + 150 * x / width + jitter;
  const int g = 90 + 120 * y / height + jitter;
  const int b = 200 - 120 * y / height + (x * 7 / width) * 3 + jitter;
  return {clamp(r), clamp(g), clamp(b), 255};
}

double BestMilliseconds(int runs, const std::function<void()>& work) {
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    work();
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
  }
  return best;
}

TEST_CASE("timings of a 12-megapixel JPEG", "[.benchmark]") {
  const std::string tiff = testing::TiffBuilder(false)
                               .Short(testing::TiffBuilder::kIfd0, 0x0112, 1)
                               .Ascii(testing::TiffBuilder::kExif, 0x9003, "2024:07:01 10:22:33")
                               .Ascii(testing::TiffBuilder::kGps, 1, "N")
                               .Rationals(testing::TiffBuilder::kGps, 2, {{46, 1}, {30, 1}, {0, 1}})
                               .Ascii(testing::TiffBuilder::kGps, 3, "E")
                               .Rationals(testing::TiffBuilder::kGps, 4, {{7, 1}, {15, 1}, {0, 1}})
                               .Build();
  const std::string photo =
      testing::WithApp1(testing::MakeJpeg(4000, 3000, PhotoLike, 3, 90), tiff);
  std::printf("4000x3000 JPEG, quality 90: %zu bytes\n", photo.size());
  const double check = BestMilliseconds(5, [&] { REQUIRE(CheckImage(photo).ok()); });
  const double exif = BestMilliseconds(5, [&] { REQUIRE(ReadJpegMetadata(photo).HasPosition()); });
  std::printf("CheckImage: %.2f ms, ReadJpegMetadata: %.4f ms\n", check, exif);
  for (const char* size : {"600x0", "100x100"}) {
    Thumbnail thumb;
    const double took = BestMilliseconds(3, [&] {
      auto made = MakeThumbnail(photo, *ParseThumbSize(size));
      REQUIRE(made.ok());
      thumb = std::move(made).value();
    });
    std::printf("MakeThumbnail %s: %.1f ms (%dx%d, %zu bytes)\n", size, took, thumb.width,
                thumb.height, thumb.bytes.size());
  }
}

}  // namespace
}  // namespace cairn::images
