// Files and rows agree after crashes: the start-up check, `cairn doctor`, and SIGKILL during
// uploads.
#include <signal.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "api/test_files.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;

void WriteFile(const std::string& path, const std::string& bytes) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string Doctor(const std::string& data_dir, const std::string& flags, int* exit_code) {
  return RunCommand(std::string(CAIRN_BINARY) + " doctor --dir " + data_dir + " " + flags + " 2>&1",
                    exit_code);
}

// Every regular file under storage/, relative to it.
std::vector<std::string> FilesInStorage(const std::string& data_dir) {
  std::vector<std::string> files;
  const std::string root = data_dir + "/storage";
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(root, ec)) {
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), root).string());
  }
  return files;
}

TEST_CASE("cairn doctor reports orphans, missing files and leftovers, and --fix repairs them",
          "[api][files]") {
  TempDir dir;
  const std::string data = dir.path() + "/data";
  std::string trail, kept, lost;
  {
    TestServer server(data);
    auto [user, token] = server.CreateUser("ann");
    trail = NewTrail(server, token, user);
    Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                       {{"photos", "kept.png", RedPng()}, {"photos", "lost.png", RedPng()}});
    REQUIRE(r.status == 200);
    kept = r.body["photos"][0];
    lost = r.body["photos"][1];
    REQUIRE(
        server.Get("/api/v1/files/trails/" + trail + "/" + kept + "?thumb=100x100", token).status ==
        200);
  }
  int code = -1;
  std::string out = Doctor(data, "", &code);
  CHECK(code == 0);
  CHECK(out.find("0 problem(s)") != std::string::npos);

  // What a crash, a lost SD card sector or a hand in the folder leave behind.
  const std::string folder = data + "/storage/" + kTrailsId + "/" + trail;
  fs::remove(folder + "/" + lost);
  WriteFile(folder + "/stray_abcdefghij.png", RedPng());
  WriteFile(folder + "/thumbs_gone_abcdefghij.png/100x100_gone_abcdefghij.png", RedPng());
  WriteFile(data + "/storage/" + kTrailsId + "/deletedrecord01/old_abcdefghij.png", RedPng());
  WriteFile(folder + "/.tmp-0123456789abcdef", "half a photo");
  WriteFile(folder + "/notes.txt", "someone's notes");

  out = Doctor(data, "", &code);
  INFO(out);
  CHECK(code == 1);
  CHECK(out.find("missing file (a record names it): trails/" + trail + "/" + lost +
                 " (field photos)") != std::string::npos);
  CHECK(out.find("orphan file (no record names it): trails/" + trail + "/stray_abcdefghij.png") !=
        std::string::npos);
  CHECK(out.find("orphan thumbnails") != std::string::npos);
  CHECK(out.find("orphan folder (its record is gone): trails/deletedrecord01") !=
        std::string::npos);
  CHECK(out.find("temporary file of an interrupted upload") != std::string::npos);
  CHECK(out.find("unexpected entry") != std::string::npos);
  CHECK(out.find("6 problem(s)") != std::string::npos);
  CHECK(out.find("--fix") != std::string::npos);

  // The server logs the same at start, and keeps serving what is whole.
  {
    TestServer server(data);
    const std::string log = server.ReadLog();
    CHECK(log.find("removed 1 unfinished upload(s)") != std::string::npos);
    CHECK(log.find("missing file") != std::string::npos);
    CHECK(log.find("cairn doctor") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(folder + "/.tmp-0123456789abcdef"));

  out = Doctor(data, "--fix", &code);
  INFO(out);
  CHECK(code == 0);
  CHECK(out.find("repaired 4 problem(s); 1 remain") != std::string::npos);
  // Repaired: the stray file, thumbnails and folder are gone, the record no longer names the
  // lost photo; the kept photo, its thumbnail and someone's notes are untouched.
  CHECK_FALSE(fs::exists(folder + "/stray_abcdefghij.png"));
  CHECK_FALSE(fs::exists(folder + "/thumbs_gone_abcdefghij.png"));
  CHECK_FALSE(fs::exists(data + "/storage/" + kTrailsId + "/deletedrecord01"));
  CHECK(ReadFile(folder + "/" + kept) == RedPng());
  CHECK(fs::exists(folder + "/thumbs_" + kept + "/100x100_" + kept));
  CHECK(ReadFile(folder + "/notes.txt") == "someone's notes");
  {
    TestServer server(data);
    Reply login =
        server.Post("/api/v1/auth/login", {{"username", "ann"}, {"password", "correct-horse"}});
    Reply shown = server.Get("/api/v1/trail/" + trail, login.body["token"]);
    CHECK(shown.body["photos"] == Json::array({kept}));
  }
  out = Doctor(data, "", &code);
  CHECK(code == 0);
  CHECK(out.find("1 problem(s)") != std::string::npos);  // the notes, reported, left alone
}

