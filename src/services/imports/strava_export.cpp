// Reading a Strava bulk export row by row: the CSV is read once, each activity's files only when
// its turn comes.
#include "services/imports/strava_export.h"

#include <array>
#include <cstdio>
#include <map>

#include "util/csv.h"

namespace cairn::services::imports {
namespace {

constexpr size_t kMaxCsvBytes = 256u << 20;

// The first column named `name` (the export repeats some names, the first is the one meant).
std::optional<size_t> ColumnOf(const util::CsvRow& header, std::string_view name) {
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  return std::nullopt;
}

// Where the columns the import reads are.
struct StravaColumns {
  std::optional<size_t> id, date, name, type, description, file, media;
};

// The first column whose every non-empty cell (rows after the header) starts with `prefix`, with
// at least one such cell.
std::optional<size_t> ColumnStartingWith(const std::vector<util::CsvRow>& rows,
                                         std::string_view prefix) {
  const size_t width = rows[0].size();
  for (size_t column = 0; column < width; ++column) {
    bool seen = false, all = true;
    for (size_t r = 1; r < rows.size() && all; ++r) {
      if (column >= rows[r].size() || rows[r][column].empty()) continue;
      seen = true;
      all = rows[r][column].starts_with(prefix);
    }
    if (seen && all) return column;
  }
  return std::nullopt;
}

// The columns by their English names; else, for a header in the account's language (Strava
// writes "Aktivitäts-ID", "ID de l'activité" ...), by their place, which has been the same since
// the export began (ID, date, name, type, description first), and by what they hold (the files'
// column "activities/...", the photos' "media/..."). Nullopt when it is not a Strava export.
std::optional<StravaColumns> FindColumns(const std::vector<util::CsvRow>& rows) {
  if (rows.empty()) return std::nullopt;
  const util::CsvRow& header = rows[0];
  StravaColumns columns{.id = ColumnOf(header, "Activity ID"),
                        .date = ColumnOf(header, "Activity Date"),
                        .name = ColumnOf(header, "Activity Name"),
                        .type = ColumnOf(header, "Activity Type"),
                        .description = ColumnOf(header, "Activity Description"),
                        .file = ColumnOf(header, "Filename"),
                        .media = ColumnOf(header, "Media")};
  if (columns.id && columns.file) return columns;
  if (header.size() < 13 || rows.size() < 2) return std::nullopt;
  for (size_t r = 1; r < rows.size(); ++r) {
    const std::string id = rows[r].empty() ? "" : rows[r][0];
    const bool digits = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
    if (!digits) return std::nullopt;
  }
  const auto file = ColumnStartingWith(rows, "activities/");
  if (!file) return std::nullopt;
  return StravaColumns{.id = 0,
                       .date = 1,
                       .name = 2,
                       .type = 3,
                       .description = 4,
                       .file = file,
                       .media = ColumnStartingWith(rows, "media/")};
}

std::string Cell(const util::CsvRow& row, std::optional<size_t> column) {
  return column && *column < row.size() ? row[*column] : std::string();
}

std::vector<std::string> SplitMedia(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t bar = text.find('|', start);
    std::string part =
        text.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
    if (!part.empty()) out.push_back(std::move(part));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  return out;
}

class StravaSource : public ActivitySource {
 public:
  StravaSource(ExportArchive archive, std::string prefix, std::vector<util::CsvRow> rows,
               const StravaColumns& columns)
      : archive_(std::move(archive)),
        prefix_(std::move(prefix)),
        rows_(std::move(rows)),
        id_(columns.id),
        date_(columns.date),
        name_(columns.name),
        type_(columns.type),
        description_(columns.description),
        file_(columns.file),
        media_(columns.media) {}

  size_t ExpectedCount() const override { return rows_.size() - 1; }

  util::Result<std::optional<SourceItem>> Next() override {
    if (next_ >= rows_.size()) return std::optional<SourceItem>();
    const util::CsvRow& row = rows_[next_++];
    const std::string id = Cell(row, id_);
    const std::string name = Cell(row, name_);
    SourceItem item{.label = "activity " + id + (name.empty() ? "" : " \"" + name + "\""),
                    .activity = ReadActivity(row, id)};
    return std::optional<SourceItem>(std::move(item));
  }

 private:
  // A member named by the CSV, relative to the folder activities.csv is in.
  std::optional<size_t> Member(const std::string& relative) const {
    return archive_.Find(prefix_ + relative);
  }

