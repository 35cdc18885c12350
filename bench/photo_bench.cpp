// Writes a camera-sized test photo (a 4000x3000 JPEG with smooth gradients and sensor-like noise,
// so it compresses like a real one) and times the image functions on it in-process.
// usage: cairn_photo_bench OUT.jpg
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "images/exif.h"
#include "images/image_check.h"
#include "images/thumbnail.h"

namespace {

constexpr int kWidth = 4000, kHeight = 3000;

std::string MakePhoto() {
  std::vector<uint8_t> pixels(static_cast<size_t>(kWidth) * kHeight * 3);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      uint32_t noise = static_cast<uint32_t>(x) * 73856093u ^ static_cast<uint32_t>(y) * 19349663u;
      noise = (noise ^ (noise >> 13)) * 0x5bd1e995u;
      const int jitter = static_cast<int>((noise >> 24) % 17) - 8;
      const int rgb[3] = {60 + 150 * x / kWidth + jitter, 90 + 120 * y / kHeight + jitter,
                          200 - 120 * y / kHeight + (x * 7 / kWidth) * 3 + jitter};
      uint8_t* pixel = &pixels[(static_cast<size_t>(y) * kWidth + x) * 3];
      for (int c = 0; c < 3; ++c) pixel[c] = static_cast<uint8_t>(std::clamp(rgb[c], 0, 255));
    }
  }
  std::string jpeg;
  stbi_write_jpg_to_func(
      [](void* out, void* data, int size) {
        static_cast<std::string*>(out)->append(static_cast<const char*>(data), size);
      },
      &jpeg, kWidth, kHeight, 3, pixels.data(), 90);
  return jpeg;
}

double BestMs(int runs, const std::function<void()>& work) {
  double best = 1e30;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    work();
    best = std::min(
        best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.jpg\n", argv[0]);
    return 2;
  }
  using namespace cairn::images;
  const std::string photo = MakePhoto();
  if (FILE* f = std::fopen(argv[1], "wb")) {
    std::fwrite(photo.data(), 1, photo.size(), f);
    std::fclose(f);
  } else {
    std::perror(argv[1]);
    return 1;
  }
  std::printf("photo: %dx%d JPEG, %.2f MB\n", kWidth, kHeight, photo.size() / 1e6);
  bool ok = true;
  std::printf("in-process, best of 3:\n");
  std::printf("  CheckImage        %8.1f ms\n", BestMs(3, [&] { ok &= CheckImage(photo).ok(); }));
  std::printf("  ReadJpegMetadata  %8.3f ms\n",
              BestMs(3, [&] { ok &= !ReadJpegMetadata(photo).HasPosition(); }));
  for (const char* size : {"600x0", "100x100"}) {
    Thumbnail thumb;
    const double ms = BestMs(3, [&] {
      auto made = MakeThumbnail(photo, *ParseThumbSize(size));
      ok &= made.ok();
      if (made.ok()) thumb = std::move(made).value();
    });
    std::printf("  MakeThumbnail %-7s %6.1f ms (%dx%d, %zu bytes)\n", size, ms, thumb.width,
                thumb.height, thumb.bytes.size());
  }
  return ok ? 0 : 1;
}
