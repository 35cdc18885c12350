// Uploads over HTTP: photos, avatars and track files into records, the one-step forms, and the
// checks every file passes before anything is stored.
#include <catch2/catch.hpp>
#include <regex>
#include <thread>

#include "api/test_files.h"
#include "api/test_gpx.h"
#include "test_support/zip_bomb.h"

namespace cairn::api_test {
namespace {

const std::regex kStoredName("[A-Za-z0-9_.-]+_[a-z0-9]{10}\\.[a-z0-9]+");

// One record of each family that takes photos, owned by `user`.
struct PhotoTarget {
  const char* path;           // "/api/v1/trail"
  const char* collection_id;  // its storage folder
};
const PhotoTarget kPhotoTargets[] = {{"/api/v1/trail", kTrailsId},
                                     {"/api/v1/waypoint", kWaypointsId},
                                     {"/api/v1/summit-log", kSummitLogsId}};

std::string NewRecord(TestServer& server, const std::string& token, const std::string& user_id,
                      const std::string& path, const std::string& trail_id) {
  Json body;
  if (path == "/api/v1/trail") return trail_id;
  if (path == "/api/v1/waypoint") {
    body = {{"trail", trail_id}, {"author", user_id}, {"lat", 47.1}, {"lon", 11.2}};
  } else {
    body = {{"trail", trail_id}, {"date", "2024-06-01"}};
  }
  Reply r = server.Put(path, body, token);
  if (r.status != 200) throw std::runtime_error(path + ": " + r.raw);
  return r.body["id"];
}

TEST_CASE(
    "photos are added, removed by name, reordered and replaced on trails, waypoints and "
    "summit logs",
    "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  const std::string png = RedPng();
  const std::string jpeg = testing::MakeJpeg(40, 30, testing::ThreeBands);
  for (const auto& target : kPhotoTargets) {
    INFO(target.path);
    const std::string id = NewRecord(server, token, user, target.path, trail);
    const std::string files = std::string(target.path) + "/" + id + "/file";

    Reply added = SendForm(server, "POST", files, token, {},
                           {{"photos", "Summit view.png", png}, {"photos", "cross.jpg", jpeg}});
    REQUIRE(added.status == 200);
    REQUIRE(added.body["photos"].size() == 2);
    const std::string first = added.body["photos"][0], second = added.body["photos"][1];
    CHECK(std::regex_match(first, kStoredName));
    CHECK(first.rfind("Summit_view_", 0) == 0);
    CHECK(second.rfind("cross_", 0) == 0);
    CHECK(StoredNames(server, target.collection_id, id) == std::set<std::string>{first, second});

    Reply appended = SendForm(server, "POST", files, token, {}, {{"photos+", "third.png", png}});
    REQUIRE(appended.status == 200);
    REQUIRE(appended.body["photos"].size() == 3);
    const std::string third = appended.body["photos"][2];
    CHECK(appended.body["photos"][0] == first);

    Reply removed = SendForm(server, "POST", files, token, {{"photos-", first}}, {});
    REQUIRE(removed.status == 200);
    CHECK(removed.body["photos"] == Json{second, third});
    CHECK(StoredNames(server, target.collection_id, id) == std::set<std::string>{second, third});

    Reply reordered =
        SendForm(server, "POST", files, token, {{"photos", third}, {"photos", second}}, {});
    REQUIRE(reordered.status == 200);
    CHECK(reordered.body["photos"] == Json{third, second});

    Reply replaced =
        SendForm(server, "POST", files, token, {{"photos", ""}}, {{"photos", "new.png", png}});
    REQUIRE(replaced.status == 200);
    REQUIRE(replaced.body["photos"].size() == 1);
    const std::string fresh = replaced.body["photos"][0];
    CHECK(fresh.rfind("new_", 0) == 0);
    CHECK(StoredNames(server, target.collection_id, id) == std::set<std::string>{fresh});

    // What the record says is what a later read says.
    CHECK(server.Get(std::string(target.path) + "/" + id, token).body["photos"] == Json{fresh});
  }
}

TEST_CASE("an avatar or a track file replaces the one before, and an empty value clears it",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string list =
      server.Put("/api/v1/list", {{"name", "Alps"}, {"author", user}}, token).body["id"];
  struct Target {
    std::string path, collection_id, field, first_name, second_name, first, second;
  };
  const std::string trail = NewTrail(server, token, user);
  const std::string log =
      server.Put("/api/v1/summit-log", {{"trail", trail}, {"date", "2024-06-01"}}, token)
          .body["id"];
  const std::vector<Target> targets = {
      {"/api/v1/list/" + list, kListsId, "avatar", "a.png", "b.jpg", RedPng(),
       testing::MakeJpeg(20, 20, testing::ThreeBands)},
      {"/api/v1/user/" + user, kUsersId, "avatar", "me.png", "me.webp", RedPng(),
       testing::MakeWebp(20, 20, testing::ThreeBands, 3, testing::WebpKind::kLossy)},
      {"/api/v1/trail/" + trail, kTrailsId, "gpx", "one.gpx", "two.gpx", WalkGpx("One"),
       WalkGpx("Two", 12.0)},
      {"/api/v1/summit-log/" + log, kSummitLogsId, "gpx", "one.gpx", "two.gpx", WalkGpx("One"),
       WalkGpx("Two", 12.0)},
  };
  for (const auto& t : targets) {
    INFO(t.path);
    const std::string id = t.path.substr(t.path.rfind('/') + 1);
    Reply one =
        SendForm(server, "POST", t.path + "/file", token, {}, {{t.field, t.first_name, t.first}});
    REQUIRE(one.status == 200);
    const std::string first = one.body[t.field];
    CHECK(std::regex_match(first, kStoredName));
    Reply two =
        SendForm(server, "POST", t.path + "/file", token, {}, {{t.field, t.second_name, t.second}});
    REQUIRE(two.status == 200);
    const std::string second = two.body[t.field];
    CHECK(second != first);
    CHECK(StoredNames(server, t.collection_id, id) == std::set<std::string>{second});
    Reply cleared = SendForm(server, "POST", t.path + "/file", token, {{t.field, ""}}, {});
    REQUIRE(cleared.status == 200);
    CHECK(cleared.body[t.field] == "");
    CHECK(StoredNames(server, t.collection_id, id).empty());
  }
  // The trail's track set its figures; clearing the track took its map line, not its figures.
  Json trail_now = server.Get("/api/v1/trail/" + trail, token).body;
  CHECK(trail_now["distance"].get<double>() > 400);
  CHECK(trail_now["polyline"] == "");
  CHECK(trail_now["preview"] == "");
  CHECK(trail_now["sketch"] == "");
  CHECK(server.Get("/api/v1/summit-log/" + log, token).body["distance"].get<double>() > 400);
}

TEST_CASE(
    "files are judged by content: refusals name the field and what it accepts, and store "
    "nothing",
    "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  const std::string png = RedPng();
  const std::string jpeg = testing::MakeJpeg(40, 30, testing::ThreeBands);
  // A KMZ whose one member inflates to 200 MB of zeros: a zip bomb.
  const std::string bomb = test_support::ZeroBomb(200ull << 20);
  struct Case {
    const char* what;
    std::string field, name, bytes;
    const char* code;
  };
  const std::vector<Case> cases = {
      {"a PNG header followed by HTML", "photos", "x.png",
       png + "<html><script>alert(1)</script></html>", "validation_invalid_file"},
      {"a truncated JPEG", "photos", "x.jpg", jpeg.substr(0, jpeg.size() / 2),
       "validation_invalid_file"},
      {"an SVG with a script", "photos", "x.svg",
       R"svg(<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>)svg",
       "validation_invalid_file"},
      {"an SVG with an event handler", "photos", "x.svg",
       R"svg(<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>)svg",
       "validation_invalid_file"},
      {"HTML named .png", "photos", "x.png", "<html><body>hi</body></html>",
       "validation_invalid_mime_type"},
      {"a GPX sent as a photo", "photos", "walk.gpx", WalkGpx(), "validation_invalid_mime_type"},
      {"a PNG sent as a track", "gpx", "walk.gpx", png, "validation_invalid_mime_type"},
      {"a GPX that does not parse", "gpx", "walk.gpx",
       "<gpx><trk><trkseg><trkpt lat=", "validation_invalid_file"},
      {"a zip bomb in a KMZ", "gpx", "bomb.kmz", bomb, "validation_invalid_file"},
      {"an empty photo", "photos", "x.png", "", "validation_invalid_file"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                       {{c.field, c.name, c.bytes}});
    CHECK(r.status == 400);
    CHECK(r.body["data"][c.field]["code"] == c.code);
    const std::string accepted = r.body["data"][c.field]["message"].get<std::string>();
    const std::string expected = c.bytes.empty()    ? "empty"
                                 : c.field == "gpx" ? "GPX, TCX, KML"
                                                    : "PNG, JPEG, WEBP or SVG";
    CHECK(accepted.find(expected) != std::string::npos);
    CHECK(accepted.find(expected) == accepted.rfind(expected));  // said once, not twice
    CHECK(StoredNames(server, kTrailsId, trail).empty());
  }
  // A harmless SVG is fine, and a PNG named .html is stored as .png.
  Reply ok = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                      {{"photos", "logo.svg",
                        R"(<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" )"
                        R"(width="10" height="10"><rect width="10" height="10"/></svg>)"},
                       {"photos", "page.html", png}});
  REQUIRE(ok.status == 200);
  CHECK(ok.body["photos"][0].get<std::string>().rfind(".svg") != std::string::npos);
  const std::string renamed = ok.body["photos"][1];
  CHECK(renamed.substr(renamed.size() - 4) == ".png");
  CHECK(renamed.rfind("page_", 0) == 0);
}

