// Which reader an export archive needs: the one of the plugin it was given to, or, for an archive
// given to no plugin in particular, the one whose format it has.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "services/imports/activity.h"

namespace cairn::services::imports {

struct OpenedExport {
  std::unique_ptr<ActivitySource> source;
  std::string format;  // "strava-export", "garmin-export", ..., "gps-files"
};

// The activities of the archive at `path` for plugin `plugin_id` ("strava", "garmin-connect",
// "fittrackee", "komoot", "wanderer", "gps-files"; "" tells the format from the archive: a Strava
// export by its activities.csv, a Garmin one by its DI_CONNECT folder, a FitTrackee one by its
// workouts file, else its GPS files). InvalidArgument in words when the archive is not a zip or
// not the plugin's format ("not a Strava export: it has no activities.csv").
util::Result<OpenedExport> OpenExport(const std::string& path, std::string_view plugin_id);

// The plugin that reads the archive at `path`: "strava", "garmin-connect" or "fittrackee" for
// their exports, else "gps-files".
// InvalidArgument when it is not a readable zip.
util::Result<std::string> PluginForArchive(const std::string& path);

}  // namespace cairn::services::imports
