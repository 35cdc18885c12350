// Thumbnails: decode with libjpeg-turbo (at a reduced scale when that is enough), stb or libwebp,
// crop and resize in one gamma-correct pass, turn upright by the EXIF orientation, encode in the
// source's format.
#include "images/thumbnail.h"

#include <stb_image.h>
#include <stb_image_resize.h>
#include <stb_image_write.h>
#include <webp/decode.h>
#include <webp/encode.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "images/exif.h"
#include "images/jpeg_decode.h"

namespace cairn::images {
namespace {

// Pixels allocated by stb or libwebp, freed by the matching function (both take a void*).
using ForeignPixels = std::unique_ptr<uint8_t, void (*)(void*)>;

// Decoded pixels: `channels` bytes per pixel (3 = RGB, 4 = RGBA), rows packed.
struct Image {
  int width = 0;
  int height = 0;
  int channels = 3;
  const uint8_t* data = nullptr;
  size_t stride() const { return static_cast<size_t>(width) * channels; }
};

struct DecodedImage {
  Image image;
  ForeignPixels owner{nullptr, &std::free};  // pixels from stb or libwebp
  std::vector<uint8_t> own;                  // or pixels from libjpeg
  void Release() {
    owner.reset();
    own = {};
  }
};

// A rectangle of pixels.
struct Rect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

util::Error Refused(const std::string& message) { return util::Error::InvalidArgument(message); }

util::Status CheckSourceSize(long long width, long long height, const ThumbnailLimits& limits) {
  if (width <= 0 || height <= 0) return Refused("The image has no pixels.");
  if (width * height > limits.max_source_pixels) {
    return Refused("The image is too large for a thumbnail (" + std::to_string(width) + "x" +
                   std::to_string(height) + " pixels).");
  }
  return util::OkStatus();
}

util::Result<DecodedImage> DecodeWebp(std::string_view bytes, const ThumbnailLimits& limits) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data, bytes.size(), &features) != VP8_STATUS_OK) {
    return Refused("The WEBP image cannot be decoded.");
  }
  if (features.has_animation != 0) return Refused("Animated WEBP images have no thumbnails.");
  CAIRN_RETURN_IF_ERROR(CheckSourceSize(features.width, features.height, limits));
  DecodedImage decoded;
  Image& image = decoded.image;
  image.channels = features.has_alpha != 0 ? 4 : 3;
  uint8_t* pixels = image.channels == 4
                        ? WebPDecodeRGBA(data, bytes.size(), &image.width, &image.height)
                        : WebPDecodeRGB(data, bytes.size(), &image.width, &image.height);
  decoded.owner = ForeignPixels(pixels, &WebPFree);
  if (pixels == nullptr || image.width != features.width || image.height != features.height) {
    return Refused("The WEBP image cannot be decoded.");
  }
  image.data = pixels;
  return decoded;
}

// PNG and JPEG. Grey images become RGB, grey + alpha RGBA: one pixel layout for what follows.
util::Result<DecodedImage> DecodeWithStb(std::string_view bytes, const char* format_name,
                                         const ThumbnailLimits& limits) {
  if (bytes.size() > INT_MAX) return Refused("The image is too large for a thumbnail.");
  const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
  const int length = static_cast<int>(bytes.size());
  int width = 0;
  int height = 0;
  int components = 0;
  if (stbi_info_from_memory(data, length, &width, &height, &components) == 0) {
    return Refused(std::string("The ") + format_name + " image cannot be decoded.");
  }
  CAIRN_RETURN_IF_ERROR(CheckSourceSize(width, height, limits));
  DecodedImage decoded;
  Image& image = decoded.image;
  image.channels = components == 2 || components == 4 ? 4 : 3;
  int stored_components = 0;
  stbi_uc* pixels = stbi_load_from_memory(data, length, &image.width, &image.height,
                                          &stored_components, image.channels);
  decoded.owner = ForeignPixels(pixels, &stbi_image_free);
  if (pixels == nullptr || image.width != width || image.height != height) {
    const char* reason = pixels == nullptr ? stbi_failure_reason() : nullptr;
    return Refused(std::string("The ") + format_name + " image cannot be decoded" +
                   (reason != nullptr ? std::string(" (") + reason + ")" : std::string()) + ".");
  }
  image.data = pixels;
  return decoded;
}

