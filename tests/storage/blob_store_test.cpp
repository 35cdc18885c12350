// The blob store: safe names, atomic writes, traversal refused, concurrent uploads kept.
#include "storage/blob_store.h"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <thread>

#include "test_support/small_filesystem.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

TEST_CASE("uploaded names are reduced to a safe base name with a random suffix", "[blobs]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Zugspitze via Höllental.GPX", "Zugspitze_via_H__llental.gpx"},
      {"../../etc/passwd", "passwd"},
      {"C:\\Users\\ada\\track.fit", "track.fit"},
      {".hidden.gpx", "_hidden.gpx"},
      {"..", "file"},
      {"", "file"},
      {"photo.JPEG", "photo.jpeg"},
      {"archive.tar.gz", "archive.tar.gz"},
      {"x.averyveryverylongextension", "x.averyveryverylongextension"},
      {std::string(300, 'a') + ".kml", std::string(100, 'a') + ".kml"},
      {std::string("nul\0byte.gpx", 12), "nul_byte.gpx"},
  };
  for (const auto& [original, expected] : cases) {
    INFO(original);
    CHECK(SanitiseFileName(original) == expected);
  }
}

TEST_CASE("stored files are whole, readable, and named for their upload", "[blobs]") {
  test_support::TempDir dir;
  BlobStore store(dir.path());
  auto name = store.Put("e864strfxo14pm4", "abcdefghijklmno", "My Walk.GPX", "<gpx/>");
  REQUIRE(name.ok());
  CHECK(std::regex_match(*name, std::regex("My_Walk_[a-z0-9]{10}\\.gpx")));
  CHECK(IsStoredName(*name));
  auto content = store.Read("e864strfxo14pm4", "abcdefghijklmno", *name);
  REQUIRE(content.ok());
  CHECK(*content == "<gpx/>");
  // Nothing else is left in the folder: no temporary files.
  CHECK(store.List("e864strfxo14pm4", "abcdefghijklmno") == std::vector<std::string>{*name});
  size_t entries = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(dir.path() + "/e864strfxo14pm4/abcdefghijklmno")) {
    (void)entry;
    ++entries;
  }
  CHECK(entries == 1);
  struct stat st {};
  REQUIRE(::stat((dir.path() + "/e864strfxo14pm4/abcdefghijklmno/" + *name).c_str(), &st) == 0);
  CHECK((st.st_mode & 0007) == 0);  // not readable by other users of the machine
  REQUIRE(store.Remove("e864strfxo14pm4", "abcdefghijklmno", *name).ok());
  CHECK(store.Read("e864strfxo14pm4", "abcdefghijklmno", *name).error().kind ==
        util::ErrorKind::kNotFound);
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/e864strfxo14pm4/abcdefghijklmno"));
  CHECK(store.Remove("e864strfxo14pm4", "abcdefghijklmno", *name).ok());  // again: fine
}

