// Reading a Garmin Connect export part by part, each file matched to its activity summary.
//
// The layout relied on (Garmin documents none; these are what public readers of the export
// found): the exported zip holds DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip,
// ..._Part2.zip ... (the files as they were uploaded: FIT, sometimes GPX or TCX) and
// DI_CONNECT/DI-Connect-Fitness/<email>_0_summarizedActivities.json, a JSON array holding
// {"summarizedActivitiesExport": [...]}, each activity with activityId, name, description,
// activityType (a string such as "hiking"; sportType "RUNNING" beside it), startTimeGmt and
// startTimeLocal as epoch milliseconds (the local one is the wall clock read as UTC). Sources: a
// BSD-2-Clause TypeScript reader's exportDataStructure and SummarizedActivity type (fitnessDir
// "DI_CONNECT/DI-Connect-Fitness/", tracksDir "DI_CONNECT/DI-Connect-Uploaded-Files/"), the
// myvitals FastAPI import of Garmin and Fitbit archives ("Garmin FIT filenames use uploadId not
// activityId": files matched by start time within 60 s), Apollo's activity-file import (nested
// UploadedFiles_*.zip, names and types "matched by start time") and parse_garmin.py of
// run.remikalir.com (start times in epoch milliseconds). So a file finds its summary by its first
// time; one whose name holds an activity id is matched by it first, which costs nothing when names
// hold upload ids.
#include "services/imports/garmin_export.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "geo/readers.h"
#include "util/sha256.h"
#include "util/text.h"
#include "util/timestamp.h"

namespace cairn::services::imports {
namespace {

using Json = nlohmann::json;

constexpr size_t kMaxSummaryBytes = 256u << 20;
constexpr std::string_view kUploadedFolder = "di-connect-uploaded-files/";
constexpr std::string_view kFitnessFolder = "di-connect-fitness/";

struct Summary {
  std::string id, name, description, type;
  std::optional<int64_t> start_gmt_ms, start_local_ms;
  bool matched = false;
};

bool IsPassedOver(const std::string& name) {
  if (name.starts_with("__MACOSX/") || name.find("/__MACOSX/") != std::string::npos) return true;
  const std::string base = BaseName(name);
  return base.empty() || base[0] == '.';
}

bool InFolder(const std::string& name, std::string_view folder) {
  return util::LowercaseAscii(name).find(folder) != std::string::npos;
}

// A JSON value as text: strings as they are, numbers without a fraction as integers.
std::string TextOf(const Json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
  if (it->is_number_float() && std::isfinite(it->get<double>())) {
    return std::to_string(std::llround(it->get<double>()));
  }
  return "";
}

std::optional<int64_t> MillisOf(const Json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end()) return std::nullopt;
  if (it->is_number_integer()) return it->get<int64_t>();
  if (it->is_number_float() && std::isfinite(it->get<double>())) {
    return std::llround(it->get<double>());
  }
  if (it->is_string()) return util::ParseTimestampMillis(it->get<std::string>());
  return std::nullopt;
}

Summary SummaryOf(const Json& activity) {
  Summary summary{.id = TextOf(activity, "activityId"),
                  .name = TextOf(activity, "name"),
                  .description = TextOf(activity, "description"),
                  .type = TextOf(activity, "activityType"),
                  .start_gmt_ms = MillisOf(activity, "startTimeGmt"),
                  .start_local_ms = MillisOf(activity, "startTimeLocal")};
  // Some exports write the type as an object, as the Connect API does.
  const auto type = activity.find("activityType");
  if (type != activity.end() && type->is_object()) summary.type = TextOf(*type, "typeKey");
  if (summary.type.empty()) summary.type = TextOf(activity, "sportType");
  return summary;
}

// The summaries of one summarizedActivities.json: [{"summarizedActivitiesExport": [...]}], the
// same object alone, or a bare array of activities.
util::Result<std::vector<Summary>> ParseSummaries(const std::string& text) {
  const Json root = Json::parse(text, nullptr, false);
  if (root.is_discarded()) return util::Error::InvalidArgument("not a JSON file");
  std::vector<Summary> out;
  const auto add = [&](const Json& value) {
    if (!value.is_object()) return;
    const auto list = value.find("summarizedActivitiesExport");
    if (list != value.end() && list->is_array()) {
      for (const Json& activity : *list) {
        if (activity.is_object() && !TextOf(activity, "activityId").empty()) {
          out.push_back(SummaryOf(activity));
        }
      }
    } else if (!TextOf(value, "activityId").empty()) {
      out.push_back(SummaryOf(value));
    }
  };
  if (root.is_array()) {
    for (const Json& value : root) add(value);
  } else {
    add(root);
  }
  return out;
}

// "2024-06-01T08:00:00Z" of epoch milliseconds.
std::string Rfc3339(int64_t epoch_ms) {
  std::string text = util::FormatTimestamp(epoch_ms);  // "YYYY-MM-DD HH:MM:SS.mmmZ"
  text[10] = 'T';
  return text.substr(0, 19) + "Z";
}

std::optional<int64_t> FirstTimeOf(const geo::Track& track) {
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments) {
      for (const auto& point : segment) {
        if (point.HasTime()) return point.time_ms;
      }
    }
  }
  if (track.time_ms != geo::kNoTime) return track.time_ms;
  return std::nullopt;
}

