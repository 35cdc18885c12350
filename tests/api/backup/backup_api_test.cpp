// `cairn backup` beside a running server that keeps writing, `cairn restore` into a new dir and
// a second server on it: every row of the snapshot is there, every file matches the manifest,
// and files deleted during the backup are in it.
#include <sys/file.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "api/test_files.h"
#include "api/test_gpx.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;
using test_support::TempDir;

std::string Cairn(const std::string& args, int* exit_code) {
  return RunCommand(std::string(CAIRN_BINARY) + " " + args + " 2>&1", exit_code);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A valid JPEG of about `bytes`: a tiny image behind comment segments of random bytes, so each
// photo is different and large enough for the backup to take a while.
std::string BigJpeg(size_t bytes, std::mt19937& random) {
  const std::string jpeg = testing::MakeJpeg(16, 16, testing::ThreeBands);
  std::string padding;
  while (padding.size() < bytes) {
    const size_t length = 60000;
    padding += "\xFF\xFE";
    padding += static_cast<char>((length + 2) >> 8);
    padding += static_cast<char>((length + 2) & 0xFF);
    for (size_t i = 0; i < length; ++i) padding += static_cast<char>(random() & 0xFF);
  }
  return jpeg.substr(0, 2) + padding + jpeg.substr(2);
}

// Uploads `count` photos to a trail; returns their stored names.
Json AddPhotos(TestServer& server, const std::string& token, const std::string& trail, int count,
               std::mt19937& random) {
  Files files;
  for (int i = 0; i < count; ++i) files.emplace_back("photos+", "p.jpg", BigJpeg(300000, random));
  Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {}, files);
  if (r.status != 200) throw std::runtime_error("photos: " + r.raw.substr(0, 300));
  return r.body["photos"];
}

std::string UploadTrail(TestServer& server, const std::string& token, int n) {
  Reply r =
      server.Send("PUT", "/api/v1/trail/upload", token,
                  WalkGpx("Walk " + std::to_string(n), 5.0 + 0.01 * n), "application/gpx+xml");
  if (r.status != 200) throw std::runtime_error("upload: " + r.raw.substr(0, 300));
  return r.body["id"];
}

// Whether someone holds DIR/.backup.lock exclusively (a backup is running).
bool BackupRunning(const std::string& data_dir) {
  const int fd = ::open((data_dir + "/.backup.lock").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0;
  ::close(fd);
  return held;
}

// The archive being written beside `target` once the snapshot is taken (it is created after).
bool SnapshotTaken(const std::string& folder) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(".tmp-backup.tar-", 0) == 0) return true;
  }
  return false;
}

// The manifest of an archive, extracted with the system's tar.
Json ManifestOf(const std::string& archive) {
  int code = 0;
  const std::string text = RunCommand("tar -xOf " + archive + " manifest.json", &code);
  REQUIRE(code == 0);
  return Json::parse(text);
}

