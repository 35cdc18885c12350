// The plugins' archive formats, each to its reader.
#include "services/imports/export_formats.h"

#include "services/imports/export_archive.h"
#include "services/imports/fittrackee_export.h"
#include "services/imports/garmin_export.h"
#include "services/imports/gps_files_export.h"
#include "services/imports/strava_export.h"

namespace cairn::services::imports {

util::Result<OpenedExport> OpenExport(const std::string& path, std::string_view plugin_id) {
  CAIRN_ASSIGN_OR_RETURN(ExportArchive archive, ExportArchive::OpenFile(path));
  // Detection reads activities.csv whole: only when no plugin says what the archive is, so a
  // Strava export's CSV is read once (by its reader) and other archives' never.
  if (plugin_id == "strava" || (plugin_id.empty() && IsStravaExport(archive))) {
    CAIRN_ASSIGN_OR_RETURN(auto source, OpenStravaExport(std::move(archive)));
    return OpenedExport{std::move(source), "strava-export"};
  }
  if (plugin_id == "garmin-connect" || (plugin_id.empty() && IsGarminExport(archive))) {
    CAIRN_ASSIGN_OR_RETURN(auto source, OpenGarminExport(std::move(archive)));
    return OpenedExport{std::move(source), "garmin-export"};
  }
  if (plugin_id == "fittrackee" || (plugin_id.empty() && IsFitTrackeeExport(archive))) {
    CAIRN_ASSIGN_OR_RETURN(auto source, OpenFitTrackeeExport(std::move(archive)));
    return OpenedExport{std::move(source), "fittrackee-export"};
  }
  GpsFilesStyle style = GpsFilesStyle::kPlain;
  std::string format = "gps-files";
  if (plugin_id == "komoot") {
    style = GpsFilesStyle::kKomoot;
    format = "komoot-export";
  } else if (plugin_id == "wanderer") {
    style = GpsFilesStyle::kWanderer;
    format = "wanderer-export";
  } else if (!plugin_id.empty() && plugin_id != "gps-files") {
    return util::Error::InvalidArgument("the plugin \"" + std::string(plugin_id) +
                                        "\" does not import archives here");
  }
  CAIRN_ASSIGN_OR_RETURN(auto source, OpenGpsFilesExport(std::move(archive), style));
  return OpenedExport{std::move(source), format};
}

util::Result<std::string> PluginForArchive(const std::string& path) {
  CAIRN_ASSIGN_OR_RETURN(ExportArchive archive, ExportArchive::OpenFile(path));
  if (IsStravaExport(archive)) return std::string("strava");
  if (IsGarminExport(archive)) return std::string("garmin-connect");
  if (IsFitTrackeeExport(archive)) return std::string("fittrackee");
  return std::string("gps-files");
}

}  // namespace cairn::services::imports
