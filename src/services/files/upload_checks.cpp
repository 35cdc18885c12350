// Upload checks: size, then content, then the stored name.
#include "services/files/upload_checks.h"

#include <algorithm>

#include "geo/readers.h"

namespace cairn::services {
namespace {

constexpr const char* kImageTypes = "PNG, JPEG, WEBP or SVG images";
constexpr const char* kTrackTypes = "GPX, TCX, KML, KMZ, GeoJSON or FIT track files";

std::string Megabytes(size_t bytes) {
  const size_t mb = bytes >> 20;
  return mb > 0 ? std::to_string(mb) + " MB" : std::to_string(bytes) + " bytes";
}

std::string Lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// Splits a client's file name (any path stripped) into base and lowercase extension with its dot.
std::pair<std::string, std::string> SplitName(const std::string& file_name) {
  std::string base = file_name.substr(file_name.find_last_of("/\\") + 1);
  const size_t dot = base.rfind('.');
  if (dot == std::string::npos || dot == 0) return {base, ""};
  return {base.substr(0, dot), Lowercase(base.substr(dot))};
}

bool IsTrackExtension(const std::string& extension, geo::FileFormat format) {
  switch (format) {
    case geo::FileFormat::kGpx:
      return extension == ".gpx";
    case geo::FileFormat::kTcx:
      return extension == ".tcx";
    case geo::FileFormat::kKml:
      return extension == ".kml";
    case geo::FileFormat::kKmz:
      return extension == ".kmz";
    case geo::FileFormat::kGeoJson:
      return extension == ".geojson" || extension == ".json";
    case geo::FileFormat::kFit:
      return extension == ".fit";
    case geo::FileFormat::kUnknown:
      break;
  }
  return false;
}

std::string TrackExtension(geo::FileFormat format) {
  return "." + Lowercase(geo::FormatName(format));
}

util::Error Refused(const std::string& field, const std::string& message, const char* code,
                    const char* accepted) {
  return util::Error::InvalidField(message, field, code,
                                   std::string("Accepted: ") + accepted + ". " + message);
}

util::Result<CheckedFile> CheckImageFile(const std::string& field, const UploadedFile& file) {
  if (!images::SniffImageFormat(file.bytes)) {
    return util::Error::InvalidField(
        "Not a PNG, JPEG, WEBP or SVG image.", field, "validation_invalid_mime_type",
        "Not an image this server takes. Accepted: " + std::string(kImageTypes) + ".");
  }
  auto info = images::CheckImage(file.bytes);
  if (!info.ok()) {
    // One of the accepted formats, but damaged: the message says what is wrong with it.
    return Refused(field, info.error().message, "validation_invalid_file", kImageTypes);
  }
  CheckedFile checked;
  auto [base, extension] = SplitName(file.file_name);
  if (!images::IsExtensionOf(extension, info->format)) {
    extension = images::ExtensionOf(info->format);
  }
  checked.name = (base.empty() ? "image" : base) + extension;
  if (info->format == images::ImageFormat::kJpeg) {
    checked.photo = images::ReadJpegMetadata(file.bytes);
  }
  checked.image = *info;
  return checked;
}

util::Result<CheckedFile> CheckTrackFile(const std::string& field, const UploadedFile& file) {
  const geo::FileFormat format = geo::SniffFormat(file.bytes);
  auto track = geo::ReadTrackFile(file.bytes);
  if (!track.ok()) {
    util::Error refused =
        Refused(field, track.error().message,
                format == geo::FileFormat::kUnknown ? "validation_invalid_mime_type"
                                                    : "validation_invalid_file",
                kTrackTypes);
    // An import skips such an activity rather than failing it (geo::NoPositionsError).
    if (geo::IsNoPositionsError(track.error())) refused.facts.emplace_back("positions", "none");
    return refused;
  }
  CheckedFile checked;
  auto [base, extension] = SplitName(file.file_name);
  if (!IsTrackExtension(extension, format)) extension = TrackExtension(format);
  checked.name = (base.empty() ? "track" : base) + extension;
  checked.track = std::move(track).value();
  return checked;
}

}  // namespace

std::optional<FileFieldRule> UploadRuleFor(const UploadLimits& limits,
                                           const FamilyDefinition& family, std::string_view field) {
  for (const FileRule& rule : family.files) {
    if (rule.field != field) continue;
    switch (rule.limit) {
      case SizeLimit::kPhoto:
        return FileFieldRule{rule.kind, limits.photo_bytes};
      case SizeLimit::kAvatar:
        return FileFieldRule{rule.kind, limits.avatar_bytes};
      case SizeLimit::kTrack:
        return FileFieldRule{rule.kind, limits.track_bytes};
    }
  }
  return std::nullopt;
}

util::Result<CheckedFile> CheckUploadedFile(const FileFieldRule& rule, const std::string& field,
                                            const UploadedFile& file) {
  if (file.bytes.size() > rule.max_bytes) {
    util::Error error =
        util::Error::TooLarge("The file is larger than the " + Megabytes(rule.max_bytes) +
                              " this server accepts for \"" + field + "\".");
    error.field_errors[field] = {"validation_file_size_limit",
                                 "At most " + Megabytes(rule.max_bytes) + " per file."};
    return error;
  }
  if (file.bytes.empty()) {
    return util::Error::InvalidField("Empty file", field, "validation_invalid_file",
                                     "The file is empty.");
  }
  return rule.kind == UploadKind::kImage ? CheckImageFile(field, file)
                                         : CheckTrackFile(field, file);
}

}  // namespace cairn::services
