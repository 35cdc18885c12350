#include "services/imports/strava_export.h"

#include <catch2/catch.hpp>

#include "test_support/export_archives.h"
#include "test_support/temp_dir.h"

namespace cairn::services::imports {
namespace {

TEST_CASE("Strava export dates become RFC 3339 times", "[imports][strava]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Mar 21, 2019, 6:40:15 PM", "2019-03-21T18:40:15Z"},
      {"Jan 5, 2021, 12:04:05 AM", "2021-01-05T00:04:05Z"},
      {"Dec 31, 2020, 12:30:00 PM", "2020-12-31T12:30:00Z"},
      {"Jul 4, 2022, 9:05:01", "2022-07-04T09:05:01Z"},
      {"2023-05-06 07:08:09", "2023-05-06T07:08:09Z"},
      {"2023-05-06T07:08:09Z", "2023-05-06T07:08:09Z"},
      {"21.03.2019, 18:40:15", "2019-03-21T18:40:15Z"},
      {"1.06.2024, 08:00:00", "2024-06-01T08:00:00Z"},
      {"32.03.2019, 18:40:15", ""},
      {"Foo 4, 2022, 9:05:01 PM", ""},
      {"", ""},
      {"yesterday", ""},
  };
  for (const auto& [text, expected] : cases) {
    INFO(text);
    CHECK(StravaDateToRfc3339(text) == expected);
  }
}

TEST_CASE("A Strava export source reads row by row and names each problem", "[imports][strava]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/export.zip";
  test_support::WriteZipFile(
      path, {{"activities.csv",
              test_support::StravaCsv({{"9", "Jun 1, 2024, 8:00:00 AM", "Hike", "Hike", "Nice",
                                        "activities/9.gpx.gz", "media/p.jpg|media/gone.jpg"},
                                       {"", "", "No id", "Hike", "", "x.gpx", ""}})},
             {"activities/9.gpx.gz", test_support::Gzip("<gpx/>")},
             {"media/p.jpg", "jpeg bytes"}});
  auto archive = ExportArchive::OpenFile(path);
  REQUIRE(archive.ok());
  CHECK(IsStravaExport(*archive));
  auto source = OpenStravaExport(std::move(archive).value());
  REQUIRE(source.ok());
  CHECK((*source)->ExpectedCount() == 2);
  auto first = (*source)->Next();
  REQUIRE(first.ok());
  REQUIRE(first->has_value());
  REQUIRE((*first)->activity.ok());
  const Activity& a = *(*first)->activity;
  CHECK((*first)->label == "activity 9 \"Hike\"");
  CHECK(a.external_id == "strava:9");
  CHECK(a.date == "2024-06-01T08:00:00Z");
  CHECK(a.file_name == "9.gpx");
  CHECK(a.track_bytes == "<gpx/>");
  REQUIRE(a.photos.size() == 1);
  CHECK(a.photos[0].bytes == "jpeg bytes");
  REQUIRE(a.warnings.size() == 1);
  CHECK(a.warnings[0] == "media/gone.jpg is not in the archive");
  auto second = (*source)->Next();
  REQUIRE(second.ok());
  REQUIRE(second->has_value());
  CHECK_FALSE((*second)->activity.ok());
  auto end = (*source)->Next();
  REQUIRE(end.ok());
  CHECK_FALSE(end->has_value());

  const std::string other = dir.path() + "/other.zip";
  test_support::WriteZipFile(other, {{"activities.csv", "Name,File\nx,y\n"}});
  auto not_strava = ExportArchive::OpenFile(other);
  REQUIRE(not_strava.ok());
  CHECK_FALSE(IsStravaExport(*not_strava));
  auto refused = OpenStravaExport(std::move(not_strava).value());
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("not a Strava export") != std::string::npos);
}

TEST_CASE("A Strava export written in another language is read by its columns' places",
          "[imports][strava]") {
  // The English export with its header in German, as Strava writes it for such an account.
  std::string csv =
      test_support::StravaCsv({{"41", "01.06.2024, 08:00:00", "Bergtour", "Hike", "Schön",
                                "activities/41.gpx", "media/a.jpg"},
                               {"42", "02.06.2024, 09:00:00", "Von Hand", "Run", "", "", ""}});
  csv.replace(0, csv.find("\r\n"),
              "Aktivitäts-ID,Datum der Aktivität,Name der Aktivität,Aktivitätsart,"
              "Beschreibung der Aktivität,Verstrichene Zeit,Distanz,Max. Herzfrequenz,"
              "Relative Leistung,Pendeln,Private Notiz,Ausrüstung,Dateiname,Gewicht,Radgewicht,"
              "Verstrichene Zeit,Bewegungszeit,Distanz,Max. Geschw.,Durchschn. Geschw.,"
              "Höhenmeter bergauf,Höhenmeter bergab,Medien");
  test_support::TempDir dir;
  const std::string path = dir.path() + "/export_de.zip";
  test_support::WriteZipFile(
      path,
      {{"activities.csv", csv}, {"activities/41.gpx", "<gpx/>"}, {"media/a.jpg", "jpeg bytes"}});
  auto archive = ExportArchive::OpenFile(path);
  REQUIRE(archive.ok());
  CHECK(IsStravaExport(*archive));
  auto source = OpenStravaExport(std::move(archive).value());
  REQUIRE(source.ok());
  auto first = (*source)->Next();
  REQUIRE(first.ok());
  REQUIRE(first->has_value());
  REQUIRE((*first)->activity.ok());
  const Activity& a = *(*first)->activity;
  CHECK(a.external_id == "strava:41");
  CHECK(a.name == "Bergtour");
  CHECK(a.type == "Hike");
  CHECK(a.description == "Schön");
  CHECK(a.date == "2024-06-01T08:00:00Z");
  CHECK(a.file_name == "41.gpx");
  CHECK(a.photos.size() == 1);
  auto second = (*source)->Next();
  REQUIRE(second.ok());
  REQUIRE(second->has_value());
  REQUIRE_FALSE((*second)->activity.ok());
  CHECK((*second)->activity.error().kind == util::ErrorKind::kNotFound);  // entered by hand
}

}  // namespace
}  // namespace cairn::services::imports