// The runs of six or more digits in a file's name ("user_12345678901.fit" -> "12345678901").
std::vector<std::string> NumbersIn(const std::string& base) {
  std::vector<std::string> out;
  std::string run;
  for (char c : base + ".") {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      run += c;
      continue;
    }
    if (run.size() >= 6) out.push_back(run);
    run.clear();
  }
  return out;
}

SourceItem Failed(std::string label, std::string reason) {
  return {.label = std::move(label), .activity = util::Error::InvalidArgument(std::move(reason))};
}

class GarminSource : public ActivitySource {
 public:
  GarminSource(ExportArchive archive, std::vector<size_t> parts, std::vector<size_t> loose,
               std::vector<Summary> summaries, std::deque<SourceItem> problems)
      : archive_(std::move(archive)),
        parts_(std::move(parts)),
        loose_(std::move(loose)),
        summaries_(std::move(summaries)),
        pending_(std::move(problems)) {
    for (size_t i = 0; i < summaries_.size(); ++i) {
      by_id_.emplace(summaries_[i].id, i);
      if (summaries_[i].start_gmt_ms) by_start_.emplace_back(*summaries_[i].start_gmt_ms, i);
    }
    std::sort(by_start_.begin(), by_start_.end());
  }

  size_t ExpectedCount() const override { return 0; }

  util::Result<std::optional<SourceItem>> Next() override {
    while (true) {
      if (!pending_.empty()) {
        SourceItem item = std::move(pending_.front());
        pending_.pop_front();
        return std::optional<SourceItem>(std::move(item));
      }
      if (part_ && next_part_file_ < part_files_.size()) {
        const size_t index = part_files_[next_part_file_++];
        const std::string where = part_name_ + "/" + part_->entries()[index].name;
        return std::optional<SourceItem>(ReadFile(*part_, index, where));
      }
      if (next_part_ < parts_.size()) {
        OpenPart(parts_[next_part_++]);
        continue;
      }
      part_.reset();
      if (next_loose_ < loose_.size()) {
        const size_t index = loose_[next_loose_++];
        return std::optional<SourceItem>(ReadFile(archive_, index, archive_.entries()[index].name));
      }
      while (next_summary_ < summaries_.size()) {
        const Summary& summary = summaries_[next_summary_++];
        if (summary.matched) continue;
        return std::optional<SourceItem>(SourceItem{
            .label = LabelOf(summary),
            .activity = util::Error::NotFound("no GPS file of it in the export (entered by hand, "
                                              "recorded indoors or in a part that did not read)")});
      }
      return std::optional<SourceItem>();
    }
  }

 private:
  static std::string LabelOf(const Summary& summary) {
    return "activity " + summary.id + (summary.name.empty() ? "" : " \"" + summary.name + "\"");
  }

  // Replaces the part in memory by the part at `index`; a part that will not open is one item.
  void OpenPart(size_t index) {
    part_.reset();  // the previous part leaves memory before the next one is read
    part_files_.clear();
    next_part_file_ = 0;
    part_name_ = BaseName(archive_.entries()[index].name);
    auto bytes = archive_.Read(index, kMaxNestedArchiveBytes);
    if (!bytes.ok()) {
      pending_.push_back(Failed(part_name_, part_name_ + ": " + bytes.error().message));
      return;
    }
    auto nested = ExportArchive::OpenBytes(std::move(bytes).value());
    if (!nested.ok()) {
      pending_.push_back(Failed(part_name_, part_name_ + ": " + nested.error().message));
      return;
    }
    part_.emplace(std::move(nested).value());
    const auto& entries = part_->entries();
    for (size_t i = 0; i < entries.size(); ++i) {
      if (!IsPassedOver(entries[i].name) && IsGpsFileName(entries[i].name)) {
        part_files_.push_back(i);
      }
    }
  }

  // The summary of a file named `base` that starts at `start`, marked as taken; nullptr if none.
  Summary* MatchSummary(const std::string& base, std::optional<int64_t> start) {
    for (const std::string& number : NumbersIn(base)) {
      const auto it = by_id_.find(number);
      if (it != by_id_.end() && !summaries_[it->second].matched) {
        summaries_[it->second].matched = true;
        return &summaries_[it->second];
      }
    }
    if (!start) return nullptr;
    auto it = std::lower_bound(by_start_.begin(), by_start_.end(),
                               std::make_pair(*start - kGarminStartToleranceMs, size_t{0}));
    Summary* best = nullptr;
    int64_t best_distance = 0;
    for (; it != by_start_.end() && it->first <= *start + kGarminStartToleranceMs; ++it) {
      Summary& candidate = summaries_[it->second];
      const int64_t distance = std::llabs(it->first - *start);
      if (!candidate.matched && (best == nullptr || distance < best_distance)) {
        best = &candidate;
        best_distance = distance;
      }
    }
    if (best != nullptr) best->matched = true;
    return best;
  }

