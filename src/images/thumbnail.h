// Thumbnails of PNG, JPEG and WEBP images in PocketBase's size forms, decoded and resized with
// stb (WEBP with libwebp), encoded in the original's format.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "images/image_check.h"
#include "util/result.h"

namespace cairn::images {

enum class ThumbMode {
  kCenter,  // "WxH": scale to cover W×H, keep the middle (exactly W×H)
  kTop,     // "WxHt": the same, keeping the top
  kBottom,  // "WxHb": the same, keeping the bottom
  kFit,     // "WxHf": scale down to fit inside W×H, no cropping, never enlarged
  kWidth,   // "Wx0": width W, height by the aspect ratio
  kHeight,  // "0xH": height H, width by the aspect ratio
};

struct ThumbSize {
  int width = 0;
  int height = 0;
  ThumbMode mode = ThumbMode::kCenter;

  // The canonical text form: "100x100", "600x0", "0x300", "100x100t", "100x100b", "100x100f".
  std::string ToString() const;
  bool operator==(const ThumbSize&) const = default;
};

// The most pixels per side a thumbnail may ask for.
inline constexpr int kMaxThumbSide = 4096;

// Parses PocketBase's forms: "WxH", "WxHt", "WxHb", "WxHf", "Wx0", "0xH" with decimal W and H
// (no signs, no spaces, no leading '+'); nullopt for anything else, for "0x0", for "Wx0f"-like
// forms with a zero side and a mode letter, and for sides above kMaxThumbSide.
std::optional<ThumbSize> ParseThumbSize(std::string_view text);

struct Thumbnail {
  std::string bytes;  // the encoded image
  ImageFormat format = ImageFormat::kPng;
  int width = 0;
  int height = 0;
};

struct ThumbnailLimits {
  // Images with more pixels are not decoded (a 64-megapixel RGBA image needs 256 MB); the
  // caller serves the original instead.
  long long max_source_pixels = 64'000'000;
  int jpeg_quality = 85;  // 1..100
  int webp_quality = 80;  // 0..100
};

// Makes the thumbnail `size` of `image` (a PNG, JPEG or WEBP; it goes through CheckImage again,
// since the decoders are trusted with well-formed files only):
// decoded, turned upright by its EXIF orientation (JPEG), resized with a gamma-correct filter,
// cropped as the mode says, and encoded as the original's format (JPEG → JPEG, PNG → PNG keeping
// transparency, WEBP → WEBP). Crop modes and Wx0/0xH enlarge small images to the asked size (as
// PocketBase does); kFit never enlarges. Errors: InvalidArgument for SVG, animated WEBP, images
// over `limits.max_source_pixels`, data the decoders refuse, a `size` ParseThumbSize would not
// give, and a Wx0 or 0xH whose computed side exceeds kMaxThumbSide (an extremely thin image);
// the caller serves the original.
// Memory: the decoded source plus the result. Thread-safe (no shared state).
util::Result<Thumbnail> MakeThumbnail(std::string_view image, const ThumbSize& size,
                                      const ThumbnailLimits& limits = {});

}  // namespace cairn::images
