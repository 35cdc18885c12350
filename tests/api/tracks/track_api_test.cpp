// GPS files over HTTP: upload a trail, replace a track, export, and the stored copies on disk.
#include <catch2/catch.hpp>
#include <filesystem>

#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;

Reply UploadRaw(TestServer& server, const std::string& token, const std::string& body,
                const std::string& query = "") {
  return server.Send("PUT", "/api/v1/trail/upload" + query, token, body, "application/gpx+xml");
}

size_t FilesUnder(const std::string& folder) {
  std::error_code ec;
  size_t count = 0;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::end(it); ++it) {
    if (it->is_regular_file()) ++count;
  }
  return count;
}

TEST_CASE("uploading a GPX makes a trail with its statistics, geometry, waypoints and file",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply uploaded = UploadRaw(server, token, WalkGpx());
  INFO(uploaded.raw);
  REQUIRE(uploaded.status == 200);
  const Json& t = uploaded.body;
  CHECK(t["author"] == alice);
  CHECK(t["name"] == "Morning walk");
  CHECK(t["description"] == "Along the meridian");
  CHECK(t["public"] == false);  // no settings: private
  CHECK(t["date"] == "2024-06-01");
  // 4 steps of 0.001° of latitude from 47°N on the WGS84 ellipsoid: GeodSolve -i gives
  // 111.170851, .170871, .170890 and .170910 m, together 444.6835 m.
  CHECK(t["distance"].get<double>() == Approx(444.6835).margin(0.001));
  CHECK(t["elevation_gain"] == 40);
  CHECK(t["elevation_loss"] == 0);
  CHECK(t["duration"] == 240);
  CHECK(t["lat"] == 47.0);
  CHECK(t["lon"] == 11.0);
  CHECK(t["min_lat"] == 47.0);
  CHECK(t["max_lat"].get<double>() == Approx(47.004));
  CHECK(t["min_lon"] == 11.0);
  CHECK_FALSE(t["polyline"].get<std::string>().empty());
  // Five points on a straight line: the preview is its two ends (the map line's too).
  CHECK(t["preview"] == t["polyline"]);
  CHECK(t["sketch"] == t["polyline"]);
  CHECK(t["device_totals"].is_null());
  const std::string id = t["id"];
  const std::string stored = t["gpx"];
  // No file name given: "track", with the extension of the format found inside.
  CHECK(stored.rfind("track_", 0) == 0);
  CHECK(stored.ends_with(".gpx"));
  const std::string folder = server.data_dir() + "/storage/e864strfxo14pm4/" + id;
  CHECK(fs::exists(folder + "/" + stored));
  CHECK(FilesUnder(folder) == 1);
  Reply points = server.Get("/api/v1/waypoint?filter=" + Url("trail = '" + id + "'"), token);
  REQUIRE(points.body.size() == 2);
  CHECK(points.body[1]["name"] == "Bench");
  CHECK(points.body[1]["description"] == "view");
  CHECK(points.body[1]["lat"] == 47.004);
  CHECK(server.Get("/api/v1/trail/" + id, token).body["waypoints"].size() == 2);

  // The same walk again is a duplicate of the visible trail, unless asked otherwise.
  Reply again = UploadRaw(server, token, WalkGpx("Same walk"));
  CHECK(again.status == 400);
  CHECK(again.body["message"] == "Duplicate trail");
  CHECK(again.body["id"] == id);
  CHECK(again.body["name"] == "Morning walk");
  CHECK(FilesUnder(server.data_dir() + "/storage/e864strfxo14pm4") == 1);  // nothing stored
  CHECK(UploadRaw(server, token, WalkGpx("Same walk"), "?ignoreDuplicates=true").status == 200);
  // A walk 200 m further east is not a duplicate.
  CHECK(UploadRaw(server, token, WalkGpx("Next valley", 11.0027)).status == 200);
}