  SourceItem ReadFile(ExportArchive& archive, size_t index, const std::string& where) {
    auto bytes = archive.Read(index, kMaxTrackBytes);
    if (!bytes.ok()) return Failed(where, where + ": " + bytes.error().message);
    // Read once here for its start time; the import reads it again to make the trail.
    auto track = geo::ReadTrackFile(*bytes);
    const std::string base = BaseName(where);
    // A file that cannot become a trail still answers for its summary, which is then not listed
    // a second time as an activity without a file.
    if (!track.ok() || track->PointCount() == 0) {
      Summary* summary = MatchSummary(base, track.ok() ? FirstTimeOf(*track) : std::nullopt);
      const std::string label = summary ? LabelOf(*summary) + " (" + where + ")" : where;
      if (!track.ok() && !geo::IsNoPositionsError(track.error())) {
        return Failed(label, where + ": " + track.error().message);
      }
      return {.label = label,
              .activity = util::Error::NotFound("no GPS positions in " + base +
                                                " (recorded indoors or entered by hand)")};
    }
    Activity activity{.file_name = base, .track_bytes = std::move(bytes).value()};
    Summary* summary = MatchSummary(base, FirstTimeOf(*track));
    if (summary == nullptr) {
      activity.external_id = "sha256:" + util::Sha256Hex(activity.track_bytes);
      return {.label = where, .activity = std::move(activity)};
    }
    activity.external_id = "garmin:" + summary->id;
    activity.name = summary->name;
    activity.description = summary->description;
    activity.type = summary->type;
    if (summary->start_local_ms) {
      activity.date = Rfc3339(*summary->start_local_ms).substr(0, 10);  // the day where it was
    } else if (summary->start_gmt_ms) {
      activity.date = Rfc3339(*summary->start_gmt_ms);
    }
    return {.label = LabelOf(*summary) + " (" + where + ")", .activity = std::move(activity)};
  }

  ExportArchive archive_;
  std::vector<size_t> parts_, loose_;
  std::vector<Summary> summaries_;
  std::deque<SourceItem> pending_;
  std::map<std::string, size_t> by_id_;
  std::vector<std::pair<int64_t, size_t>> by_start_;  // startTimeGmt, summary
  std::optional<ExportArchive> part_;
  std::string part_name_;
  std::vector<size_t> part_files_;
  size_t next_part_ = 0, next_part_file_ = 0, next_loose_ = 0, next_summary_ = 0;
};

}  // namespace

bool IsGarminExport(const ExportArchive& archive) {
  for (const auto& entry : archive.entries()) {
    const std::string& name = entry.name;
    const size_t at = name.find("DI_CONNECT/DI-Connect-");
    if (at == 0 || (at != std::string::npos && name[at - 1] == '/' &&
                    name.find('/') == at - 1)) {  // at the top or in one folder
      return true;
    }
  }
  return false;
}

util::Result<std::unique_ptr<ActivitySource>> OpenGarminExport(ExportArchive archive) {
  if (!IsGarminExport(archive)) {
    return util::Error::InvalidArgument("not a Garmin Connect export: it has no DI_CONNECT folder");
  }
  std::vector<size_t> parts, loose, summary_files;
  const auto& entries = archive.entries();
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& name = entries[i].name;
    if (IsPassedOver(name)) continue;
    if (InFolder(name, kUploadedFolder)) {
      if (util::LowercaseAscii(name).ends_with(".zip")) {
        parts.push_back(i);
      } else if (IsGpsFileName(name)) {
        loose.push_back(i);
      }
    } else if (InFolder(name, kFitnessFolder) &&
               util::LowercaseAscii(BaseName(name)).ends_with("summarizedactivities.json")) {
      summary_files.push_back(i);
    }
  }
  std::vector<Summary> summaries;
  std::deque<SourceItem> problems;
  for (size_t index : summary_files) {
    const std::string base = BaseName(entries[index].name);
    auto text = archive.Read(index, kMaxSummaryBytes);
    auto parsed =
        text.ok() ? ParseSummaries(*text) : util::Result<std::vector<Summary>>(text.error());
    if (!parsed.ok()) {
      problems.push_back(Failed(base, base + ": " + parsed.error().message +
                                          " (its activities keep their files' own names)"));
      continue;
    }
    for (Summary& summary : *parsed) summaries.push_back(std::move(summary));
  }
  if (parts.empty() && loose.empty() && summaries.empty() && problems.empty()) {
    return util::Error::InvalidArgument(
        "the Garmin Connect export holds no uploaded files and no activity summaries");
  }
  return std::unique_ptr<ActivitySource>(new GarminSource(std::move(archive), std::move(parts),
                                                          std::move(loose), std::move(summaries),
                                                          std::move(problems)));
}

}  // namespace cairn::services::imports
