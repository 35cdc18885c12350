// Telling images apart by their content: which of the accepted formats a file is, and whether it
// is one whole, well-formed image of that format (never judged by the file's name).
#pragma once

#include <optional>
#include <string_view>

#include "util/result.h"

namespace cairn::images {

enum class ImageFormat { kPng, kJpeg, kWebp, kSvg };

struct ImageInfo {
  ImageFormat format = ImageFormat::kPng;
  int width = 0;  // pixels; 0 for SVG (vector images have no pixel size)
  int height = 0;
  bool animated = false;  // an animated WEBP (served as is, never thumbnailed)
};

// The most pixels an accepted raster image may have (width × height).
inline constexpr long long kMaxImagePixels = 100'000'000;

// Checks that `bytes` is exactly one well-formed PNG, JPEG, WEBP or SVG image:
// - PNG: the signature, an IHDR first, every chunk whole with a correct CRC, an IEND last and
//   nothing after it (a PNG header followed by HTML is refused);
// - JPEG: SOI, a frame header with a non-zero size, whole segments, scan data and an EOI (a
//   truncated file is refused; bytes after the EOI are allowed, cameras append previews there),
//   every scan using components of the frame and Huffman and quantization tables defined
//   before it (Motion-JPEG frames that rely on default tables are refused);
// - WEBP: a RIFF container whose size matches the file, whose chunks are whole, starting with
//   VP8, VP8L or VP8X, and whose bitstream header libwebp accepts;
// - SVG: well-formed XML (UTF-8, an optional BOM, XML declaration, comments and DOCTYPE without
//   entity declarations) whose root element is <svg>; refused when it carries scripts: a <script>
//   or <foreignObject> element, an on* event attribute, or a javascript: URL.
// Width and height must be 1..65535 (PNG, JPEG, WEBP) and at most kMaxImagePixels in all.
// Errors: InvalidArgument with a message a user can act on, naming the format when one was
// recognised ("The JPEG file is truncated.", "The SVG image contains a script.", "Not a PNG, JPEG,
// WEBP or SVG image."). Pure; thread-safe.
util::Result<ImageInfo> CheckImage(std::string_view bytes);

// The accepted format `bytes` starts like, judged by its first bytes only (whole or damaged), or
// nullopt when it is none of them. CheckImage checks the format this names. Pure; thread-safe.
std::optional<ImageFormat> SniffImageFormat(std::string_view bytes);

// "image/png", "image/jpeg", "image/webp", "image/svg+xml".
const char* MimeTypeOf(ImageFormat format);

// The usual file extension with its dot: ".png", ".jpg", ".webp", ".svg".
const char* ExtensionOf(ImageFormat format);

// True when `extension` (with its dot, lowercase) is a usual one for `format`
// (".jpg", ".jpeg" and ".jpe" for JPEG).
bool IsExtensionOf(std::string_view extension, ImageFormat format);

}  // namespace cairn::images
