// FitTrackee's data export (Account > "Export data"): user_data.json, user_workouts_data.json
// listing every workout (id, sport_label, title, notes, description, workout_date, and the name of
// its file) and the workouts' files (workout_files/..., gpx/... in exports before 0.10).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "services/imports/activity.h"
#include "services/imports/export_archive.h"

namespace cairn::services::imports {

// Whether `archive` is a FitTrackee export: a user_workouts_data.json (or workouts_data.json) at
// the top or in one folder.
bool IsFitTrackeeExport(const ExportArchive& archive);

// The workouts of a FitTrackee export, in the order of its workouts file. Each has the external id
// "fittrackee:<workout id>", the workout's title, its description (its notes in exports from before
// workouts had one: since then the notes are private and left out), its date as RFC 3339 (UTC) and,
// as its type, the sport in Cairn's words when FitTrackee's label is one Cairn knows ("Cycling
// (Sport)" -> "road cycling"), else the label. Its file is its original_file when the archive holds
// it, else its gpx. A workout with neither (entered by hand) is an item of kind NotFound; a file
// named but missing, not a GPS file or unreadable is an InvalidArgument naming it. InvalidArgument
// when the workouts file is missing or not a JSON array.
util::Result<std::unique_ptr<ActivitySource>> OpenFitTrackeeExport(ExportArchive archive);

// FitTrackee's sport label in the words geo::SportFromText knows ("Trail" -> "trail running",
// "Snowshoes" -> "snowshoeing"); the label itself when it is not one of FitTrackee's.
std::string FitTrackeeSportType(std::string_view label);

}  // namespace cairn::services::imports