// n × a / b rounded to the nearest integer, at least 1 (all positive, no overflow in 64 bits).
int ScaleRounded(long long n, long long a, long long b) {
  return static_cast<int>(std::max(1LL, (2 * n * a + b) / (2 * b)));
}

// What to cut from the upright source and the size to scale it to, as imaging.Fill, Fit and
// Resize do for PocketBase: Fill keeps the centre across the long side of the source, and for
// t and b the top or bottom of a source taller than the box.
void PlanThumbnail(int width, int height, const ThumbSize& size, Rect* crop, int* out_width,
                   int* out_height) {
  *crop = {0, 0, width, height};
  const long long w = width;
  const long long h = height;
  switch (size.mode) {
    case ThumbMode::kWidth:
      *out_width = size.width;
      *out_height = ScaleRounded(h, size.width, w);
      return;
    case ThumbMode::kHeight:
      *out_height = size.height;
      *out_width = ScaleRounded(w, size.height, h);
      return;
    case ThumbMode::kFit:
      if (w <= size.width && h <= size.height) {
        *out_width = width;
        *out_height = height;
      } else if (w * size.height > h * size.width) {  // wider than the box
        *out_width = size.width;
        *out_height = static_cast<int>(std::max(1LL, h * size.width / w));
      } else {
        *out_height = size.height;
        *out_width = static_cast<int>(std::max(1LL, w * size.height / h));
      }
      return;
    case ThumbMode::kCenter:
    case ThumbMode::kTop:
    case ThumbMode::kBottom:
      *out_width = size.width;
      *out_height = size.height;
      if (w * size.height > h * size.width) {  // wider than the box: cut the sides
        crop->width = std::min(width, ScaleRounded(h, size.width, size.height));
        crop->x = (width - crop->width) / 2;
      } else {
        crop->height = std::min(height, ScaleRounded(w, size.height, size.width));
        const int spare = height - crop->height;
        crop->y = size.mode == ThumbMode::kTop      ? 0
                  : size.mode == ThumbMode::kBottom ? spare
                                                    : spare / 2;
      }
      return;
  }
}

bool SwapsSides(int orientation) { return orientation >= 5; }

// Where the upright `rect` lies in the stored image (stored size `width` × `height`) of an EXIF
// `orientation`: the inverse of the map applied by TurnUpright.
Rect StoredRect(const Rect& rect, int orientation, int width, int height) {
  const Rect& r = rect;
  switch (orientation) {
    case 2:
      return {width - r.x - r.width, r.y, r.width, r.height};
    case 3:
      return {width - r.x - r.width, height - r.y - r.height, r.width, r.height};
    case 4:
      return {r.x, height - r.y - r.height, r.width, r.height};
    case 5:
      return {r.y, r.x, r.height, r.width};
    case 6:
      return {r.y, height - r.x - r.width, r.height, r.width};
    case 7:
      return {width - r.y - r.height, height - r.x - r.width, r.height, r.width};
    case 8:
      return {width - r.y - r.height, r.x, r.height, r.width};
    default:
      return r;
  }
}

struct Point {
  int x = 0;
  int y = 0;
};