TEST_CASE("a track over the antimeridian or the poles is stored with a wrapping box",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  // Fiji to Samoa: 179.9°E to -179.9°E is 0.2° of longitude, not 359.8°.
  const std::string pacific = R"(<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><name>Date line</name><trkseg><trkpt lat="-16.5" lon="179.9"/>
    <trkpt lat="-16.5" lon="-179.9"/></trkseg></trk></gpx>)";
  Reply crossed = UploadRaw(server, token, pacific);
  INFO(crossed.raw);
  REQUIRE(crossed.status == 200);
  CHECK(crossed.body["min_lon"] == 179.9);  // west of the box, as RFC 7946 writes it
  CHECK(crossed.body["max_lon"] == -179.9);
  CHECK(crossed.body["distance"].get<double>() == Approx(21352.830).margin(0.05));  // GeodSolve
  // It can be changed and deleted like any other (the index accepts its box).
  REQUIRE(server
              .Post("/api/v1/trail/" + crossed.body["id"].get<std::string>(), {{"name", "renamed"}},
                    token)
              .status == 200);
  CHECK(server.Delete("/api/v1/trail/" + crossed.body["id"].get<std::string>(), token).status ==
        200);
}

TEST_CASE("the multipart form takes file, name and ignoreDuplicates", "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [body, type] = Multipart({{"name", "Chosen name"}}, {{"file", "Walk 1.GPX", WalkGpx()}});
  Reply uploaded = server.Send("PUT", "/api/v1/trail/upload", token, body, type);
  INFO(uploaded.raw);
  REQUIRE(uploaded.status == 200);
  CHECK(uploaded.body["name"] == "Chosen name");
  CHECK(uploaded.body["gpx"].get<std::string>().rfind("Walk_1_", 0) == 0);
  CHECK(uploaded.body["gpx"].get<std::string>().ends_with(".gpx"));
  auto [dup_body, dup_type] =
      Multipart({{"ignoreDuplicates", "true"}}, {{"file", "again.gpx", WalkGpx()}});
  CHECK(server.Send("PUT", "/api/v1/trail/upload", token, dup_body, dup_type).status == 200);
  auto [wrong_body, wrong_type] = Multipart({}, {{"gpx", "x.gpx", WalkGpx()}});
  Reply wrong = server.Send("PUT", "/api/v1/trail/upload", token, wrong_body, wrong_type);
  CHECK(wrong.status == 400);
  CHECK(wrong.body["detail"]["data"].contains("gpx"));
}

TEST_CASE("bad uploads are 4xx with the reason, and leave nothing behind", "[api][tracks]") {
  TestServer server("", {"--max-track-mb", "1"});
  auto [alice, token] = server.CreateUser("alice");
  Reply empty = UploadRaw(server, token, "");
  CHECK(empty.status == 400);
  CHECK(empty.body["message"] == "Empty file");
  Reply unknown = UploadRaw(server, token, "hello, this is not a track");
  CHECK(unknown.status == 400);
  CHECK(unknown.body["message"].get<std::string>().find("GPX") != std::string::npos);
  Reply broken = UploadRaw(server, token, "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"x\"");
  CHECK(broken.status == 400);
  CHECK(broken.body["message"].get<std::string>().rfind("GPX", 0) == 0);
  Reply big = UploadRaw(server, token, WalkGpx() + std::string(1024 * 1024, ' '));
  CHECK(big.status == 413);
  CHECK(UploadRaw(server, "", WalkGpx()).status == 401);
  const std::string body = WalkGpx();
  CHECK(server.SendRaw("PUT /api/v1/trail/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                       token + "\r\nContent-Length: " + std::to_string(body.size()) +
                       "\r\nConnection: close\r\n\r\n" + body) == 400);
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 0);
  CHECK(FilesUnder(server.data_dir() + "/storage/e864strfxo14pm4") == 0);  // no trail file
}