TEST_CASE("names and ids that could leave the storage folder never reach the disk", "[blobs]") {
  test_support::TempDir dir;
  BlobStore store(dir.path() + "/storage");
  std::filesystem::create_directories(dir.path() + "/storage");
  std::filesystem::create_directories(dir.path() + "/secret");
  {
    FILE* f = std::fopen((dir.path() + "/secret/key_abcdefghij.txt").c_str(), "w");
    std::fputs("secret", f);
    std::fclose(f);
  }
  const std::vector<std::string> bad_names = {"../secret/key_abcdefghij.txt",
                                              "/etc/passwd",
                                              "..",
                                              "a\\b_abcdefghij.gpx",
                                              "",
                                              "x%2e%2e_abcdefghij.gpx",
                                              std::string("a\0b_abcdefghij.gpx", 18),
                                              "plain.gpx",
                                              std::string(400, 'a') + "_abcdefghij.gpx"};
  for (const auto& name : bad_names) {
    INFO(name);
    auto read = store.Read("e864strfxo14pm4", "abcdefghijklmno", name);
    REQUIRE_FALSE(read.ok());
    CHECK(read.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_FALSE(store.Remove("e864strfxo14pm4", "abcdefghijklmno", name).ok());
  }
  for (const std::string& id :
       std::vector<std::string>{"..", "../secret", "A", "x/y", "", std::string(40, 'a')}) {
    INFO(id);
    CHECK_FALSE(store.Put(id, "abcdefghijklmno", "x.gpx", "x").ok());
    CHECK_FALSE(store.Read("e864strfxo14pm4", id, "key_abcdefghij.txt").ok());
    CHECK_FALSE(store.RemoveRecord(id, "abcdefghijklmno").ok());
  }
  CHECK(std::filesystem::exists(dir.path() + "/secret/key_abcdefghij.txt"));
}

TEST_CASE("two uploads to one record at the same time are both kept", "[blobs]") {
  test_support::TempDir dir;
  BlobStore store(dir.path());
  std::vector<std::string> names(16);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < names.size(); ++i) {
    threads.emplace_back([&, i] {
      auto name = store.Put("photos000000000", "record000000001", "photo.jpg",
                            std::string(100000, static_cast<char>('a' + i)));
      if (name.ok()) names[i] = *name;
    });
  }
  for (auto& t : threads) t.join();
  CHECK(store.List("photos000000000", "record000000001").size() == names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    auto content = store.Read("photos000000000", "record000000001", names[i]);
    REQUIRE(content.ok());
    CHECK(*content == std::string(100000, static_cast<char>('a' + i)));
  }
}

// Every path below `root`, files and folders, relative to it.
std::vector<std::string> EverythingUnder(const std::string& root) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    paths.push_back(std::filesystem::relative(entry.path(), root).string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

TEST_CASE("a full disk refuses a file as a lack of space and leaves nothing of it", "[blobs]") {
  test_support::SmallFilesystem disk(2);
  if (!disk.mounted()) {
    WARN("skipped: " << disk.why());
    return;
  }
  BlobStore store(disk.path());
  const std::string kept_bytes(300 * 1024, 'k');
  std::vector<std::pair<std::string, std::string>> kept;  // record, name
  util::Result<std::string> put = std::string();
  // A new record each time, so a refused first file would leave an empty record folder.
  for (int i = 0; i < 20 && put.ok(); ++i) {
    const std::string record = "record" + std::to_string(100000000 + i);
    put = store.Put("photos000000000", record, "photo.jpg", kept_bytes);
    if (put.ok()) kept.emplace_back(record, *put);
  }
  REQUIRE_FALSE(put.ok());
  CHECK(put.error().kind == util::ErrorKind::kInsufficientStorage);
  REQUIRE(kept.size() >= 3);
  std::vector<std::string> expected;
  expected.push_back("photos000000000");
  for (const auto& [record, name] : kept) {
    expected.push_back("photos000000000/" + record);
    expected.push_back("photos000000000/" + record + "/" + name);
  }
  std::sort(expected.begin(), expected.end());
  CHECK(EverythingUnder(disk.path()) == expected);  // no temporary file, no empty folder

  // A thumbnail that does not fit is refused the same way, without an empty thumbs_ folder.
  auto thumb = store.PutThumb("photos000000000", kept[0].first, kept[0].second, "100x100t",
                              std::string(1024 * 1024, 't'));
  REQUIRE_FALSE(thumb.ok());
  CHECK(thumb.error().kind == util::ErrorKind::kInsufficientStorage);
  CHECK(EverythingUnder(disk.path()) == expected);

  // What was stored before reads back whole; once space is freed the next file fits.
  for (const auto& [record, name] : kept)
    CHECK(*store.Read("photos000000000", record, name) == kept_bytes);
  REQUIRE(store.Remove("photos000000000", kept.back().first, kept.back().second).ok());
  auto again = store.Put("photos000000000", "record000000999", "photo.jpg", kept_bytes);
  REQUIRE(again.ok());
  CHECK(*store.Read("photos000000000", "record000000999", *again) == kept_bytes);
}

}  // namespace
}  // namespace cairn::storage
