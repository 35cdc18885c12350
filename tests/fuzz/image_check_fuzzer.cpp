// libFuzzer target for CheckImage and, on what it accepts, MakeThumbnail: no crash, no hang,
// accepted sizes within the limits, and every thumbnail exactly the size asked and itself valid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "images/image_check.h"
#include "images/thumbnail.h"

namespace {

using cairn::images::ImageFormat;
using cairn::images::ThumbMode;
using cairn::images::ThumbSize;

// The size each mode must give from a `width` x `height` source, for a 64x64 (or 64x0, 0x64) ask.
bool HasAskedSize(const cairn::images::Thumbnail& thumb, const ThumbSize& size, int width,
                  int height) {
  switch (size.mode) {
    case ThumbMode::kFit:  // the source may be turned by its EXIF orientation: compare areas
      return thumb.width >= 1 && thumb.height >= 1 && thumb.width <= 64 && thumb.height <= 64 &&
             (thumb.width == 64 || thumb.height == 64 ||
              static_cast<long long>(thumb.width) * thumb.height ==
                  static_cast<long long>(width) * height);
    case ThumbMode::kWidth:
      return thumb.width == 64 && thumb.height >= 1;
    case ThumbMode::kHeight:
      return thumb.height == 64 && thumb.width >= 1;
    default:
      return thumb.width == 64 && thumb.height == 64;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto info = cairn::images::CheckImage(bytes);
  if (!info.ok()) {
    if (info.error().kind != cairn::util::ErrorKind::kInvalidArgument) std::abort();
    return 0;
  }
  const ThumbSize asked[] = {{64, 64, ThumbMode::kCenter}, {64, 64, ThumbMode::kTop},
                             {64, 64, ThumbMode::kBottom}, {64, 64, ThumbMode::kFit},
                             {64, 0, ThumbMode::kWidth},   {0, 64, ThumbMode::kHeight}};
  const ThumbSize thumb_size = asked[size % 6];
  if (info->format == ImageFormat::kSvg) {
    if (info->width != 0 || info->height != 0 || info->animated) std::abort();
    if (cairn::images::MakeThumbnail(bytes, thumb_size).ok()) std::abort();
    return 0;
  }
  if (info->width < 1 || info->width > 65535 || info->height < 1 || info->height > 65535 ||
      static_cast<long long>(info->width) * info->height > cairn::images::kMaxImagePixels) {
    std::abort();
  }
  if (info->animated && info->format != ImageFormat::kWebp) std::abort();
  cairn::images::ThumbnailLimits limits;
  limits.max_source_pixels = 4'000'000;  // keeps each run fast
  const auto thumb = cairn::images::MakeThumbnail(bytes, thumb_size, limits);
  if (!thumb.ok()) {
    if (info->animated || thumb.error().kind == cairn::util::ErrorKind::kInvalidArgument) return 0;
    std::abort();
  }
  if (info->animated || thumb->format != info->format) std::abort();
  if (!HasAskedSize(*thumb, thumb_size, info->width, info->height)) std::abort();
  // What we write must pass our own check, with the size we report.
  const auto again = cairn::images::CheckImage(thumb->bytes);
  if (!again.ok() || again->format != thumb->format || again->width != thumb->width ||
      again->height != thumb->height) {
    std::abort();
  }
  return 0;
}
