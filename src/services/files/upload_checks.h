// What each file field accepts, and the check every uploaded file passes before it is stored:
// its size, its type judged by content, and the name it is stored under.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "geo/track.h"
#include "images/exif.h"
#include "images/image_check.h"
#include "services/core/family.h"
#include "services/files/uploaded_file.h"
#include "util/result.h"

namespace cairn::services {

// Per-field size limits (`cairn serve --max-photo-mb/--max-avatar-mb/--max-track-mb`).
struct UploadLimits {
  size_t photo_bytes = 20u << 20;
  size_t avatar_bytes = 5u << 20;
  size_t track_bytes = 50u << 20;
};

struct FileFieldRule {
  UploadKind kind = UploadKind::kImage;
  size_t max_bytes = 0;
};

// The rule for file field `field` of `family` (its declared FileRule with the configured limit),
// or nullopt when the field takes no uploads (a category's image is set by the server only).
std::optional<FileFieldRule> UploadRuleFor(const UploadLimits& limits,
                                           const FamilyDefinition& family, std::string_view field);

struct CheckedFile {
  // The client's name with an extension that matches the content (a PNG sent as "x.html" is
  // stored as "x.png"), so the stored name never misleads a browser or a later reader.
  std::string name;
  std::optional<images::ImageInfo> image;
  std::optional<images::PhotoMetadata> photo;  // JPEG photos: EXIF position, time, orientation
  std::optional<geo::Track> track;             // track files, fully read
};

// Checks `file` for field `field` under `rule`. Errors name the field (Form A): TooLarge
// ("validation_file_size_limit") over the limit; InvalidArgument "validation_invalid_mime_type"
// when the content is not an accepted type (the message lists them), "validation_invalid_file"
// when it is one but damaged (a truncated JPEG, a GPX that does not parse, an SVG with scripts).
util::Result<CheckedFile> CheckUploadedFile(const FileFieldRule& rule, const std::string& field,
                                            const UploadedFile& file);

}  // namespace cairn::services
