// What an uploaded file is called and filed under when it carries no name of its own, the
// device's totals beside ours, and the reader's warnings in the answer.
#include <catch2/catch.hpp>

#include "api/test_files.h"
#include "api/test_server.h"
#include "test_support/fit_writer.h"

namespace cairn::api_test {
namespace {

using namespace geo::fit_test;  // NOLINT(google-build-using-namespace): the FIT test helpers

// 2020-10-25T07:00:00Z in FIT seconds (since 1989-12-31).
constexpr uint32_t kSundayMorning = 1603609200 - 631065600;

// A FIT ride without a name near Garmisch: 60 records a second apart, climbing 0.5 m each,
// and a cycling session whose totals say 500 m, 30 m up, 2 m down, 70 s.
std::string RideFit(uint32_t first_time = kSundayMorning) {
  FitWriter w;
  w.Define(3, kFileId, {{0, 1, kEnum}}).Data(3, {4});
  w.DefineRecords();
  for (uint32_t i = 0; i < 60; ++i)
    w.Record(first_time + i, 47.5 + 0.00005 * i, 11.1, 700 + i * 0.5);
  w.Define(4, kSession,
           {{5, 1, kEnum},
            {6, 1, kEnum},
            {7, 4, kUint32},
            {9, 4, kUint32},
            {22, 2, kUint16},
            {23, 2, kUint16}});
  w.Data(4, {2, 0, 70000, 50000, 30, 2});
  return w.Build();
}

Reply UploadFile(TestServer& server, const std::string& token, const std::string& file_name,
                 const std::string& bytes) {
  auto [body, type] = Multipart({{"ignoreDuplicates", "true"}}, {{"file", file_name, bytes}});
  return server.Send("PUT", "/api/v1/trail/upload", token, body, type);
}

TEST_CASE("a file without a name is named from its sport and local date, and filed by sport",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply raw =
      server.Send("PUT", "/api/v1/trail/upload", token, RideFit(), "application/octet-stream");
  INFO(raw.raw);
  REQUIRE(raw.status == 200);
  CHECK(raw.body["name"] == "Cycling, 25 Oct 2020");
  CHECK(raw.body["date"] == "2020-10-25");
  CHECK(raw.body["category"] == "bikingcategory1");  // the default "Biking"
  CHECK(raw.body["duration"] == 59);
  CHECK_FALSE(raw.body.contains("warnings"));  // nothing to say about this file
  // The device's totals beside ours, on every read.
  Reply shown = server.Get("/api/v1/trail/" + raw.body["id"].get<std::string>(), token);
  CHECK(shown.body["device_distance"] == 500);
  CHECK(shown.body["device_elevation_gain"] == 30);
  CHECK(shown.body["device_elevation_loss"] == 2);
  CHECK(shown.body["device_duration"] == 70);
  CHECK(shown.body["elevation_gain"].get<double>() == Approx(29.5).margin(1));

  // A file name someone chose wins over that; one a device made does not.
  Reply named = UploadFile(server, token, "Kramer loop.fit", RideFit(kSundayMorning + 86400));
  REQUIRE(named.status == 200);
  CHECK(named.body["name"] == "Kramer loop");
  Reply device = UploadFile(server, token, "2020-10-27-070000-ELEMNT-297E-195-0.fit",
                            RideFit(kSundayMorning + 2 * 86400));
  REQUIRE(device.status == 200);
  CHECK(device.body["name"] == "Cycling, 27 Oct 2020");
  // A GPX without any name, but with a type, is named the same way.
  const std::string gpx = R"(<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><name>2020-10-28T07:00:00Z</name><type>hiking</type><trkseg>
    <trkpt lat="47.4" lon="11.0"><time>2020-10-28T07:00:00Z</time></trkpt>
    <trkpt lat="47.401" lon="11.0"><time>2020-10-28T07:10:00Z</time></trkpt>
    </trkseg></trk></gpx>)";
  Reply hike = UploadFile(server, token, "track.gpx", gpx);
  REQUIRE(hike.status == 200);
  CHECK(hike.body["name"] == "Hiking, 28 Oct 2020");
  CHECK(hike.body["category"] == "hikingcategory1");
}

TEST_CASE("a trail without device totals has them null", "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string id = NewTrail(server, token, alice);
  Reply shown = server.Get("/api/v1/trail/" + id, token);
  for (const char* key :
       {"device_distance", "device_elevation_gain", "device_elevation_loss", "device_duration"}) {
    INFO(key);
    REQUIRE(shown.body.contains(key));
    CHECK(shown.body[key].is_null());
  }
  // They are the server's: a body cannot set them.
  Reply forged = server.Post("/api/v1/trail/" + id, {{"device_distance", 5}}, token);
  INFO(forged.raw);
  CHECK(server.Get("/api/v1/trail/" + id, token).body["device_distance"].is_null());
}

TEST_CASE("a FIT whose times cannot be placed says so and has no date", "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  // Records stamped in seconds since the device was switched on, and nothing to map them.
  FitWriter w;
  w.DefineRecords();
  for (uint32_t i = 0; i < 10; ++i) w.Record(1000 + i, 47.5 + 0.0001 * i, 11.1);
  Reply uploaded = UploadFile(server, token, "cam.fit", w.Build());
  INFO(uploaded.raw);
  REQUIRE(uploaded.status == 200);
  CHECK(uploaded.body["date"] == "");
  CHECK(uploaded.body["duration"] == 0);
  REQUIRE(uploaded.body["warnings"].is_array());
  CHECK(uploaded.body["warnings"][0].get<std::string>().find("switched on") != std::string::npos);
  // The warning belongs to the upload, not to the trail.
  CHECK_FALSE(server.Get("/api/v1/trail/" + uploaded.body["id"].get<std::string>(), token)
                  .body.contains("warnings"));
}

}  // namespace
}  // namespace cairn::api_test