// Where the stored pixel (x, y) of a `width` × `height` image of an EXIF `orientation` goes
// once upright (orientation 6, say: the stored rows become columns, right to left).
Point UprightPosition(int orientation, int width, int height, int x, int y) {
  switch (orientation) {
    case 2:
      return {width - 1 - x, y};
    case 3:
      return {width - 1 - x, height - 1 - y};
    case 4:
      return {x, height - 1 - y};
    case 5:
      return {y, x};
    case 6:
      return {height - 1 - y, x};
    case 7:
      return {height - 1 - y, width - 1 - x};
    case 8:
      return {y, width - 1 - x};
    default:
      return {x, y};
  }
}

// Rotates or flips the (small) resized pixels so that they display upright.
std::vector<uint8_t> TurnUpright(std::vector<uint8_t> pixels, int width, int height, int channels,
                                 int orientation) {
  if (orientation < 2 || orientation > 8) return pixels;
  std::vector<uint8_t> out(pixels.size());
  const int upright_width = SwapsSides(orientation) ? height : width;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const Point to = UprightPosition(orientation, width, height, x, y);
      std::memcpy(&out[(static_cast<size_t>(to.y) * upright_width + to.x) * channels],
                  &pixels[(static_cast<size_t>(y) * width + x) * channels], channels);
    }
  }
  return out;
}

// `source` cut to `crop` and scaled to `width` × `height`, in sRGB-aware linear light.
util::Result<std::vector<uint8_t>> CropAndResize(const Image& source, const Rect& crop, int width,
                                                 int height) {
  const size_t out_stride = static_cast<size_t>(width) * source.channels;
  std::vector<uint8_t> out(out_stride * height);
  const uint8_t* first = source.data + static_cast<size_t>(crop.y) * source.stride() +
                         static_cast<size_t>(crop.x) * source.channels;
  if (crop.width == width && crop.height == height) {  // a filter would only blur
    for (int y = 0; y < height; ++y) {
      std::memcpy(&out[y * out_stride], first + y * source.stride(), out_stride);
    }
    return out;
  }
  const int alpha = source.channels == 4 ? 3 : STBIR_ALPHA_CHANNEL_NONE;
  if (stbir_resize_uint8_srgb(first, crop.width, crop.height, static_cast<int>(source.stride()),
                              out.data(), width, height, 0, source.channels, alpha, 0) == 0) {
    return util::Error::Internal("stb_image_resize failed.");
  }
  return out;
}

// Collects what the stb writers produce; no exception may cross their C frames.
struct Sink {
  std::string bytes;
  bool failed = false;
};

void AppendToSink(void* context, void* data, int size) {
  auto* sink = static_cast<Sink*>(context);
  try {
    sink->bytes.append(static_cast<const char*>(data), static_cast<size_t>(size));
  } catch (const std::bad_alloc&) {
    sink->failed = true;
  }
}

util::Result<std::string> Encode(ImageFormat format, const std::vector<uint8_t>& pixels, int width,
                                 int height, int channels, const ThumbnailLimits& limits) {
  const int stride = width * channels;
  Sink sink;
  int written = 0;
  switch (format) {
    case ImageFormat::kJpeg:
      written = stbi_write_jpg_to_func(&AppendToSink, &sink, width, height, channels, pixels.data(),
                                       std::clamp(limits.jpeg_quality, 1, 100));
      break;
    case ImageFormat::kPng:
      written = stbi_write_png_to_func(&AppendToSink, &sink, width, height, channels, pixels.data(),
                                       stride);
      break;
    case ImageFormat::kWebp: {
      uint8_t* output = nullptr;
      const float quality = static_cast<float>(std::clamp(limits.webp_quality, 0, 100));
      const size_t size =
          channels == 4 ? WebPEncodeRGBA(pixels.data(), width, height, stride, quality, &output)
                        : WebPEncodeRGB(pixels.data(), width, height, stride, quality, &output);
      const ForeignPixels owner(output, &WebPFree);
      if (size == 0 || output == nullptr) return util::Error::Internal("libwebp could not encode.");
      return std::string(reinterpret_cast<const char*>(output), size);
    }
    case ImageFormat::kSvg:
      break;
  }
  if (written == 0 || sink.failed) return util::Error::Internal("stb could not encode.");
  return std::move(sink.bytes);
}

