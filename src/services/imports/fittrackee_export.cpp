// Reading a FitTrackee data export workout by workout: the workouts file is read once, each
// workout's file only when its turn comes.
//
// The layout relied on is the one FitTrackee's own exporter writes (SamR1/FitTrackee,
// fittrackee/users/export_data.py, UserDataExporter.generate_archive): "user_data.json",
// "user_workouts_data.json" (the list of Workout.get_workout_data(), json.dumps with default=str,
// plus "sport_label" from the sport table), and, from 0.10 on, "user_equipments_data.json",
// "user_comments_data.json" and the workouts' files as "workout_files/<file>" (gpx, kml, kmz, fit,
// tcx ...), each workout naming its own in "original_file" (and, until late 2025, its GPX in
// "gpx"); before 0.10 only the GPX files, as "gpx/<file>", named by "gpx". Each workout has "id"
// (its short id, a string), "sport_id" (a row of FitTrackee's sports table; "sport_label" says
// which: "Hiking", "Cycling (Sport)" ... as in fittrackee/feeds/feeds/constants.py), "title",
// "notes", "description" (since 2024, the notes then being the owner's own), "workout_date" (UTC,
// Python's str of a datetime: "2024-06-01 08:00:00+00:00"). A workout entered by hand names no file
// (null).
#include "services/imports/fittrackee_export.h"

#include <array>
#include <nlohmann/json.hpp>
#include <utility>

#include "util/timestamp.h"

namespace cairn::services::imports {
namespace {

using Json = nlohmann::json;

constexpr size_t kMaxWorkoutsBytes = 256u << 20;

// A JSON member as text: strings as they are, integers in decimal, anything else "".
std::string TextOf(const Json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
  return "";
}

std::string Rfc3339(const std::string& workout_date) {
  const auto millis = util::ParseTimestampMillis(workout_date);
  if (!millis) return "";
  std::string text = util::FormatTimestamp(*millis);  // "YYYY-MM-DD HH:MM:SS.mmmZ"
  text[10] = 'T';
  return text.substr(0, 19) + "Z";
}

// user_workouts_data.json (workouts_data.json as the exporter names it before zipping) at the top
// or in one folder.
std::optional<size_t> FindWorkoutsFile(const ExportArchive& archive) {
  const auto& entries = archive.entries();
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& name = entries[i].name;
    const size_t slash = name.find('/');
    const std::string rest = slash == std::string::npos ? name : name.substr(slash + 1);
    if (rest.find('/') != std::string::npos) continue;
    if (rest == "user_workouts_data.json" || rest == "workouts_data.json") return i;
  }
  return std::nullopt;
}

class FitTrackeeSource : public ActivitySource {
 public:
  FitTrackeeSource(ExportArchive archive, std::string prefix, Json workouts)
      : archive_(std::move(archive)), prefix_(std::move(prefix)), workouts_(std::move(workouts)) {}

  size_t ExpectedCount() const override { return workouts_.size(); }

  util::Result<std::optional<SourceItem>> Next() override {
    if (next_ >= workouts_.size()) return std::optional<SourceItem>();
    const Json& workout = workouts_[next_++];
    if (!workout.is_object()) {
      return std::optional<SourceItem>(
          SourceItem{.label = "workout " + std::to_string(next_),
                     .activity = util::Error::InvalidArgument("not a workout object")});
    }
    const std::string id = TextOf(workout, "id");
    const std::string title = TextOf(workout, "title");
    SourceItem item{.label = "workout " + id + (title.empty() ? "" : " \"" + title + "\""),
                    .activity = ReadWorkout(workout, id)};
    return std::optional<SourceItem>(std::move(item));
  }