TEST_CASE("files over their field's limit are 413 naming the field, and too many photos are 400",
          "[api][files]") {
  TestServer server("", {"--max-photo-mb", "1", "--max-avatar-mb", "1", "--max-track-mb", "1"});
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  const std::string big(1536 * 1024, 'x');  // judged by size before content
  for (const auto& [path, field] :
       std::vector<std::pair<std::string, std::string>>{{"/api/v1/trail/" + trail, "photos"},
                                                        {"/api/v1/trail/" + trail, "gpx"},
                                                        {"/api/v1/user/" + user, "avatar"}}) {
    INFO(field);
    Reply r = SendForm(server, "POST", path + "/file", token, {}, {{field, "big.png", big}});
    CHECK(r.status == 413);
    CHECK(r.body["data"][field]["code"] == "validation_file_size_limit");
  }
  const std::string tiny = testing::MakePng(1, 1, testing::LeftRedRightBlue);
  Files hundred;
  for (int i = 0; i < 100; ++i) hundred.emplace_back("photos", "p.png", tiny);
  Reply many = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {}, hundred);
  CHECK(many.status == 400);
  CHECK(many.body["data"]["photos"]["code"] == "validation_too_many_files");
  CHECK(StoredNames(server, kTrailsId, trail).empty());
}

