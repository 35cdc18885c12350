// Garmin Connect and FitTrackee exports as their services write them, built by tests: Garmin's
// summarizedActivities.json and FIT files with a session's sport, FitTrackee's
// user_workouts_data.json. The zips themselves are written with export_archives.h.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "test_support/export_archives.h"
#include "test_support/fit_writer.h"

namespace cairn::test_support {

// Seconds between the FIT epoch (1989-12-31T00:00:00Z) and the Unix one.
inline constexpr int64_t kFitEpochUnixSeconds = 631065600;

inline int64_t FitTimeToUnixMs(uint32_t fit_time) {
  return (static_cast<int64_t>(fit_time) + kFitEpochUnixSeconds) * 1000;
}

// FIT sport enum values (the FIT profile's "sport" type).
inline constexpr uint64_t kFitRunning = 1, kFitCycling = 2, kFitWalking = 11, kFitHiking = 17;

// A FIT activity as WalkFitFile writes it, with a session message giving its sport.
inline std::string WalkFitFileWithSport(const WalkShape& shape, uint32_t first_time,
                                        uint64_t sport) {
  using namespace geo::fit_test;  // NOLINT(google-build-using-namespace): the writer's constants
  FitWriter fit;
  fit.DefineRecords();
  for (int i = 0; i < shape.points; ++i) {
    fit.Record(first_time + 60u * static_cast<uint32_t>(i), shape.lat + shape.step * i,
               shape.lon + shape.step * 0.6 * i, 600 + 3 * i);
  }
  fit.Define(4, kSession, {{5, 1, kEnum}, {6, 1, kEnum}});
  fit.Data(4, {sport, 0});
  return fit.Build();
}

// A gym session as a watch records it: times and heart rates, no position.
inline std::string IndoorFitFile(uint32_t first_time) {
  using namespace geo::fit_test;  // NOLINT(google-build-using-namespace): the writer's constants
  FitWriter fit;
  fit.Define(5, kRecord, {{253, 4, kUint32}, {3, 1, 0x02}});
  for (uint32_t i = 0; i < 30; ++i) fit.Data(5, {first_time + 60 * i, 90 + i});
  return fit.Build();
}

// One activity of Garmin's summarizedActivities.json, with the fields a reader uses; the others
// Garmin writes (distance in centimetres, durations in milliseconds ...) are filled in.
struct GarminSummaryRow {
  int64_t activity_id = 0;
  std::string name, description, activity_type, sport_type;
  std::optional<int64_t> start_gmt_ms, start_local_ms;  // epoch milliseconds
};

// The file as Garmin writes it: [{"summarizedActivitiesExport": [...]}].
inline std::string GarminSummariesJson(const std::vector<GarminSummaryRow>& rows) {
  nlohmann::json activities = nlohmann::json::array();
  for (const GarminSummaryRow& row : rows) {
    nlohmann::json activity = {{"activityId", row.activity_id},
                               {"uuidMsb", 123456789},
                               {"name", row.name},
                               {"activityType", row.activity_type},
                               {"userProfileId", 4242},
                               {"timeZoneId", 124},
                               {"eventTypeId", 9},
                               {"duration", 2400000.0},
                               {"elapsedDuration", 2460000.0},
                               {"distance", 512000.0},
                               {"elevationGain", 12000.0},
                               {"manufacturer", "GARMIN"}};
    if (!row.description.empty()) activity["description"] = row.description;
    if (!row.sport_type.empty()) activity["sportType"] = row.sport_type;
    if (row.start_gmt_ms) activity["startTimeGmt"] = *row.start_gmt_ms;
    if (row.start_local_ms) activity["startTimeLocal"] = *row.start_local_ms;
    activities.push_back(std::move(activity));
  }
  return nlohmann::json::array({{{"summarizedActivitiesExport", activities}}}).dump(4);
}

// One workout of FitTrackee's user_workouts_data.json. Empty texts are written as null (an empty
// `original_file` and `gpx`: a workout entered by hand); `gpx` is left out when `with_gpx_key` is
// false (exports after Workout.gpx was removed), `description` when `with_description_key` is.
struct FitTrackeeWorkout {
  std::string id;  // the short id, a string
  int sport_id = 1;
  std::string sport_label, title, notes, description, workout_date, original_file, gpx;
  bool with_gpx_key = true;
  bool with_description_key = true;  // false: an export from before workouts had a description
};

// The file as FitTrackee's exporter writes it: json.dumps of the workouts, dates with str().
inline std::string FitTrackeeWorkoutsJson(const std::vector<FitTrackeeWorkout>& workouts) {
  nlohmann::json out = nlohmann::json::array();
  for (const FitTrackeeWorkout& w : workouts) {
    const auto text_or_null = [](const std::string& text) {
      return text.empty() ? nlohmann::json() : nlohmann::json(text);
    };
    nlohmann::json workout = {{"id", w.id},
                              {"sport_id", w.sport_id},
                              {"workout_date", w.workout_date},
                              {"workout_visibility", "private"},
                              {"source", nullptr},
                              {"title", w.title},
                              {"moving", "0:40:00"},
                              {"distance", 5.12},
                              {"duration", "0:41:00"},
                              {"ascent", 120.0},
                              {"descent", 118.0},
                              {"records", nlohmann::json::array()},
                              {"segments", nlohmann::json::array()},
                              {"notes", text_or_null(w.notes)},
                              {"sport_label", w.sport_label},
                              {"original_file", text_or_null(w.original_file)}};
    if (w.with_gpx_key) workout["gpx"] = text_or_null(w.gpx);
    if (w.with_description_key) workout["description"] = text_or_null(w.description);
    out.push_back(std::move(workout));
  }
  return out.dump(4);
}

// user_data.json: the account's serialisation (only a few of its fields).
inline std::string FitTrackeeUserJson() {
  return nlohmann::json{{"username", "alice"},
                        {"timezone", "Europe/Paris"},
                        {"nb_workouts", 5},
                        {"email", "alice@example.com"}}
      .dump(4);
}

}  // namespace cairn::test_support