TEST_CASE("a new track replaces the old one and its statistics, and only who may edit the trail",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  Reply trail = UploadRaw(server, token, WalkGpx());
  REQUIRE(trail.status == 200);
  const std::string id = trail.body["id"];
  const std::string folder = server.data_dir() + "/storage/e864strfxo14pm4/" + id;
  const std::string first = trail.body["gpx"];
  std::string shorter = WalkGpx();
  shorter.replace(shorter.find("<trkpt lat=\"47.004\""), std::string::npos,
                  "</trkseg></trk></gpx>");
  auto [body, type] = Multipart({}, {{"gpx", "shorter.gpx", shorter}});
  // Strangers cannot see it; view shares see but may not change it.
  CHECK(server.Send("POST", "/api/v1/trail/" + id + "/file", bob_token, body, type).status == 404);
  REQUIRE(
      server
          .Put("/api/v1/trail-share", {{"trail", id}, {"user", bob}, {"permission", "view"}}, token)
          .status == 200);
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", id}, {"user", carol}, {"permission", "edit"}},
                   token)
              .status == 200);
  CHECK(server.Send("POST", "/api/v1/trail/" + id + "/file", bob_token, body, type).status == 403);
  CHECK(FilesUnder(folder) == 1);  // refused before anything was stored
  Reply replaced = server.Send("POST", "/api/v1/trail/" + id + "/file", carol_token, body, type);
  INFO(replaced.raw);
  REQUIRE(replaced.status == 200);
  CHECK(replaced.body["distance"].get<double>() == Approx(333.5126).margin(0.001));  // GeodSolve
  CHECK(replaced.body["elevation_gain"] == 30);
  CHECK(replaced.body["gpx"] != first);
  CHECK(replaced.body["preview"] == replaced.body["polyline"]);  // derived again with the line
  CHECK(replaced.body["preview"] != trail.body["preview"]);
  CHECK(replaced.body["sketch"] == replaced.body["polyline"]);
  CHECK(replaced.body["waypoints"].size() == 2);  // waypoints stay
  CHECK_FALSE(fs::exists(folder + "/" + first));  // the old copy is gone
  CHECK(FilesUnder(folder) == 1);
  auto [bad_body, bad_type] = Multipart({}, {{"gpx", "bad.gpx", "<gpx><trk>"}});
  CHECK(server.Send("POST", "/api/v1/trail/" + id + "/file", token, bad_body, bad_type).status ==
        400);
  CHECK(server.Get("/api/v1/trail/" + id, token).body["gpx"] == replaced.body["gpx"]);

  // Deleting the trail removes its files once the row is gone.
  REQUIRE(server.Delete("/api/v1/trail/" + id, token).status == 200);
  CHECK_FALSE(fs::exists(folder));
}

TEST_CASE("a summit log's GPS file sets its distance, duration, gain and loss", "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply trail =
      server.Put("/api/v1/trail", {{"name", "t"}, {"public", true}, {"author", alice}}, token);
  Reply log = server.Put("/api/v1/summit-log",
                         {{"trail", trail.body["id"]}, {"date", "2024-06-01"}}, bob_token);
  REQUIRE(log.status == 200);
  const std::string id = log.body["id"];
  auto [body, type] = Multipart({}, {{"gpx", "my day.gpx", WalkGpx()}});
  CHECK(server.Send("POST", "/api/v1/summit-log/" + id + "/file", token, body, type).status ==
        403);  // the trail's author may delete it, not rewrite it
  Reply updated = server.Send("POST", "/api/v1/summit-log/" + id + "/file", bob_token, body, type);
  INFO(updated.raw);
  REQUIRE(updated.status == 200);
  CHECK(updated.body["distance"].get<double>() == Approx(444.6835).margin(0.001));
  CHECK(updated.body["duration"] == 240);
  CHECK(updated.body["elevation_gain"] == 40);
  CHECK(updated.body["gpx"].get<std::string>().rfind("my_day_", 0) == 0);
}

TEST_CASE("download gives one GPX or GeoJSON file, or a zip, of visible trails only",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string walk = UploadRaw(server, token, WalkGpx()).body["id"];
  const std::string other = UploadRaw(server, token, WalkGpx("Second", 11.01)).body["id"];
  REQUIRE(server.Post("/api/v1/trail/" + walk, {{"name", "Renamed walk"}}, token).status == 200);

  Reply one = server.Post("/api/v1/trail/download", {{"ids", {walk}}, {"format", "gpx"}}, token);
  REQUIRE(one.status == 200);
  CHECK(one.Header("Content-Type") == "application/gpx+xml");
  CHECK(one.Header("Content-Disposition") == "attachment; filename=\"Renamed_walk.gpx\"");
  CHECK(one.raw.find("<name>Renamed walk</name>") != std::string::npos);  // the record's name
  CHECK(one.raw.find("<wpt lat=\"47.004") != std::string::npos);
  CHECK(one.raw.find("<time>2024-06-01T08:04:00.000Z</time>") != std::string::npos);
  size_t points = 0;
  for (size_t at = one.raw.find("<trkpt"); at != std::string::npos;
       at = one.raw.find("<trkpt", at + 1)) {
    ++points;
  }
  CHECK(points == 5);

  Reply geojson =
      server.Post("/api/v1/trail/download", {{"ids", {walk}}, {"format", "geojson"}}, token);
  REQUIRE(geojson.status == 200);
  CHECK(geojson.Header("Content-Type") == "application/geo+json");
  REQUIRE(geojson.body["type"] == "FeatureCollection");

  Reply both = server.Post("/api/v1/trail/download", {{"ids", {walk, other}}}, token);
  REQUIRE(both.status == 200);
  CHECK(both.Header("Content-Type") == "application/zip");
  CHECK(both.raw.rfind("PK\x03\x04", 0) == 0);
  CHECK(both.raw.find("Renamed_walk.gpx") != std::string::npos);
  CHECK(both.raw.find("Second.gpx") != std::string::npos);

  // bob sees neither private trail: nothing to give, and nothing said about them.
  CHECK(server.Post("/api/v1/trail/download", {{"ids", {walk, other}}}, bob_token).status == 404);
  CHECK(server.Post("/api/v1/trail/download", {{"ids", {walk}}, {"format", "kml"}}, token).status ==
        400);
  CHECK(server.Post("/api/v1/trail/download", {{"ids", Json::array()}}, token).status == 400);
}