TEST_CASE("only those who may change a record upload to it", "[api][files]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [eve, eve_token] = server.CreateUser("eve");
  const std::string hidden = NewTrail(server, ann_token, ann, false);
  const std::string open = NewTrail(server, ann_token, ann, true);
  auto upload = [&](const std::string& trail, const std::string& token) {
    return SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                    {{"photos", "p.png", RedPng()}})
        .status;
  };
  CHECK(upload(hidden, "") == 401);
  CHECK(upload(hidden, eve_token) == 404);  // invisible and absent look alike
  CHECK(upload(open, eve_token) == 403);
  REQUIRE(server
              .Put("/api/v1/trail-share",
                   {{"trail", hidden}, {"user", bob}, {"permission", "view"}}, ann_token)
              .status == 200);
  CHECK(upload(hidden, bob_token) == 403);
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", open}, {"user", bob}, {"permission", "edit"}},
                   ann_token)
              .status == 200);
  CHECK(upload(open, bob_token) == 200);  // an edit share may add photos
  CHECK(StoredNames(server, kTrailsId, hidden).empty());
  CHECK(SendForm(server, "POST", "/api/v1/user/" + ann + "/file", eve_token, {},
                 {{"avatar", "me.png", RedPng()}})
            .status == 403);
  CHECK(StoredNames(server, kUsersId, ann).empty());
}

