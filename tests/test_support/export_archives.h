// Export archives as the services people leave write them, built by tests: zip files with
// folders (libzip), gzip members (zlib), and the GPS files inside (GPX, TCX, FIT). Each follows the
// format's public documentation; the contents are small and exact.
#pragma once

#include <zip.h>
#include <zlib.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "test_support/fit_writer.h"

namespace cairn::test_support {

struct ArchiveMember {
  std::string name;  // may hold folders: "activities/101.fit.gz"
  std::string bytes;
};

// Writes `members` as a zip archive at `path` (deflated, folders as named).
inline void WriteZipFile(const std::string& path, const std::vector<ArchiveMember>& members) {
  int error = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (zip == nullptr) throw std::runtime_error("zip_open " + path);
  for (const ArchiveMember& member : members) {
    // libzip reads the buffer when the archive is closed; the members outlive that.
    zip_source_t* source = zip_source_buffer(zip, member.bytes.data(), member.bytes.size(), 0);
    if (source == nullptr || zip_file_add(zip, member.name.c_str(), source, ZIP_FL_ENC_UTF_8) < 0) {
      zip_source_free(source);
      zip_discard(zip);
      throw std::runtime_error("zip_file_add " + member.name);
    }
  }
  if (zip_close(zip) != 0) throw std::runtime_error("zip_close " + path);
}

// The bytes of a zip archive of `members` (for archives inside archives).
inline std::string ZipBytes(const std::string& scratch_path,
                            const std::vector<ArchiveMember>& members) {
  WriteZipFile(scratch_path, members);
  std::FILE* file = std::fopen(scratch_path.c_str(), "rb");
  std::string bytes;
  char buffer[65536];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) bytes.append(buffer, n);
  std::fclose(file);
  std::remove(scratch_path.c_str());
  return bytes;
}

// `bytes` as a gzip file.
inline std::string Gzip(const std::string& bytes) {
  z_stream stream{};
  deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, bytes.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

// A CSV field, quoted when it must be (RFC 4180).
inline std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// A walk of `points` points from (lat, lon), one a minute from `start` ("2024-06-01T08:00:00Z"
// style, minutes counted on), heading north-east in steps of `step` degrees.
struct WalkShape {
  double lat = 47.0, lon = 11.0, step = 0.0005;
  int points = 40;
  int day = 1;  // June 2024
};

inline std::string WalkGpxFile(const std::string& name, const WalkShape& shape,
                               const std::string& type = "") {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" )"
                    R"(xmlns="http://www.topografix.com/GPX/1/1"><trk><name>)" +
                    name + "</name>" + (type.empty() ? "" : "<type>" + type + "</type>") +
                    "<trkseg>";
  for (int i = 0; i < shape.points; ++i) {
    char point[200];
    std::snprintf(
        point, sizeof point,
        R"(<trkpt lat="%.6f" lon="%.6f"><ele>%d</ele><time>2024-06-%02dT%02d:%02d:00Z</time></trkpt>)",
        shape.lat + shape.step * i, shape.lon + shape.step * 0.6 * i, 600 + 3 * i, shape.day,
        8 + i / 60, i % 60);
    gpx += point;
  }
  return gpx + "</trkseg></trk></gpx>";
}

inline std::string WalkTcxFile(const WalkShape& shape, const std::string& sport = "Running") {
  std::string tcx =
      R"(<?xml version="1.0" encoding="UTF-8"?><TrainingCenterDatabase )"
      R"(xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>)"
      R"(<Activity Sport=")" +
      sport + R"("><Id>2024-06-01T08:00:00Z</Id><Lap StartTime="2024-06-01T08:00:00Z"><Track>)";
  for (int i = 0; i < shape.points; ++i) {
    char point[300];
    std::snprintf(point, sizeof point,
                  "<Trackpoint><Time>2024-06-%02dT%02d:%02d:00Z</Time><Position><LatitudeDegrees>"
                  "%.6f</LatitudeDegrees><LongitudeDegrees>%.6f</LongitudeDegrees></Position>"
                  "<AltitudeMeters>%d</AltitudeMeters></Trackpoint>",
                  shape.day, 8 + i / 60, i % 60, shape.lat + shape.step * i,
                  shape.lon + shape.step * 0.6 * i, 600 + 3 * i);
    tcx += point;
  }
  return tcx + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>";
}

// A FIT activity: records once a minute (seconds since the FIT epoch from `first_time`).
inline std::string WalkFitFile(const WalkShape& shape, uint32_t first_time = geo::fit_test::kTime) {
  geo::fit_test::FitWriter fit;
  fit.DefineRecords();
  for (int i = 0; i < shape.points; ++i) {
    fit.Record(first_time + 60u * static_cast<uint32_t>(i), shape.lat + shape.step * i,
               shape.lon + shape.step * 0.6 * i, 600 + 3 * i);
  }
  return fit.Build();
}

// The columns of a Strava bulk export's activities.csv, as its export writes them (some names
// twice: the first in the athlete's units, the second in metric).
inline const std::vector<std::string>& StravaColumns() {
  static const std::vector<std::string> kColumns = {"Activity ID",
                                                    "Activity Date",
                                                    "Activity Name",
                                                    "Activity Type",
                                                    "Activity Description",
                                                    "Elapsed Time",
                                                    "Distance",
                                                    "Max Heart Rate",
                                                    "Relative Effort",
                                                    "Commute",
                                                    "Activity Private Note",
                                                    "Activity Gear",
                                                    "Filename",
                                                    "Athlete Weight",
                                                    "Bike Weight",
                                                    "Elapsed Time",
                                                    "Moving Time",
                                                    "Distance",
                                                    "Max Speed",
                                                    "Average Speed",
                                                    "Elevation Gain",
                                                    "Elevation Loss",
                                                    "Media"};
  return kColumns;
}

struct StravaRow {
  std::string id, date, name, type, description, filename, media;
};

inline std::string StravaCsv(const std::vector<StravaRow>& rows) {
  std::string csv;
  const auto& columns = StravaColumns();
  for (size_t i = 0; i < columns.size(); ++i) csv += (i ? "," : "") + CsvField(columns[i]);
  csv += "\r\n";
  for (const StravaRow& row : rows) {
    std::vector<std::string> cells(columns.size());
    cells[0] = row.id;
    cells[1] = row.date;
    cells[2] = row.name;
    cells[3] = row.type;
    cells[4] = row.description;
    cells[5] = "3600";
    cells[6] = "5.2";
    cells[9] = "false";
    cells[12] = row.filename;
    cells[22] = row.media;
    for (size_t i = 0; i < cells.size(); ++i) csv += (i ? "," : "") + CsvField(cells[i]);
    csv += "\r\n";
  }
  return csv;
}

}  // namespace cairn::test_support