TEST_CASE("cairn doctor refuses a running server's data and a folder without data",
          "[api][files]") {
  TestServer server;
  int code = -1;
  std::string out = Doctor(server.data_dir(), "", &code);
  CHECK(code == 1);
  CHECK(out.find("Stop the server first") != std::string::npos);
  TempDir empty;
  out = Doctor(empty.path(), "--fix", &code);
  CHECK(code == 1);
  CHECK(out.find("no Cairn data") != std::string::npos);
}

// Uploads photos in a loop from several threads until told to stop; counts what was answered.
struct Uploader {
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0};
  std::vector<std::thread> threads;

  void Start(int port, const std::string& token, const std::string& trail, int count) {
    for (int i = 0; i < count; ++i) {
      threads.emplace_back([this, port, token, trail] {
        const auto [body, type] = Multipart({}, {{"photos", "p.png", RedPng()}});
        while (!stop) {
          httplib::Client client("127.0.0.1", port);
          client.set_connection_timeout(0, 200'000);
          client.set_read_timeout(2, 0);
          httplib::Headers headers{{"Authorization", "Bearer " + token}};
          auto r = client.Post(("/api/v1/trail/" + trail + "/file").c_str(), headers, body,
                               type.c_str());
          if (r && r->status == 200) ++answered;
          if (!r) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
      });
    }
  }
  void Join() {
    stop = true;
    for (auto& t : threads) t.join();
    threads.clear();
  }
};

TEST_CASE("SIGKILL during uploads leaves no half file and no name without its file",
          "[api][files]") {
  TempDir dir;
  const std::string data = dir.path() + "/data";
  constexpr int kRounds = 8;
  std::string user, token;
  std::vector<std::string> trails;  // one per round, so no round meets the cap on photos
  {
    TestServer server(data);
    std::tie(user, token) = server.CreateUser("ann");
    for (int i = 0; i < kRounds; ++i) trails.push_back(NewTrail(server, token, user));
  }
  std::mt19937 random(42);
  int uploads_answered = 0;
  for (int round = 0; round < kRounds; ++round) {
    TestServer server(data);
    const std::string& trail = trails[round];
    if (round == 0) {
      // A request whose body stops halfway, then the kill.
      const auto [body, type] = Multipart({}, {{"photos", "p.png", RedPng()}});
      const std::string head = "POST /api/v1/trail/" + trail +
                               "/file HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                               "\r\nContent-Type: " + type +
                               "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n";
      std::thread half([&] { server.SendRaw(head + body.substr(0, body.size() / 2)); });
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      ::kill(server.pid(), SIGKILL);
      half.join();
      continue;
    }
    Uploader uploader;
    uploader.Start(server.port(), token, trail, 4);
    // Kill once uploads are flowing (a slow or emulated machine answers the first one late),
    // then at a random moment of the next ones.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (uploader.answered == 0 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(random() % 250));
    ::kill(server.pid(), SIGKILL);
    uploader.Join();
    uploads_answered += uploader.answered;
  }
  INFO("uploads answered before the kills: " << uploads_answered);
  CHECK(uploads_answered > 0);  // the kills did land in the middle of uploading

  // After the last kill, before any start-up cleans up: every name in the database has its whole
  // file (temporaries aside, every file on disk is a whole photo).
  int code = -1;
  std::string report = Doctor(data, "", &code);
  INFO(report);
  CHECK(report.find("missing file") == std::string::npos);
  for (const std::string& file : FilesInStorage(data)) {
    if (fs::path(file).filename().string().rfind(".tmp-", 0) == 0) continue;
    if (file.rfind("kjxvi8asj2igqwf/", 0) == 0) continue;  // the seeded categories' pictograms
    INFO(file);
    CHECK(ReadFile(data + "/storage/" + file) == RedPng());
  }
  TestServer server(data);
  size_t photos = 0;
  for (const std::string& trail : trails) {
    Reply shown = server.Get("/api/v1/trail/" + trail, token);
    REQUIRE(shown.status == 200);
    photos += shown.body["photos"].size();
    for (const auto& name : shown.body["photos"]) {
      Reply photo =
          server.Get("/api/v1/files/trails/" + trail + "/" + name.get<std::string>(), token);
      CHECK(photo.status == 200);
      CHECK(photo.raw == RedPng());
    }
  }
  // Every upload that was answered is there (answers are sent after the commit).
  CHECK(photos >= static_cast<size_t>(uploads_answered));
  // The start removed the temporaries; what may remain are whole files no row names (the kill
  // came between the file and the commit), which `cairn doctor --fix` clears.
  for (const std::string& file : FilesInStorage(data)) {
    CHECK(fs::path(file).filename().string().rfind(".tmp-", 0) != 0);
  }
}

}  // namespace
}  // namespace cairn::api_test