TEST_CASE("uploads take file fields only, at least one, and names the record holds",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  const std::string files = "/api/v1/trail/" + trail + "/file";
  CHECK(SendForm(server, "POST", files, token, {}, {}).status == 400);
  CHECK(SendForm(server, "POST", files, token, {{"name", "x"}}, {}).status == 400);
  Reply unknown = SendForm(server, "POST", files, token, {}, {{"avatar", "a.png", RedPng()}});
  CHECK(unknown.status == 400);
  CHECK(unknown.body["data"].contains("avatar"));
  Reply foreign = SendForm(server, "POST", files, token, {{"photos-", "../../data.db"}}, {});
  CHECK(foreign.status == 400);
  CHECK(foreign.body["data"]["photos"]["code"] == "validation_invalid_file");
  CHECK(server.Send("POST", files, token, "{}", "application/json").status == 400);
}

TEST_CASE("a JPEG's EXIF position and time come back with the upload", "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  const std::string tiff =
      testing::TiffBuilder(false)
          .Ascii(testing::TiffBuilder::kExif, 0x9003, "2024:07:01 10:22:33")
          .Ascii(testing::TiffBuilder::kExif, 0x9011, "+02:00")
          .Ascii(testing::TiffBuilder::kGps, 1, "N")
          .Rationals(testing::TiffBuilder::kGps, 2, {{47, 1}, {25, 1}, {1830, 100}})
          .Ascii(testing::TiffBuilder::kGps, 3, "E")
          .Rationals(testing::TiffBuilder::kGps, 4, {{10, 1}, {59, 1}, {3600, 100}})
          .Byte(testing::TiffBuilder::kGps, 5, 0)
          .Rationals(testing::TiffBuilder::kGps, 6, {{2962, 1}})
          .Build();
  const std::string photo = testing::WithApp1(testing::SmallJpeg(), tiff);
  Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                     {{"photos", "summit.jpg", photo}, {"photos", "plain.png", RedPng()}});
  REQUIRE(r.status == 200);
  const std::string name = r.body["photos"][0];
  const Json& metadata = r.body["photoMetadata"];
  REQUIRE(metadata.contains(name));
  CHECK(metadata[name]["lat"].get<double>() == Approx(47.0 + 25.0 / 60 + 18.3 / 3600));
  CHECK(metadata[name]["lon"].get<double>() == Approx(10.0 + 59.0 / 60 + 36.0 / 3600));
  CHECK(metadata[name]["altitude"].get<double>() == Approx(2962));
  CHECK(metadata[name]["takenAt"] == "2024-07-01T10:22:33+02:00");
  CHECK(metadata.size() == 1);  // the PNG has none
}

TEST_CASE("two uploads to one record at once are both kept", "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  constexpr int kThreads = 4, kEach = 5;
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                           {{"photos", "t" + std::to_string(t) + ".png", RedPng()}});
        if (r.status == 200) ++ok;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(ok == kThreads * kEach);
  Json photos = server.Get("/api/v1/trail/" + trail, token).body["photos"];
  CHECK(photos.size() == static_cast<size_t>(kThreads * kEach));
  CHECK(StoredNames(server, kTrailsId, trail) == NamesOf(photos));
}

