// A full disk, for real: the data dir on a 24 MB tmpfs filled through the API until writes fail
// with 507, then space freed and writes working again, in the same server process.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

#include "api/test_files.h"
#include "api/test_gpx.h"
#include "test_support/small_filesystem.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;

// A PNG of noise (about 3 bytes a pixel: it does not compress), different for every seed.
std::string NoisyPng(uint32_t seed) {
  return testing::MakePng(480, 480, [seed](int x, int y, int, int) {
    uint32_t h = seed * 2654435761u ^ static_cast<uint32_t>(x * 73856093) ^
                 static_cast<uint32_t>(y * 19349663);
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return testing::Rgba{static_cast<uint8_t>(h), static_cast<uint8_t>(h >> 8),
                         static_cast<uint8_t>(h >> 16), 255};
  });
}

// Everything under `root` whose name starts with ".tmp-".
std::vector<std::string> Temporaries(const std::string& root) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(root, ec)) {
    if (entry.path().filename().string().rfind(".tmp-", 0) == 0) {
      found.push_back(entry.path().string());
    }
  }
  return found;
}

// The spec's Form A with 507, and nothing of the server's insides.
void CheckDiskFullAnswer(const Reply& reply, const std::string& data_dir) {
  INFO(reply.raw);
  REQUIRE(reply.status == 507);
  CHECK(reply.body["status"] == 507);
  CHECK(reply.body["detail"]["code"] == 507);
  CHECK(reply.body["data"] == Json::object());
  const std::string message = reply.body["message"];
  CHECK(message.find("disk is full") != std::string::npos);
  CHECK(reply.body["detail"]["message"] == message);
  CHECK(reply.raw.find(data_dir) == std::string::npos);
  CHECK(reply.raw.find("sqlite") == std::string::npos);
  CHECK(reply.raw.find("/storage") == std::string::npos);
  CHECK(reply.raw.find("No space") == std::string::npos);
}

std::string StorageLevel(TestServer& server) {
  Reply health = server.Get("/api/health");
  REQUIRE(health.status == 200);
  CHECK(health.body["status"] == "ok");
  return health.body["storage"];
}

