// Garmin Connect's data export ("Export Your Data", the GDPR archive): the recorded files sit in
// zips inside the zip (DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip ...) and
// the activities' names, types and descriptions in DI_CONNECT/DI-Connect-Fitness/
// *_summarizedActivities.json; a file finds its summary by its start time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "services/imports/activity.h"
#include "services/imports/export_archive.h"

namespace cairn::services::imports {

// How far a file's first time may be from its summary's startTimeGmt and still be that activity.
inline constexpr int64_t kGarminStartToleranceMs = 60'000;

// Whether `archive` is a Garmin Connect export: a member under DI_CONNECT/DI-Connect-... (at the
// top or in one folder).
bool IsGarminExport(const ExportArchive& archive);

// The activities of a Garmin Connect export: every GPS file of every nested part, one part in
// memory at a time (each at most kMaxNestedArchiveBytes), then the GPS files lying unzipped in
// DI-Connect-Uploaded-Files, then the summaries no file matched (skipped: NotFound, "no GPS file
// in the export"). A file whose summary is found (by an activity id in its name, else by a start
// within kGarminStartToleranceMs) takes the summary's name, type, description and local date, and
// the external id "garmin:<activityId>"; one without keeps its own name and sport and has the
// external id "sha256:<digest of the file>". A part that is not a readable zip, a member that will
// not read and a file that is not a track are each one item with an InvalidArgument naming it; a
// summary file that is not JSON is one such item too, the run going on without its names.
// InvalidArgument when the archive has no DI_CONNECT folder, or neither a part, a GPS file nor a
// summary in it. ExpectedCount() is 0: a part's files are known only once it is opened.
util::Result<std::unique_ptr<ActivitySource>> OpenGarminExport(ExportArchive archive);

}  // namespace cairn::services::imports