TEST_CASE("forms create and update a record with its files in one request", "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  Reply created = SendForm(server, "PUT", "/api/v1/trail/form", token,
                           {{"name", "Form trail"},
                            {"public", "true"},
                            {"author", user},
                            {"difficulty", "moderate"},
                            {"id", "chosenbyclient1"}},
                           {{"photos", "a.png", RedPng()},
                            {"photos", "b.png", RedPng()},
                            {"gpx", "walk.gpx", WalkGpx()}});
  REQUIRE(created.status == 200);
  const std::string id = created.body["id"];
  CHECK(id != "chosenbyclient1");
  CHECK(created.body["public"] == true);
  CHECK(created.body["difficulty"] == "moderate");
  CHECK(created.body["photos"].size() == 2);
  CHECK(created.body["distance"].get<double>() > 400);  // from the track
  CHECK(created.body["lat"].get<double>() == Approx(47.0));
  CHECK_FALSE(created.body["preview"].get<std::string>().empty());
  CHECK(StoredNames(server, kTrailsId, id).size() == 3);

  const std::string second = created.body["photos"][1];
  Reply updated = SendForm(server, "POST", "/api/v1/trail/form/" + id, token,
                           {{"name", "Renamed"}, {"distance", "1234.5"}, {"photos-", second}},
                           {{"photos", "c.png", RedPng()}});
  REQUIRE(updated.status == 200);
  CHECK(updated.body["name"] == "Renamed");
  CHECK(updated.body["distance"] == 1234.5);
  CHECK(updated.body["photos"].size() == 2);
  CHECK(NamesOf(updated.body["photos"]).count(second) == 0);
  CHECK(StoredNames(server, kTrailsId, id).size() == 3);

  // The path names the record; a form id naming another one is refused.
  Reply mismatch = SendForm(server, "POST", "/api/v1/trail/form/" + id, token,
                            {{"name", "x"}, {"id", "aaaaaaaaaaaaaaa"}}, {});
  CHECK(mismatch.status == 400);
  CHECK(mismatch.body["data"].contains("id"));

  // A bad field refuses the whole form and stores none of its files.
  const auto before = StoredNames(server, kTrailsId, id);
  Reply bad = SendForm(server, "POST", "/api/v1/trail/form/" + id, token,
                       {{"name", "x"}, {"distance", "far"}}, {{"photos", "d.png", RedPng()}});
  CHECK(bad.status == 400);
  CHECK(StoredNames(server, kTrailsId, id) == before);
  Reply bad_create = SendForm(server, "PUT", "/api/v1/trail/form", token,
                              {{"public", "false"}, {"author", user}},  // no name
                              {{"photos", "e.png", RedPng()}});
  CHECK(bad_create.status == 400);
  std::error_code ec;
  size_t folders = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           server.data_dir() + "/storage/" + std::string(kTrailsId), ec)) {
    folders += entry.is_directory();
  }
  CHECK(folders == 1);  // only the trail above

  // Lists and summit logs have forms too.
  Reply list = SendForm(server, "PUT", "/api/v1/list/form", token,
                        {{"name", "Favourites"}, {"author", user}, {"trails", id}},
                        {{"avatar", "alps.png", RedPng()}});
  REQUIRE(list.status == 200);
  CHECK(list.body["trails"] == Json{id});
  CHECK(list.body["avatar"].get<std::string>().rfind("alps_", 0) == 0);
  Reply log = SendForm(server, "PUT", "/api/v1/summit-log/form", token,
                       {{"trail", id}, {"date", "2024-06-01"}, {"text", "windy"}},
                       {{"gpx", "walk.gpx", WalkGpx()}, {"photos", "top.png", RedPng()}});
  REQUIRE(log.status == 200);
  CHECK(log.body["author"] == user);
  CHECK(log.body["distance"].get<double>() > 400);
  Reply log_update =
      SendForm(server, "POST", "/api/v1/summit-log/form/" + log.body["id"].get<std::string>(),
               token, {{"date", "2024-06-02"}, {"text", "calm"}}, {});
  REQUIRE(log_update.status == 200);
  CHECK(log_update.body["text"] == "calm");
  CHECK(log_update.body["photos"].size() == 1);
  CHECK(SendForm(server, "PUT", "/api/v1/trail/form", "", {{"name", "x"}}, {}).status == 401);
}

TEST_CASE("a trail's thumbnail stays on its photo when photos before it are removed",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                     {{"photos", "a.png", RedPng()},
                      {"photos", "b.png", RedPng()},
                      {"photos", "c.png", RedPng()}});
  REQUIRE(r.status == 200);
  const Json photos = r.body["photos"];
  REQUIRE(
      server.Post("/api/v1/trail/" + trail, {{"name", "Ridge"}, {"thumbnail", 2}}, token).status ==
      200);
  Reply removed = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token,
                           {{"photos-", photos[0]}}, {});
  REQUIRE(removed.status == 200);
  CHECK(removed.body["thumbnail"] == 1);
  CHECK(removed.body["photos"][1] == photos[2]);
  Reply gone = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token,
                        {{"photos-", photos[2]}}, {});
  CHECK(gone.body["thumbnail"] == 0);
}

}  // namespace
}  // namespace cairn::api_test
