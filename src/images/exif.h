// What a camera wrote into a JPEG photo's EXIF block: where and when it was taken, and which way
// up it is. A small reader of the TIFF structure inside the APP1 segment; nothing else is read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cairn::images {

struct PhotoMetadata {
  // The GPS position (WGS84 degrees, south and west negative) and altitude in metres (below sea
  // level negative), when the camera recorded them and they are in range.
  std::optional<double> lat;
  std::optional<double> lon;
  std::optional<double> altitude;
  // When the photo was taken, from DateTimeOriginal (else DateTime), in ISO 8601:
  // "2024-07-01T10:22:33+02:00" when OffsetTimeOriginal gives the zone, else "…Z" computed from
  // the GPS date and time stamps when those exist (the camera's time moved by its difference from
  // the GPS clock, rounded to a whole quarter hour; ignored beyond -12:00..+14:00), else the
  // camera's local wall-clock time without a zone ("2024-07-01T10:22:33"). Absent when no valid
  // date is present.
  std::optional<std::string> taken_at;
  // The EXIF Orientation (1..8, 1 = upright); 1 when absent or invalid.
  int orientation = 1;

  bool HasPosition() const { return lat.has_value() && lon.has_value(); }
};

// Reads the metadata of a JPEG file. Never fails: a file without EXIF, or with a damaged or
// hostile EXIF block (offsets out of bounds, loops between directories, absurd counts), gives
// what could be read safely and defaults for the rest. Reads at most the first APP1 "Exif"
// segment; linear in its size. Pure; thread-safe.
PhotoMetadata ReadJpegMetadata(std::string_view jpeg);

}  // namespace cairn::images