bool IsValidSide(int side) { return side >= 1 && side <= kMaxThumbSide; }

bool IsValidSize(const ThumbSize& size) {
  switch (size.mode) {
    case ThumbMode::kWidth:
      return IsValidSide(size.width) && size.height == 0;
    case ThumbMode::kHeight:
      return IsValidSide(size.height) && size.width == 0;
    default:
      return IsValidSide(size.width) && IsValidSide(size.height);
  }
}

// `rect` of a `denominator`-times larger image, in the reduced image's pixels (edges rounded
// outwards, kept inside its `width` x `height`).
Rect Reduced(const Rect& rect, int denominator, int width, int height) {
  const int left = rect.x / denominator;
  const int top = rect.y / denominator;
  const int right = std::min(width, (rect.x + rect.width + denominator - 1) / denominator);
  const int bottom = std::min(height, (rect.y + rect.height + denominator - 1) / denominator);
  return {left, top, std::max(1, right - left), std::max(1, bottom - top)};
}

// The pixels of a checked image, as few as the thumbnail needs: a JPEG is decoded at 1/2, 1/4
// or 1/8 when the crop still has more pixels than the result then (`crop` is changed to match).
// The decoded size must be the one CheckImage read, on which the crop was planned.
util::Result<DecodedImage> Decode(std::string_view bytes, const ImageInfo& info,
                                  const ThumbnailLimits& limits, Rect& crop, int out_width,
                                  int out_height) {
  if (info.format == ImageFormat::kJpeg) {
    const int denominator = JpegScaleFor(crop.width, crop.height, out_width, out_height);
    CAIRN_ASSIGN_OR_RETURN(std::optional<DecodedJpeg> jpeg, DecodeJpeg(bytes, denominator));
    if (jpeg) {
      if (jpeg->width != (info.width + denominator - 1) / denominator ||
          jpeg->height != (info.height + denominator - 1) / denominator) {
        return Refused("The JPEG image cannot be decoded (its size is inconsistent).");
      }
      DecodedImage decoded;
      decoded.own = std::move(jpeg->rgb);
      decoded.image = {jpeg->width, jpeg->height, 3, decoded.own.data()};
      crop = Reduced(crop, denominator, jpeg->width, jpeg->height);
      return decoded;
    }
  }
  util::Result<DecodedImage> decoded =
      info.format == ImageFormat::kWebp
          ? DecodeWebp(bytes, limits)
          : DecodeWithStb(bytes, info.format == ImageFormat::kPng ? "PNG" : "JPEG", limits);
  if (decoded.ok() &&
      (decoded->image.width != info.width || decoded->image.height != info.height)) {
    return Refused("The image cannot be decoded (its size is inconsistent).");
  }
  return decoded;
}