TEST_CASE("a stored track that cannot be read is reported, never exported without its points",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply walk = UploadRaw(server, token, WalkGpx());
  REQUIRE(walk.status == 200);
  const std::string id = walk.body["id"];
  const std::string stored = walk.body["gpx"];
  // What a failing SD card sector or a hand in the folder can do to the stored copy.
  const std::string path = server.data_dir() + "/storage/e864strfxo14pm4/" + id + "/" + stored;
  {
    FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f);
    std::fputs("<gpx><trk><trkseg><trkpt lat=", f);
    std::fclose(f);
  }
  Reply one = server.Post("/api/v1/trail/download", {{"ids", {id}}}, token);
  CHECK(one.status == 500);
  CHECK(one.raw.find("<trkpt") == std::string::npos);
  CHECK(one.raw.find(stored) == std::string::npos);  // the cause is in the log, not the answer
  CHECK(server.ReadLog().find("the stored track " + stored + " of trail " + id) !=
        std::string::npos);
  CHECK(server.Get("/api/v1/trail/" + id + "/profile", token).status == 500);
}

TEST_CASE("cairn import brings in folders of files, skips duplicates and names failures",
          "[api][tracks][cli]") {
  test_support::TempDir files;
  fs::create_directories(files.path() + "/2024/june");
  auto write = [](const std::string& path, const std::string& content) {
    FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(content.data(), 1, content.size(), f);
    std::fclose(f);
  };
  write(files.path() + "/2024/june/a.gpx", WalkGpx("A"));
  write(files.path() + "/2024/june/b.GPX", WalkGpx("B", 11.05));
  write(files.path() + "/2024/broken.gpx", "<gpx><trk><trkseg><trkpt lat=");
  write(files.path() + "/2024/notes.txt", "not a track, not tried");
  TestServer server;
  server.CreateUser("alice");
  int code = -1;
  const std::string command = std::string(CAIRN_BINARY) + " import --dir " + server.data_dir() +
                              " --user alice " + files.path() + " 2>&1";
  std::string out = RunCommand(command, &code);
  INFO(out);
  CHECK(code == 1);  // one failure
  CHECK(out.find("2 imported, 0 skipped as duplicates, 1 failed") != std::string::npos);
  CHECK(out.find("broken.gpx: GPX") != std::string::npos);
  CHECK(out.find("notes.txt") == std::string::npos);
  out = RunCommand(command, &code);
  CHECK(out.find("0 imported, 2 skipped as duplicates, 1 failed") != std::string::npos);
  Reply login =
      server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "correct-horse"}});
  Reply imported = server.Get("/api/v1/trail?fields=polyline,preview", login.body["token"]);
  CHECK(imported.body["totalItems"] == 2);
  for (const Json& trail : imported.body["items"]) {
    CHECK_FALSE(trail["preview"].get<std::string>().empty());  // derived as for uploads
    CHECK(trail["preview"] == trail["polyline"]);              // a straight walk: its two ends
  }
  RunCommand(std::string(CAIRN_BINARY) + " import --dir " + server.data_dir() + " --user nobody " +
                 files.path() + " 2>&1",
             &code);
  CHECK(code == 1);
}

}  // namespace
}  // namespace cairn::api_test
