// An export archive as the importers read it: a zip on disk, read in place one member at a time,
// its members found by name, ".gz" members inflated, every read bounded.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "geo/zip_archive.h"
#include "services/imports/activity.h"
#include "util/result.h"

namespace cairn::services::imports {

// Sizes one member may have once read (and inflated).
inline constexpr size_t kMaxTrackBytes = 64u << 20;
inline constexpr size_t kMaxPhotoBytes = 25u << 20;
inline constexpr size_t kMaxPhotosPerActivity = 20;
// Members of a nested archive (Garmin's) are read from memory: it may be this large.
inline constexpr size_t kMaxNestedArchiveBytes = 512u << 20;

// Not thread-safe: one per import.
class ExportArchive {
 public:
  // InvalidArgument when `path` is not a readable zip archive.
  static util::Result<ExportArchive> OpenFile(const std::string& path);
  // An archive inside another, held in memory (`bytes` is kept by the archive).
  static util::Result<ExportArchive> OpenBytes(std::string bytes);

  ExportArchive(ExportArchive&&) noexcept = default;
  ExportArchive& operator=(ExportArchive&&) noexcept = default;

  const std::vector<geo::ZipEntry>& entries() const { return reader_.entries(); }
  // The index of the member named exactly `name`, else of one whose name ends in "/" + `name`
  // (an archive of a folder); nullopt when there is none.
  std::optional<size_t> Find(std::string_view name) const;
  // The bytes of member `index`, inflated when its name ends in ".gz". InvalidArgument (or
  // TooLarge past `max_bytes`) naming the member when it cannot be read.
  util::Result<std::string> Read(size_t index, size_t max_bytes);

 private:
  ExportArchive(std::unique_ptr<std::string> bytes, geo::ZipReader reader)
      : bytes_(std::move(bytes)), reader_(std::move(reader)) {}

  std::unique_ptr<std::string> bytes_;  // OpenBytes: what reader_ reads
  geo::ZipReader reader_;
};

// The member's name without any folder and without ".gz": "activities/12.fit.gz" -> "12.fit".
std::string BaseName(std::string_view member);
// Lower-case extension of a member's base name, ".gz" ignored: ".fit", ".gpx", "" for none.
std::string ExtensionOf(std::string_view member);
// Whether a member's name says it is a GPS file Cairn reads (.gpx .fit .tcx .kml .kmz .geojson).
bool IsGpsFileName(std::string_view member);
// Whether a member's name says it is a photo Cairn keeps (.jpg .jpeg .png .webp).
bool IsPhotoFileName(std::string_view member);

// Reads the photos named by `members` into `activity`, at most kMaxPhotosPerActivity; a photo that
// cannot be read is skipped and its reason appended to `skipped`.
void AddPhotos(ExportArchive& archive, const std::vector<size_t>& members, Activity& activity,
               std::vector<std::string>& skipped);

}  // namespace cairn::services::imports