TEST_CASE("a backup taken while the server writes restores every row and file of its snapshot",
          "[api][backup]") {
  TempDir work;
  const std::string archive = work.path() + "/backup.tar";
  TestServer server;
  std::mt19937 random(7);
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  std::vector<std::pair<std::string, std::string>> trails;  // (id, token)
  for (int i = 0; i < 24; ++i) {
    const std::string& token = i % 2 ? bob_token : ann_token;
    const std::string id = UploadTrail(server, token, i);
    AddPhotos(server, token, id, 6, random);
    trails.emplace_back(id, token);
  }

  // While the backup runs: uploads, edits and deletions, as fast as the server takes them.
  std::atomic<bool> started{false}, done{false};
  std::set<std::string> deleted_after_snapshot;
  std::string worker_error;
  std::thread worker([&] {
    try {
      std::mt19937 worker_random(11);
      while (!BackupRunning(server.data_dir()) && !done) std::this_thread::yield();
      started = true;
      size_t next = 0;
      int n = 100;
      while (!done && next < trails.size()) {
        const auto& [id, token] = trails[next++];
        const bool after = SnapshotTaken(work.path());
        if (next % 3 == 0) {
          Reply gone = server.Delete("/api/v1/trail/" + id, token);
          if (gone.status != 200) throw std::runtime_error("delete: " + gone.raw);
          if (after) deleted_after_snapshot.insert(id);
        } else if (next % 3 == 1) {
          AddPhotos(server, token, id, 1, worker_random);
        } else {
          Reply edited = server.Post("/api/v1/trail/" + id,
                                     {{"name", "Edited " + std::to_string(n++)}}, token);
          if (edited.status != 200) throw std::runtime_error("edit: " + edited.raw);
          // And a photo replaced: the old one is removed after the row points elsewhere.
          const std::string first = server.Get("/api/v1/trail/" + id, token).body["photos"][0];
          Reply dropped = SendForm(server, "POST", "/api/v1/trail/" + id + "/file", token,
                                   {{"photos-", first}}, {});
          if (dropped.status != 200) throw std::runtime_error("photo-: " + dropped.raw);
        }
      }
    } catch (const std::exception& e) {
      worker_error = e.what();
    }
  });
  int code = 0;
  const std::string output = Cairn("backup --dir " + server.data_dir() + " --to " + archive, &code);
  done = true;
  worker.join();
  INFO(output);
  REQUIRE(worker_error.empty());
  REQUIRE(code == 0);
  REQUIRE(started);
  CHECK(fs::exists(archive));

  // Restore into a new dir and compare with the manifest.
  const std::string restored = work.path() + "/restored";
  const std::string restore_output = Cairn("restore " + archive + " --dir " + restored, &code);
  INFO(restore_output);
  REQUIRE(code == 0);
  const Json manifest = ManifestOf(archive);
  std::map<std::string, std::string> sums;
  for (const auto& entry : manifest["entries"]) sums[entry["path"]] = entry["sha256"];
  for (const auto& [path, sha] : sums) {
    int sha_code = 0;
    const std::string line = RunCommand("sha256sum '" + restored + "/" + path + "'", &sha_code);
    REQUIRE(sha_code == 0);
    CHECK(line.substr(0, 64) == sha);
  }

  // A second server on the restored dir: every trail of the snapshot with every photo, byte
  // for byte what the manifest lists, including the trails deleted after the snapshot.
  TestServer second(restored);
  size_t photos = 0;
  std::set<std::string> restored_trails;
  for (const auto& token : {ann_token, bob_token}) {
    Reply list = second.Get("/api/v1/trail?perPage=500", token);
    REQUIRE(list.status == 200);  // the secret came along: the old login tokens still work
    for (const auto& trail : list.body["items"]) {
      const std::string id = trail["id"];
      restored_trails.insert(id);
      CHECK(sums.count(std::string("storage/") + kTrailsId + "/" + id + "/" +
                       trail["gpx"].get<std::string>()));
      for (const auto& photo : trail["photos"]) {
        const std::string path =
            std::string("storage/") + kTrailsId + "/" + id + "/" + photo.get<std::string>();
        REQUIRE(sums.count(path));
        Reply file =
            second.Get("/api/v1/files/trails/" + id + "/" + photo.get<std::string>(), token);
        REQUIRE(file.status == 200);
        CHECK(file.raw == ReadFile(restored + "/" + path));
        ++photos;
      }
    }
  }
  CHECK(photos > 0);
  // Every trail whose files the archive holds is a row of the restored database, and back.
  std::set<std::string> archived_trails;
  const std::string trails_prefix = std::string("storage/") + kTrailsId + "/";
  for (const auto& [path, sha] : sums) {
    if (path.rfind(trails_prefix, 0) == 0) {
      archived_trails.insert(path.substr(trails_prefix.size(), 15));
    }
  }
  CHECK(archived_trails == restored_trails);
  for (const auto& id : deleted_after_snapshot) {
    INFO("deleted after the snapshot: " << id);
    CHECK(restored_trails.count(id) == 1);
    CHECK(server.Get("/api/v1/trail/" + id, ann_token).status == 404);
  }
  // The manifest lists exactly the files the restored rows name, and nothing is missing.
  CHECK(output.find("warning") == std::string::npos);
  size_t trail_entries = 0;
  for (const auto& [path, sha] : sums) trail_entries += path.rfind(trails_prefix, 0) == 0;
  CHECK(trail_entries == photos + restored_trails.size());  // each trail's GPX too
}

TEST_CASE("deleting trails while a backup runs keeps their files in the backup", "[api][backup]") {
  // The same guarantee pinned down without timing luck: the trails go after the snapshot, while
  // the backup reads a large file, and their photos must be in the archive.
  TempDir work;
  const std::string archive = work.path() + "/backup.tar";
  TestServer server;
  std::mt19937 random(3);
  auto [ann, token] = server.CreateUser("ann");
  std::vector<std::string> ids;
  for (int i = 0; i < 16; ++i) {
    ids.push_back(UploadTrail(server, token, i));
    AddPhotos(server, token, ids.back(), 10, random);
  }
  std::atomic<bool> done{false};
  std::set<std::string> deleted;
  std::thread worker([&] {
    while (!SnapshotTaken(work.path()) && !done)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    for (const auto& id : ids) {
      if (done) break;
      if (server.Delete("/api/v1/trail/" + id, token).status == 200) deleted.insert(id);
    }
  });
  int code = 0;
  const std::string output = Cairn("backup --dir " + server.data_dir() + " --to " + archive, &code);
  done = true;
  worker.join();
  INFO(output);
  REQUIRE(code == 0);
  REQUIRE(!deleted.empty());
  int verify_code = 0;
  Cairn("backup --verify " + archive, &verify_code);
  CHECK(verify_code == 0);
  const Json manifest = ManifestOf(archive);
  std::map<std::string, size_t> files_by_trail;
  for (const auto& entry : manifest["entries"]) {
    const std::string path = entry["path"];
    for (const auto& id : deleted) {
      if (path.find("/" + id + "/") != std::string::npos) ++files_by_trail[id];
    }
  }
  size_t deleted_in_snapshot = 0;
  for (const auto& id : deleted) {
    // Deleted after the snapshot: the snapshot has the trail, so the archive has its 10 photos
    // and its GPX file, read from where the server put them aside.
    CHECK(files_by_trail[id] == 11);
    deleted_in_snapshot += files_by_trail[id] == 11;
  }
  CHECK(deleted_in_snapshot == deleted.size());
  CHECK(output.find("removed by the server during the backup") != std::string::npos);
}