 private:
  // The member holding the file the export names `name`: in workout_files/, in gpx/ (exports
  // before 0.10), else anywhere.
  std::optional<size_t> Member(const std::string& name) const {
    for (const char* folder : {"workout_files/", "gpx/"}) {
      const std::string path = prefix_ + folder + name;
      const auto& entries = archive_.entries();
      for (size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].name == path) return i;
      }
    }
    return archive_.Find(name);
  }

  util::Result<Activity> ReadWorkout(const Json& workout, const std::string& id) {
    if (id.empty()) return util::Error::InvalidArgument("the workout has no id");
    const std::string original = BaseName(TextOf(workout, "original_file"));
    const std::string gpx = BaseName(TextOf(workout, "gpx"));
    if (original.empty() && gpx.empty()) {
      return util::Error::NotFound("no GPS file (entered by hand)");
    }
    // The file as recorded when the archive holds it, else the GPX FitTrackee made of it.
    std::string file;
    std::optional<size_t> member;
    for (const std::string& candidate : {original, gpx}) {
      if (candidate.empty() || !IsGpsFileName(candidate)) continue;
      member = Member(candidate);
      if (file.empty() || member) file = candidate;  // the one found, else the first named
      if (member) break;
    }
    if (file.empty()) {
      return util::Error::InvalidArgument((original.empty() ? gpx : original) + ": not a GPS file");
    }
    if (!member) return util::Error::InvalidArgument(file + " is not in the archive");
    auto bytes = archive_.Read(*member, kMaxTrackBytes);
    if (!bytes.ok()) return util::Error::InvalidArgument(file + ": " + bytes.error().message);
    // Since workouts have a public description, their notes are private: kept out of a trail that
    // may be public. Before, the notes were the workout's only words.
    std::string description =
        workout.contains("description") ? TextOf(workout, "description") : TextOf(workout, "notes");
    return Activity{.external_id = "fittrackee:" + id,
                    .name = TextOf(workout, "title"),
                    .description = std::move(description),
                    .date = Rfc3339(TextOf(workout, "workout_date")),
                    .type = FitTrackeeSportType(TextOf(workout, "sport_label")),
                    .file_name = BaseName(file),
                    .track_bytes = std::move(bytes).value()};
  }

  ExportArchive archive_;
  std::string prefix_;
  Json workouts_;  // an array
  size_t next_ = 0;
};

}  // namespace

bool IsFitTrackeeExport(const ExportArchive& archive) {
  return FindWorkoutsFile(archive).has_value();
}

util::Result<std::unique_ptr<ActivitySource>> OpenFitTrackeeExport(ExportArchive archive) {
  const auto index = FindWorkoutsFile(archive);
  if (!index) {
    return util::Error::InvalidArgument(
        "not a FitTrackee export: it has no user_workouts_data.json");
  }
  const std::string& name = archive.entries()[*index].name;
  std::string prefix = name.substr(0, name.rfind('/') + 1);  // "" at the top
  CAIRN_ASSIGN_OR_RETURN(std::string text, archive.Read(*index, kMaxWorkoutsBytes));
  Json workouts = Json::parse(text, nullptr, false);
  if (workouts.is_discarded() || !workouts.is_array()) {
    return util::Error::InvalidArgument(BaseName(name) +
                                        " is not a JSON list of workouts: not a FitTrackee export");
  }
  return std::unique_ptr<ActivitySource>(
      new FitTrackeeSource(std::move(archive), std::move(prefix), std::move(workouts)));
}

std::string FitTrackeeSportType(std::string_view label) {
  // FitTrackee's sports (fittrackee/feeds/feeds/constants.py) that Cairn knows by another name;
  // the others ("Swimrun", "Tennis (Outdoor)", "Cycling (Virtual)") keep their label.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 25> kSports = {{
      {"Canoeing", "canoeing"},
      {"Canoeing (Whitewater)", "canoeing"},
      {"Cycling (Sport)", "road cycling"},
      {"Cycling (Transport)", "cycling"},
      {"Cycling (Trekking)", "cycling"},
      {"Halfbike", "cycling"},
      {"Hiking", "hiking"},
      {"Ice Skating", "ice skating"},
      {"Inline Skating", "inline skating"},
      {"Kayaking", "kayaking"},
      {"Kayaking (Whitewater)", "kayaking"},
      {"Mountain Biking", "mountain biking"},
      {"Mountain Biking (Electric)", "e-mountain biking"},
      {"Mountaineering", "mountaineering"},
      {"Open Water Swimming", "open water swimming"},
      {"Paragliding", "paragliding"},
      {"Rowing", "rowing"},
      {"Running", "running"},
      {"Skiing (Alpine)", "alpine skiing"},
      {"Skiing (Cross Country)", "cross country skiing"},
      {"Snowshoes", "snowshoeing"},
      {"Standup Paddleboarding", "stand up paddleboarding"},
      {"Trail", "trail running"},
      {"Walking", "walking"},
      {"Windsurfing", "windsurfing"},
  }};
  for (const auto& [fittrackee, cairn] : kSports) {
    if (fittrackee == label) return std::string(cairn);
  }
  return std::string(label);
}

}  // namespace cairn::services::imports