TEST_CASE("a full disk answers 507, keeps what was stored and takes writes again once freed",
          "[api][files][disk]") {
  test_support::SmallFilesystem disk(24);
  if (!disk.mounted()) {
    WARN("skipped: " << disk.why());
    return;
  }
  // Room the owner can free later, as a backup left beside the data would be.
  const std::string filler = disk.path() + "/old-backup.tar";
  std::ofstream(filler, std::ios::binary) << std::string(6 * 1024 * 1024, 'b');
  const std::string data = disk.path() + "/data";
  const std::string trails_folder = data + "/storage/" + kTrailsId;

  std::map<std::string, Json> trails;                                 // id -> record as created
  std::map<std::pair<std::string, std::string>, std::string> photos;  // (trail, name) -> bytes
  {
    TestServer server(data);
    CHECK(StorageLevel(server) == "low");  // 24 MB is below the default 100 MB minimum
    auto [user, token] = server.CreateUser("ann");

    // Trails while there is room (each also writes the search index), then photos on them
    // until one no longer fits.
    std::vector<std::string> walks;
    for (uint32_t i = 0; i < 60; ++i) {
      Reply created = server.Put(
          "/api/v1/trail",
          {{"name", "Walk " + std::to_string(i)}, {"public", i % 2 == 0}, {"author", user}}, token);
      REQUIRE(created.status == 200);
      walks.push_back(created.body["id"]);
      trails[walks.back()] = created.body;
    }
    Reply upload;
    std::string refused_trail;
    for (uint32_t i = 0; i < walks.size(); ++i) {
      const std::string& id = walks[i];
      const std::string png = NoisyPng(i);
      upload = SendForm(server, "POST", "/api/v1/trail/" + id + "/file", token, {},
                        {{"photos", "photo.png", png}});
      if (upload.status != 200) {
        refused_trail = id;
        break;
      }
      trails[id] = upload.body;
      photos[{id, upload.body["photos"][0]}] = png;
    }
    REQUIRE(photos.size() >= 5);
    CheckDiskFullAnswer(upload, data);
    // The refused photo left nothing: no name in the record, no file, no folder, no temporary.
    CHECK(server.Get("/api/v1/trail/" + refused_trail, token).body["photos"] == Json::array());
    CHECK_FALSE(fs::exists(trails_folder + "/" + refused_trail));
    CHECK(Temporaries(data).empty());

    // A new trail with its photo in one form: neither the record nor a folder stays.
    const auto folders_before = std::distance(fs::directory_iterator(trails_folder), {});
    Reply form = SendForm(server, "PUT", "/api/v1/trail/form", token,
                          {{"name", "Form walk"}, {"public", "false"}, {"author", user}},
                          {{"photos", "photo.png", NoisyPng(999)}});
    CheckDiskFullAnswer(form, data);
    CHECK(std::distance(fs::directory_iterator(trails_folder), {}) == folders_before);
    Reply mine =
        server.Get("/api/v1/trail?perPage=500&filter=" + Url("name = \"Form walk\""), token);
    CHECK(mine.body["totalItems"] == 0);

    // Trails (rows only) until the database cannot grow either.
    Reply create;
    const std::string long_text(15000, 'd');
    for (int i = 0; i < 3000; ++i) {
      create = server.Put("/api/v1/trail",
                          {{"name", "Row " + std::to_string(i)},
                           {"description", long_text},
                           {"public", false},
                           {"author", user}},
                          token);
      if (create.status != 200) break;
      trails[create.body["id"]] = create.body;
    }
    CheckDiskFullAnswer(create, data);
    CHECK(StorageLevel(server) == "full");
    // Every kind of write says the same, and none leaves anything behind.
    CheckDiskFullAnswer(server.Send("PUT", "/api/v1/trail/upload", token, WalkGpx("Full walk"),
                                    "application/gpx+xml"),
                        data);
    // Updates that grow rows: SQLite may still find room in a freed page for one or two, so
    // grow trail after trail until one no longer fits.
    Reply update;
    for (const auto& [id, record] : trails) {
      if (!record.value("description", "").empty()) continue;
      update = server.Post("/api/v1/trail/" + id,
                           {{"name", record["name"]}, {"description", long_text}}, token);
      if (update.status != 200) break;
      trails[id]["description"] = long_text;
    }
    CheckDiskFullAnswer(update, data);
    CheckDiskFullAnswer(SendForm(server, "POST", "/api/v1/user/" + user + "/file", token, {},
                                 {{"avatar", "me.png", NoisyPng(7)}}),
                        data);
    CHECK(Temporaries(data).empty());

    // Reads still work, and everything stored before the disk filled is there, byte for byte.
    for (const auto& [id, record] : trails) {
      Reply shown = server.Get("/api/v1/trail/" + id, token);
      REQUIRE(shown.status == 200);
      CHECK(shown.body["name"] == record["name"]);
      CHECK(shown.body["description"] == record["description"]);
      CHECK(shown.body["photos"] == record["photos"]);
    }
    for (const auto& [key, bytes] : photos) {
      Reply file = server.Get("/api/v1/files/trails/" + key.first + "/" + key.second, token);
      REQUIRE(file.status == 200);
      CHECK(file.raw == bytes);
    }

    // The owner frees space; the same process takes writes again, no restart.
    fs::remove(filler);
    CHECK(StorageLevel(server) == "low");
    Reply again = server.Put("/api/v1/trail",
                             {{"name", "After"}, {"public", false}, {"author", user}}, token);
    REQUIRE(again.status == 200);
    const std::string png = NoisyPng(1000);
    Reply photo =
        SendForm(server, "POST", "/api/v1/trail/" + std::string(again.body["id"]) + "/file", token,
                 {}, {{"photos", "after.png", png}});
    REQUIRE(photo.status == 200);
    photos[{again.body["id"], photo.body["photos"][0]}] = png;
    Reply imported = server.Send("PUT", "/api/v1/trail/upload", token, WalkGpx("Full walk"),
                                 "application/gpx+xml");
    CHECK(imported.status == 200);
    REQUIRE(server.Stop() == 0);
  }
  // After a restart everything is still there, and the doctor finds nothing wrong.
  {
    TestServer server(data);
    Reply login =
        server.Post("/api/v1/auth/login", {{"username", "ann"}, {"password", "correct-horse"}});
    const std::string token = login.body["token"];
    for (const auto& [key, bytes] : photos) {
      CHECK(server.Get("/api/v1/files/trails/" + key.first + "/" + key.second, token).raw == bytes);
    }
  }
  int code = -1;
  const std::string doctor =
      RunCommand(std::string(CAIRN_BINARY) + " doctor --dir " + data + " 2>&1", &code);
  INFO(doctor);
  CHECK(code == 0);
  CHECK(doctor.find(" 0 problem(s)") != std::string::npos);
  CHECK(doctor.find("disk: ") != std::string::npos);
  CHECK(doctor.find("free of 24 MB") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
