// Strava's bulk export ("Download or delete your account"): activities.csv names each activity's
// id, date, name, type, description, GPS file (activities/ID.fit.gz, .gpx, .tcx.gz ...) and
// photos (media/...jpg, '|'-separated).
#pragma once

#include <memory>

#include "services/imports/activity.h"
#include "services/imports/export_archive.h"

namespace cairn::services::imports {

// Whether `archive` is a Strava export: an activities.csv whose header names "Activity ID", or,
// written in another language, whose rows start with activity ids and name activities/... files.
bool IsStravaExport(ExportArchive& archive);

// The activities of a Strava export, in the order of activities.csv. InvalidArgument when its
// activities.csv is missing or is neither of IsStravaExport's two kinds. Each activity's
// external id is "strava:" and its Strava id; its date the CSV's (UTC) as RFC 3339.
util::Result<std::unique_ptr<ActivitySource>> OpenStravaExport(ExportArchive archive);

// "Mar 21, 2019, 6:40:15 PM" (the export's English date) -> "2019-03-21T18:40:15Z"; an RFC
// 3339, "YYYY-MM-DD HH:MM:SS" or "21.03.2019, 18:40:15" text (other languages' exports) is
// accepted too. "" when it is none of these (the GPS file's own time is used then).
std::string StravaDateToRfc3339(std::string_view text);

}  // namespace cairn::services::imports
