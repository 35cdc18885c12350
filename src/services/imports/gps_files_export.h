// Archives of plain GPS files: Komoot's export of GPX tours, a wanderer or Cairn trail export
// (one GPS file per trail, its photos beside it), or any zip of GPS files.
#pragma once

#include <memory>

#include "services/imports/activity.h"
#include "services/imports/export_archive.h"

namespace cairn::services::imports {

enum class GpsFilesStyle {
  kPlain,     // every GPS file is an activity, named by what it holds
  kKomoot,    // "YYYY-MM-DD_ID_Name.gpx": Komoot's tour id, date and name from the file name
  kWanderer,  // photos in the GPS file's own folder (or its "photos" folder) belong to it
};

// One activity per GPS file of the archive (folders such as __MACOSX/ and hidden files are
// passed over), in the archive's order. The external id is the tour's ("komoot:ID") when the name
// gives one, else "sha256:" and the digest of the file's bytes, so the same file is imported once
// whatever archive it comes in. InvalidArgument when the archive holds no GPS file at all.
util::Result<std::unique_ptr<ActivitySource>> OpenGpsFilesExport(ExportArchive archive,
                                                                 GpsFilesStyle style);

}  // namespace cairn::services::imports
