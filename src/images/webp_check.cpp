// The WEBP structure check: the RIFF container and its chunks, then libwebp's reading of the
// bitstream header for the size and the animation flag.
#include <webp/decode.h>

#include <cstdint>
#include <string>

#include "images/bytes.h"
#include "images/format_checks.h"

namespace cairn::images::internal {
namespace {

constexpr size_t kRiffHeaderBytes = 12;  // "RIFF", size, "WEBP"
constexpr size_t kChunkHeaderBytes = 8;  // FourCC, size
constexpr uint32_t kVp8xPayloadBytes = 10;

util::Error Damaged(const std::string& why) {
  return util::Error::InvalidArgument("The WEBP file is damaged (" + why + ").");
}

util::Error Truncated() { return util::Error::InvalidArgument("The WEBP file is truncated."); }

}  // namespace

util::Result<ImageInfo> CheckWebp(std::string_view bytes) {
  if (bytes.size() < kRiffHeaderBytes) return Truncated();
  if (bytes.substr(0, 4) != "RIFF" || bytes.substr(8, 4) != "WEBP") {
    return Damaged("it is not a RIFF WEBP container");
  }
  const uint64_t declared = uint64_t{Le32(bytes, 4)} + 8;
  if (declared > bytes.size()) return Truncated();
  if (declared < bytes.size()) {
    return util::Error::InvalidArgument(
        "The WEBP file is damaged (its RIFF size does not match the file length: " +
        std::to_string(bytes.size() - declared) + " bytes of other data follow it).");
  }
  bool has_image = false;  // a VP8 or VP8L chunk
  bool has_frame = false;  // an ANMF chunk
  size_t at = kRiffHeaderBytes;
  size_t chunks = 0;
  while (at < bytes.size()) {
    if (!Fits(bytes, at, kChunkHeaderBytes)) return Truncated();
    const std::string_view fourcc = bytes.substr(at, 4);
    const uint32_t size = Le32(bytes, at + 4);
    if (!Fits(bytes, at + kChunkHeaderBytes, size)) return Truncated();
    if (chunks == 0) {
      if (fourcc != "VP8 " && fourcc != "VP8L" && fourcc != "VP8X") {
        return Damaged("it does not start with a VP8, VP8L or VP8X chunk");
      }
      if (fourcc == "VP8X" && size < kVp8xPayloadBytes)
        return Damaged("its VP8X chunk is cut short");
    }
    if (fourcc == "VP8 " || fourcc == "VP8L") has_image = true;
    if (fourcc == "ANMF") has_frame = true;
    ++chunks;
    at += kChunkHeaderBytes + size;
    // Chunks are padded to an even size; a missing pad after the very last one is tolerated.
    if ((size & 1) != 0 && at < bytes.size()) ++at;
  }
  if (chunks == 0) return Damaged("it holds no image");
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), &features) !=
      VP8_STATUS_OK) {
    return Damaged("libwebp cannot read its bitstream header");
  }
  if (features.has_animation != 0 ? !has_frame : !has_image) return Damaged("it holds no image");
  CAIRN_RETURN_IF_ERROR(CheckPixelSize("WEBP", features.width, features.height));
  ImageInfo info;
  info.format = ImageFormat::kWebp;
  info.width = features.width;
  info.height = features.height;
  info.animated = features.has_animation != 0;
  return info;
}

}  // namespace cairn::images::internal