  util::Result<Activity> ReadActivity(const util::CsvRow& row, const std::string& id) {
    if (id.empty()) return util::Error::InvalidArgument("the row has no Activity ID");
    const std::string file = Cell(row, file_);
    if (file.empty()) {
      return util::Error::NotFound("no GPS file (entered by hand or recorded indoors)");
    }
    const auto member = Member(file);
    if (!member) return util::Error::InvalidArgument(file + " is not in the archive");
    if (!IsGpsFileName(file)) return util::Error::InvalidArgument(file + ": not a GPS file");
    auto bytes = archive_.Read(*member, kMaxTrackBytes);
    if (!bytes.ok()) return util::Error::InvalidArgument(file + ": " + bytes.error().message);
    Activity activity{.external_id = "strava:" + id,
                      .name = Cell(row, name_),
                      .description = Cell(row, description_),
                      .date = StravaDateToRfc3339(Cell(row, date_)),
                      .type = Cell(row, type_),
                      .file_name = BaseName(file),
                      .track_bytes = std::move(bytes).value()};
    std::vector<size_t> photos;
    for (const std::string& path : SplitMedia(Cell(row, media_))) {
      if (!IsPhotoFileName(path)) continue;  // videos are not kept
      if (auto photo = Member(path)) {
        photos.push_back(*photo);
      } else {
        activity.warnings.push_back(path + " is not in the archive");
      }
    }
    AddPhotos(archive_, photos, activity, activity.warnings);
    return activity;
  }

  ExportArchive archive_;
  std::string prefix_;
  std::vector<util::CsvRow> rows_;
  size_t next_ = 1;  // row 0 is the header
  std::optional<size_t> id_, date_, name_, type_, description_, file_, media_;
};

// activities.csv at the top or in one folder (an archive of the unpacked export).
std::optional<size_t> FindActivitiesCsv(const ExportArchive& archive) {
  const auto& entries = archive.entries();
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& name = entries[i].name;
    if (name == "activities.csv") return i;
    const size_t slash = name.find('/');
    if (slash != std::string::npos && name.substr(slash + 1) == "activities.csv") return i;
  }
  return std::nullopt;
}

}  // namespace

bool IsStravaExport(ExportArchive& archive) {
  const auto csv = FindActivitiesCsv(archive);
  if (!csv) return false;
  auto text = archive.Read(*csv, kMaxCsvBytes);
  if (!text.ok()) return false;
  if (text->substr(0, 4096).find("Activity ID") != std::string::npos) return true;
  return FindColumns(util::ParseCsv(*text)).has_value();  // a header in another language
}

util::Result<std::unique_ptr<ActivitySource>> OpenStravaExport(ExportArchive archive) {
  const auto csv = FindActivitiesCsv(archive);
  if (!csv) {
    return util::Error::InvalidArgument(
        "not a Strava export: it has no activities.csv naming the activities");
  }
  const std::string& csv_name = archive.entries()[*csv].name;
  std::string prefix = csv_name.substr(0, csv_name.size() - std::string("activities.csv").size());
  CAIRN_ASSIGN_OR_RETURN(std::string text, archive.Read(*csv, kMaxCsvBytes));
  std::vector<util::CsvRow> rows = util::ParseCsv(text);
  const std::optional<StravaColumns> columns = FindColumns(rows);
  if (!columns) {
    return util::Error::InvalidArgument(
        "activities.csv has no \"Activity ID\" and \"Filename\" columns (nor, in another "
        "language, activity ids first and a column of activities/... files): not a Strava export");
  }
  return std::unique_ptr<ActivitySource>(
      new StravaSource(std::move(archive), std::move(prefix), std::move(rows), *columns));
}

std::string StravaDateToRfc3339(std::string_view text) {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  char buffer[64];
  if (text.size() >= 19 && text[4] == '-' && text[7] == '-') {
    if (std::sscanf(std::string(text).c_str(), "%4d-%2d-%2d%*1c%2d:%2d:%2d", &year, &month, &day,
                    &hour, &minute, &second) == 6) {
      std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour,
                    minute, second);
      return buffer;
    }
    return "";
  }
  // "21.03.2019, 18:40:15": the export of an account in German and other languages.
  if (std::sscanf(std::string(text).c_str(), "%2d.%2d.%4d, %2d:%2d:%2d", &day, &month, &year, &hour,
                  &minute, &second) == 6) {
    if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1970 || hour > 23 || minute > 59 ||
        second > 60) {
      return "";
    }
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour,
                  minute, second);
    return buffer;
  }
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char month_name[8] = {0};
  char meridiem[3] = {0};
  const int read = std::sscanf(std::string(text).c_str(), "%3s %d, %d, %d:%d:%d %2s", month_name,
                               &day, &year, &hour, &minute, &second, meridiem);
  if (read < 6) return "";
  for (size_t i = 0; i < kMonths.size(); ++i) {
    if (kMonths[i] == month_name) month = static_cast<int>(i) + 1;
  }
  const std::string am_pm = meridiem;
  if (am_pm == "PM" && hour < 12) hour += 12;
  if (am_pm == "AM" && hour == 12) hour = 0;
  if (month == 0 || day < 1 || day > 31 || year < 1970 || hour > 23 || minute > 59 || second > 60) {
    return "";
  }
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour,
                minute, second);
  return buffer;
}

}  // namespace cairn::services::imports
