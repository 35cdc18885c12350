// libjpeg reports errors by calling error_exit, which must not return: it longjmps back into
// DecodeRows, a function whose locals are all plain C data, so no destructor is skipped.
#include "images/jpeg_decode.h"

#include <csetjmp>
#include <cstdio>
// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>

#include <string>

namespace cairn::images {
namespace {

struct ErrorManager {
  jpeg_error_mgr base;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

[[noreturn]] void OnError(j_common_ptr info) {
  auto* errors = reinterpret_cast<ErrorManager*>(info->err);
  (*info->err->format_message)(info, errors->message);
  std::longjmp(errors->jump, 1);
}

// Warnings (a few corrupt bytes, extraneous data) still give a picture, as in browsers.
void Quiet(j_common_ptr, int) {}

enum class Outcome { kDecoded, kOtherColours, kFailed };

// `rgb` is the caller's: sized here once the header is read, filled row by row.
Outcome DecodeRows(const unsigned char* data, unsigned long size, int denominator,
                   std::vector<uint8_t>* rgb, int* width, int* height, char* message) {
  jpeg_decompress_struct info;
  ErrorManager errors;
  info.err = jpeg_std_error(&errors.base);
  errors.base.error_exit = OnError;
  errors.base.emit_message = Quiet;
  errors.message[0] = '\0';
  if (setjmp(errors.jump) != 0) {
    jpeg_destroy_decompress(&info);
    std::snprintf(message, JMSG_LENGTH_MAX, "%s", errors.message);
    return Outcome::kFailed;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
    jpeg_destroy_decompress(&info);
    return Outcome::kOtherColours;
  }
  info.out_color_space = JCS_RGB;
  info.scale_num = 1;
  info.scale_denom = static_cast<unsigned int>(denominator);
  info.dct_method = JDCT_ISLOW;
  jpeg_start_decompress(&info);
  *width = static_cast<int>(info.output_width);
  *height = static_cast<int>(info.output_height);
  const size_t stride = static_cast<size_t>(info.output_width) * 3;
  rgb->resize(stride * info.output_height);
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = rgb->data() + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return Outcome::kDecoded;
}

}  // namespace

int JpegScaleFor(int crop_width, int crop_height, int out_width, int out_height) {
  for (const int denominator : {8, 4, 2}) {
    if (crop_width / denominator >= out_width && crop_height / denominator >= out_height) {
      return denominator;
    }
  }
  return 1;
}

util::Result<std::optional<DecodedJpeg>> DecodeJpeg(std::string_view bytes, int denominator) {
  if (denominator != 1 && denominator != 2 && denominator != 4 && denominator != 8) {
    return util::Error::InvalidArgument("JPEG scale 1/" + std::to_string(denominator));
  }
  DecodedJpeg decoded;
  char message[JMSG_LENGTH_MAX] = "";
  const Outcome outcome = DecodeRows(reinterpret_cast<const unsigned char*>(bytes.data()),
                                     static_cast<unsigned long>(bytes.size()), denominator,
                                     &decoded.rgb, &decoded.width, &decoded.height, message);
  switch (outcome) {
    case Outcome::kDecoded:
      return std::optional<DecodedJpeg>(std::move(decoded));
    case Outcome::kOtherColours:
      return std::optional<DecodedJpeg>();
    case Outcome::kFailed:
      break;
  }
  return util::Error::InvalidArgument(std::string("The JPEG image cannot be decoded (") + message +
                                      ").");
}

}  // namespace cairn::images
