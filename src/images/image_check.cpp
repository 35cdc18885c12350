// Recognising an image by its first bytes and handing it to the check of its format.
#include "images/image_check.h"

#include <string>

#include "images/format_checks.h"

namespace cairn::images {
namespace {

constexpr int kMaxSide = 65535;

bool StartsWith(std::string_view bytes, std::string_view prefix) {
  return bytes.substr(0, prefix.size()) == prefix;
}

bool IsXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Text that starts, after an optional UTF-8 BOM and white space, with '<'.
bool LooksLikeXml(std::string_view bytes) {
  if (StartsWith(bytes, "\xEF\xBB\xBF")) bytes.remove_prefix(3);
  size_t at = 0;
  while (at < bytes.size() && IsXmlSpace(bytes[at])) ++at;
  return at < bytes.size() && bytes[at] == '<';
}

}  // namespace

namespace internal {

util::Status CheckPixelSize(const char* format, long long width, long long height) {
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (width <= 0 || height <= 0) {
    return util::Error::InvalidArgument(std::string("The ") + format + " image has no pixels (" +
                                        size + ").");
  }
  if (width > kMaxSide || height > kMaxSide || width * height > kMaxImagePixels) {
    return util::Error::InvalidArgument(std::string("The ") + format + " image is too large (" +
                                        size +
                                        " pixels; at most 65535 per side and 100 megapixels).");
  }
  return util::OkStatus();
}

}  // namespace internal

std::optional<ImageFormat> SniffImageFormat(std::string_view bytes) {
  // "\x89PNG" alone is enough to call it a PNG: a file whose line ends were converted in transit
  // then gets a message about a damaged PNG rather than an unknown format.
  if (StartsWith(bytes, "\x89PNG")) return ImageFormat::kPng;
  if (StartsWith(bytes, "\xFF\xD8")) return ImageFormat::kJpeg;
  if (bytes.size() >= 12 && StartsWith(bytes, "RIFF") && bytes.substr(8, 4) == "WEBP") {
    return ImageFormat::kWebp;
  }
  if (LooksLikeXml(bytes) && internal::LooksLikeSvg(bytes)) return ImageFormat::kSvg;
  return std::nullopt;
}

util::Result<ImageInfo> CheckImage(std::string_view bytes) {
  if (bytes.empty()) return util::Error::InvalidArgument("The image file is empty.");
  const std::optional<ImageFormat> format = SniffImageFormat(bytes);
  if (!format) return util::Error::InvalidArgument("Not a PNG, JPEG, WEBP or SVG image.");
  switch (*format) {
    case ImageFormat::kPng:
      return internal::CheckPng(bytes);
    case ImageFormat::kJpeg:
      return internal::CheckJpeg(bytes);
    case ImageFormat::kWebp:
      return internal::CheckWebp(bytes);
    case ImageFormat::kSvg:
      return internal::CheckSvg(bytes);
  }
  return util::Error::InvalidArgument("Not a PNG, JPEG, WEBP or SVG image.");
}

const char* MimeTypeOf(ImageFormat format) {
  switch (format) {
    case ImageFormat::kPng:
      return "image/png";
    case ImageFormat::kJpeg:
      return "image/jpeg";
    case ImageFormat::kWebp:
      return "image/webp";
    case ImageFormat::kSvg:
      return "image/svg+xml";
  }
  return "application/octet-stream";
}

const char* ExtensionOf(ImageFormat format) {
  switch (format) {
    case ImageFormat::kPng:
      return ".png";
    case ImageFormat::kJpeg:
      return ".jpg";
    case ImageFormat::kWebp:
      return ".webp";
    case ImageFormat::kSvg:
      return ".svg";
  }
  return "";
}

bool IsExtensionOf(std::string_view extension, ImageFormat format) {
  if (format == ImageFormat::kJpeg) {
    return extension == ".jpg" || extension == ".jpeg" || extension == ".jpe";
  }
  return extension == ExtensionOf(format);
}

}  // namespace cairn::images
