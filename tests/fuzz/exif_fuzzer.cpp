// libFuzzer target for the EXIF reader: no crash, no hang, and whatever it returns is in range
// (positions on the globe, a well-formed ISO 8601 time, an orientation of 1..8).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "images/exif.h"

namespace {

bool IsDigits(std::string_view text, size_t at, size_t count) {
  for (size_t i = at; i < at + count; ++i) {
    if (i >= text.size() || text[i] < '0' || text[i] > '9') return false;
  }
  return true;
}

int Number(std::string_view text, size_t at, size_t count) {
  return std::stoi(std::string(text.substr(at, count)));
}

// "YYYY-MM-DDTHH:MM:SS" followed by nothing, "Z" or "+HH:MM" / "-HH:MM", every field in range.
bool IsWellFormedTime(std::string_view text) {
  if (text.size() < 19 || !IsDigits(text, 0, 4) || text[4] != '-' || !IsDigits(text, 5, 2) ||
      text[7] != '-' || !IsDigits(text, 8, 2) || text[10] != 'T' || !IsDigits(text, 11, 2) ||
      text[13] != ':' || !IsDigits(text, 14, 2) || text[16] != ':' || !IsDigits(text, 17, 2)) {
    return false;
  }
  const int month = Number(text, 5, 2);
  const int day = Number(text, 8, 2);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(text, 11, 2) > 23 ||
      Number(text, 14, 2) > 59 || Number(text, 17, 2) > 59) {
    return false;
  }
  const std::string_view zone = text.substr(19);
  if (zone.empty() || zone == "Z") return true;
  return zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && IsDigits(zone, 1, 2) &&
         zone[3] == ':' && IsDigits(zone, 4, 2) && Number(zone, 1, 2) <= 14 &&
         Number(zone, 4, 2) <= 59;
}

void Check(const cairn::images::PhotoMetadata& meta) {
  if (meta.lat && !(std::isfinite(*meta.lat) && std::fabs(*meta.lat) <= 90)) std::abort();
  if (meta.lon && !(std::isfinite(*meta.lon) && std::fabs(*meta.lon) <= 180)) std::abort();
  if (meta.altitude && !std::isfinite(*meta.altitude)) std::abort();
  if (meta.orientation < 1 || meta.orientation > 8) std::abort();
  if (meta.taken_at && !IsWellFormedTime(*meta.taken_at)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Check(cairn::images::ReadJpegMetadata(bytes));
  // Mutated JPEGs rarely keep an Exif segment, so the input is also read as the TIFF body of one.
  const std::string_view body = bytes.substr(0, 65535 - 2 - 6);
  std::string jpeg = "\xFF\xD8\xFF\xE1";
  const size_t length = body.size() + 2 + 6;
  jpeg += static_cast<char>(length >> 8);
  jpeg += static_cast<char>(length & 0xFF);
  jpeg += std::string("Exif\0\0", 6);
  jpeg += body;
  jpeg += "\xFF\xD9";
  Check(cairn::images::ReadJpegMetadata(jpeg));
  return 0;
}
