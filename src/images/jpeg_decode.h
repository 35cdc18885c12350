// JPEG decoding with libjpeg-turbo, at a reduced DCT scale when a thumbnail needs fewer pixels:
// a 12-megapixel photo decoded at 1/4 costs a sixteenth of the memory and a fraction of the
// time, which is what makes thumbnails quick on a Raspberry Pi.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::images {

struct DecodedJpeg {
  std::vector<uint8_t> rgb;  // 3 bytes per pixel, rows packed
  int width = 0;
  int height = 0;
};

// The largest of 1, 2, 4, 8 by which a `crop_width` x `crop_height` region can be divided and
// still have at least `out_width` x `out_height` pixels (so the resize after it only shrinks).
int JpegScaleFor(int crop_width, int crop_height, int out_width, int out_height);

// Decodes `bytes` (a JPEG that passed CheckImage) to RGB at 1/`denominator` of its size (1, 2, 4
// or 8; sides rounded up). nullopt for CMYK and YCCK images (the caller uses another decoder);
// InvalidArgument for data libjpeg refuses.
util::Result<std::optional<DecodedJpeg>> DecodeJpeg(std::string_view bytes, int denominator);

}  // namespace cairn::images