TEST_CASE("restore refuses a non-empty dir, a running server's dir and a damaged archive",
          "[api][backup]") {
  TempDir work;
  TestServer server;
  std::mt19937 random(5);
  auto [ann, token] = server.CreateUser("ann");
  const std::string trail = UploadTrail(server, token, 1);
  AddPhotos(server, token, trail, 2, random);
  const std::string archive = work.path() + "/backup.tar";
  int code = 0;
  REQUIRE(Cairn("backup --dir " + server.data_dir() + " --to " + archive, &code).find("backup:") !=
          std::string::npos);
  REQUIRE(code == 0);

  // Over the running server's own dir, even with --force.
  std::string out = Cairn("restore " + archive + " --dir " + server.data_dir() + " --force", &code);
  CHECK(code == 1);
  CHECK(out.find("in use by another cairn process") != std::string::npos);

  // A non-empty dir without --force; its content is untouched.
  const std::string occupied = work.path() + "/occupied";
  fs::create_directories(occupied);
  std::ofstream(occupied + "/notes.txt") << "mine";
  out = Cairn("restore " + archive + " --dir " + occupied, &code);
  CHECK(code == 1);
  CHECK(out.find("is not empty") != std::string::npos);
  CHECK(ReadFile(occupied + "/notes.txt") == "mine");

  // A flipped byte: --verify says so, and restore refuses before writing anything.
  std::string bytes = ReadFile(archive);
  const size_t photo_at = bytes.find("\xFF\xFE");  // inside a photo's comment segment
  REQUIRE(photo_at != std::string::npos);
  bytes[photo_at + 1000] ^= 0x10;
  const std::string damaged = work.path() + "/damaged.tar";
  std::ofstream(damaged, std::ios::binary) << bytes;
  out = Cairn("backup --verify " + damaged, &code);
  CHECK(code == 1);
  CHECK(out.find("does not match its checksum") != std::string::npos);
  out = Cairn("restore " + damaged + " --dir " + occupied + " --force", &code);
  CHECK(code == 1);
  CHECK(out.find("Nothing was restored") != std::string::npos);
  CHECK(ReadFile(occupied + "/notes.txt") == "mine");
  const std::string fresh = work.path() + "/fresh";
  out = Cairn("restore " + damaged + " --dir " + fresh, &code);
  CHECK(code == 1);
  CHECK(!fs::exists(fresh));
  for (const auto& entry : fs::directory_iterator(work.path())) {
    CHECK(entry.path().filename().string().find(".restore-") == std::string::npos);
  }

  // --force replaces the occupied dir once the restored one is in place.
  out = Cairn("restore " + archive + " --dir " + occupied + " --force", &code);
  INFO(out);
  CHECK(code == 0);
  CHECK(!fs::exists(occupied + "/notes.txt"));
  CHECK(fs::exists(occupied + "/data.db"));
  out = Cairn("backup --verify " + archive, &code);
  CHECK(code == 0);
  CHECK(out.find("sound") != std::string::npos);
}

TEST_CASE("backups rotate: --keep 2 after three backups leaves the newest two", "[api][backup]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  UploadTrail(server, token, 1);
  int code = 0;
  std::vector<std::string> outputs;
  for (int i = 0; i < 3; ++i) {
    outputs.push_back(Cairn("backup --dir " + server.data_dir() + " --keep 2", &code));
    REQUIRE(code == 0);
  }
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(server.data_dir() + "/backups")) {
    left.push_back(entry.path().filename().string());
  }
  std::sort(left.begin(), left.end());
  INFO(outputs.back());
  REQUIRE(left.size() == 2);
  for (const auto& name : left) CHECK(name.rfind("cairn-backup-", 0) == 0);
  CHECK(outputs.back().find("removed the older backup") != std::string::npos);
  CHECK(!fs::exists(server.data_dir() + "/.held"));  // nothing was removed, nothing is held
  // The server's own checks do not mind what backups leave in the data dir.
  server.Stop();
  CHECK(Cairn("doctor --dir " + server.data_dir(), &code).find(" 0 problem(s)") !=
        std::string::npos);
  CHECK(code == 0);
}

}  // namespace
}  // namespace cairn::api_test