util::Result<Thumbnail> MakeThumbnailOrThrow(std::string_view bytes, const ThumbSize& size,
                                             const ThumbnailLimits& limits) {
  if (!IsValidSize(size))
    return Refused("The thumbnail size " + size.ToString() + " is not valid.");
  // The decoders are trusted with well-formed files only (stb reads undefined JPEG tables from
  // uninitialised memory, for one), and the check costs little next to decoding.
  CAIRN_ASSIGN_OR_RETURN(const ImageInfo info, CheckImage(bytes));
  if (info.format == ImageFormat::kSvg) {
    return Refused("Thumbnails are made of PNG, JPEG and WEBP images only.");
  }
  if (info.animated) return Refused("Animated WEBP images have no thumbnails.");
  CAIRN_RETURN_IF_ERROR(CheckSourceSize(info.width, info.height, limits));
  const ImageFormat format = info.format;
  const int orientation = format == ImageFormat::kJpeg ? ReadJpegMetadata(bytes).orientation : 1;
  const bool swaps = SwapsSides(orientation);
  // Planned upright, then cut and scaled in the stored orientation; only the small result turns.
  Rect crop;
  int width = 0;
  int height = 0;
  PlanThumbnail(swaps ? info.height : info.width, swaps ? info.width : info.height, size, &crop,
                &width, &height);
  if (width > kMaxThumbSide || height > kMaxThumbSide) {  // Wx0 or 0xH of a very thin image
    return Refused("The thumbnail would be " + std::to_string(width) + "x" +
                   std::to_string(height) + " pixels, over the limit of " +
                   std::to_string(kMaxThumbSide) + " per side.");
  }
  Rect stored_crop = StoredRect(crop, orientation, info.width, info.height);
  const int stored_width = swaps ? height : width;
  const int stored_height = swaps ? width : height;
  CAIRN_ASSIGN_OR_RETURN(DecodedImage decoded,
                         Decode(bytes, info, limits, stored_crop, stored_width, stored_height));
  const Image& source = decoded.image;
  CAIRN_ASSIGN_OR_RETURN(std::vector<uint8_t> pixels,
                         CropAndResize(source, stored_crop, stored_width, stored_height));
  decoded.Release();  // the source is no longer needed: keep the peak low
  pixels =
      TurnUpright(std::move(pixels), stored_width, stored_height, source.channels, orientation);
  CAIRN_ASSIGN_OR_RETURN(std::string encoded,
                         Encode(format, pixels, width, height, source.channels, limits));
  return Thumbnail{std::move(encoded), format, width, height};
}

}  // namespace

std::string ThumbSize::ToString() const {
  const std::string w = std::to_string(width);
  const std::string h = std::to_string(height);
  switch (mode) {
    case ThumbMode::kCenter:
      return w + "x" + h;
    case ThumbMode::kTop:
      return w + "x" + h + "t";
    case ThumbMode::kBottom:
      return w + "x" + h + "b";
    case ThumbMode::kFit:
      return w + "x" + h + "f";
    case ThumbMode::kWidth:
      return w + "x0";
    case ThumbMode::kHeight:
      return "0x" + h;
  }
  return w + "x" + h;
}

std::optional<ThumbSize> ParseThumbSize(std::string_view text) {
  // A side: decimal digits only, at most kMaxThumbSide (leading zeros are harmless).
  const auto parse_side = [](std::string_view digits) -> std::optional<int> {
    if (digits.empty()) return std::nullopt;
    int value = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      value = value * 10 + (c - '0');
      if (value > kMaxThumbSide) return std::nullopt;
    }
    return value;
  };
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  std::string_view height_text = text.substr(x + 1);
  char letter = 0;
  if (!height_text.empty() &&
      (height_text.back() == 't' || height_text.back() == 'b' || height_text.back() == 'f')) {
    letter = height_text.back();
    height_text.remove_suffix(1);
  }
  const std::optional<int> width = parse_side(text.substr(0, x));
  const std::optional<int> height = parse_side(height_text);
  if (!width || !height || (*width == 0 && *height == 0)) return std::nullopt;
  ThumbSize size{*width, *height, ThumbMode::kCenter};
  if (*width == 0 || *height == 0) {
    if (letter != 0) return std::nullopt;
    size.mode = *width == 0 ? ThumbMode::kHeight : ThumbMode::kWidth;
  } else if (letter != 0) {
    size.mode = letter == 't'   ? ThumbMode::kTop
                : letter == 'b' ? ThumbMode::kBottom
                                : ThumbMode::kFit;
  }
  return size;
}

util::Result<Thumbnail> MakeThumbnail(std::string_view image, const ThumbSize& size,
                                      const ThumbnailLimits& limits) {
  try {
    return MakeThumbnailOrThrow(image, size, limits);
  } catch (const std::bad_alloc&) {
    return util::Error::Internal("Not enough memory to make the thumbnail.");
  }
}

}  // namespace cairn::images
