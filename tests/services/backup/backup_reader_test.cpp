// A damaged or hostile archive is refused, with what is wrong, before anything is unpacked.
#include "services/backup/backup_reader.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "services/backup/backup_fixture.h"

namespace cairn::services {
namespace {

namespace fs = std::filesystem;
using namespace backup_test;

// A good archive of two trails' photos, as entries to mutate.
struct GoodArchive {
  DataDir data;
  std::string path = data.dir.path() + "/good.tar";
  Entries entries;
  std::string photo_entry;

  GoodArchive() {
    const std::string a = data.Store("aaaaaaaaaaaaaaa", std::string(5000, 'a'));
    const std::string b = data.Store("bbbbbbbbbbbbbbb", "bee");
    data.AddTrail("aaaaaaaaaaaaaaa", {a});
    data.AddTrail("bbbbbbbbbbbbbbb", {b});
    REQUIRE(data.Backup(path).ok());
    entries = ReadEntries(path);
    photo_entry = std::string("storage/") + kTrails + "/aaaaaaaaaaaaaaa/" + a;
  }
  size_t IndexOf(const std::string& name) const {
    for (size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].first == name) return i;
    }
    FAIL("no entry " << name);
    return 0;
  }
};

struct Case {
  std::string name;
  std::function<void(GoodArchive&, Entries&)> mutate;
  std::string message;
};

TEST_CASE("damaged and hostile archives are refused with what is wrong", "[backup]") {
  const std::string traversal_content = "owned";
  const std::vector<Case> cases = {
      {"a flipped byte in a stored file",
       [](GoodArchive& g, Entries& e) { e[g.IndexOf(g.photo_entry)].second[100] ^= 0x01; },
       "does not match its checksum"},
      {"a flipped byte in the database",
       [](GoodArchive& g, Entries& e) { e[g.IndexOf("data.db")].second[2000] ^= 0x01; },
       "data.db does not match its checksum"},
      {"a manifest that disagrees on a size",
       [](GoodArchive& g, Entries& e) {
         auto& manifest = e.back().second;
         auto json = nlohmann::json::parse(manifest);
         for (auto& item : json["entries"]) {
           if (item["path"] == g.photo_entry) item["size"] = 4999;
         }
         manifest = json.dump();
       },
       "the manifest says 4999"},
      {"an entry the manifest does not list",
       [](GoodArchive& g, Entries& e) {
         e.insert(
             e.end() - 1,
             {std::string("storage/") + kTrails + "/ccccccccccccccc/x_0123456789.jpg", "extra"});
       },
       "is not in the manifest"},
      {"an entry the manifest lists but the archive lacks",
       [](GoodArchive& g, Entries& e) {
         e.erase(e.begin() + static_cast<long>(g.IndexOf(g.photo_entry)));
       },
       "in the manifest but not the archive"},
      {"the same entry twice",
       [](GoodArchive& g, Entries& e) { e.insert(e.end() - 1, e[g.IndexOf(g.photo_entry)]); },
       "a second"},
      {"an entry after the manifest", [](GoodArchive&, Entries& e) { e.push_back(e.front()); },
       "follows the manifest"},
      {"no manifest", [](GoodArchive&, Entries& e) { e.pop_back(); }, "no manifest"},
      {"a manifest of an unknown format version",
       [](GoodArchive&, Entries& e) {
         auto json = nlohmann::json::parse(e.back().second);
         json["formatVersion"] = 2;
         e.back().second = json.dump();
       },
       "format version 2"},
      {"a database that is no database, checksums and all",
       [](GoodArchive& g, Entries& e) {
         e[g.IndexOf("data.db")].second = std::string(8192, 'x');
         e = WithFreshManifest(e);
       },
       "data.db"},
      {"a parent-folder name",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(), {"../escaped", traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
      {"an absolute name",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(), {"/tmp/escaped", traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
      {"a name that climbs out of storage",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(), {"storage/../../escaped_0123456789.jpg", traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
      {"a name that climbs out of a record folder",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(),
                  {std::string("storage/") + kTrails + "/../../../escaped_0123456789.jpg",
                   traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
      {"a folder the layout does not have",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(), {"web/index_0123456789.html", traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
      {"a name one folder too deep",
       [&](GoodArchive&, Entries& e) {
         e.insert(e.begin(),
                  {std::string("storage/") + kTrails + "/aaaaaaaaaaaaaaa/sub/x_0123456789.jpg",
                   traversal_content});
         e = WithFreshManifest(e);
       },
       "no backup holds"},
  };
  for (const auto& c : cases) {
    SECTION(c.name) {
      GoodArchive good;
      Entries entries = good.entries;
      c.mutate(good, entries);
      const std::string bad = good.data.dir.path() + "/bad.tar";
      WriteEntries(bad, entries);
      test_support::TempDir scratch;
      auto verified = VerifyBackup(bad, scratch.path());
      REQUIRE(!verified.ok());
      CHECK(verified.error().kind == util::ErrorKind::kInvalidArgument);
      CHECK_THAT(verified.error().message, Catch::Contains(c.message));
      CHECK(fs::is_empty(scratch.path()));  // the scratch copy of data.db is gone too

      // Unpacking it anyway (as if it changed after a good verification) stops at the same
      // damage; a hostile name never reaches the disk, in the target or beside it.
      auto good_manifest = VerifyBackup(good.path, scratch.path());
      REQUIRE(good_manifest.ok());
      test_support::TempDir parent;
      const std::string target = parent.path() + "/restore";
      fs::create_directory(target);
      CHECK(!ExtractBackup(bad, good_manifest->manifest, target).ok());
      CHECK(!fs::exists(parent.path() + "/escaped"));
      CHECK(!fs::exists(parent.path() + "/escaped_0123456789.jpg"));
      CHECK(!fs::exists(target + "/web"));
    }
  }
}

TEST_CASE("a truncated archive is refused", "[backup]") {
  GoodArchive good;
  const std::string bytes = FileBytes(good.path);
  for (size_t keep : {size_t{0}, size_t{100}, bytes.size() / 2, bytes.size() - 1024}) {
    const std::string cut = good.data.dir.path() + "/cut.tar";
    std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, keep);
    auto verified = VerifyBackup(cut, good.data.dir.path());
    REQUIRE(!verified.ok());
    CHECK(verified.error().kind == util::ErrorKind::kInvalidArgument);
  }
  CHECK(VerifyBackup(good.path, good.data.dir.path()).ok());
}

TEST_CASE("an archive that changed after its verification is not unpacked as verified",
          "[backup]") {
  GoodArchive good;
  auto verified = VerifyBackup(good.path, good.data.dir.path());
  REQUIRE(verified.ok());
  // Another sound archive put in its place between the two passes.
  Entries other = good.entries;
  other[good.IndexOf(good.photo_entry)].second = "different";
  WriteEntries(good.path, WithFreshManifest(other));
  test_support::TempDir target;
  auto extracted = ExtractBackup(good.path, verified->manifest, target.path());
  REQUIRE(!extracted.ok());
  CHECK_THAT(extracted.error().message, Catch::Contains("changed after it was verified"));
}

TEST_CASE("backup entry paths are only the data dir's own layout", "[backup]") {
  CHECK(IsBackupEntryPath("data.db"));
  CHECK(IsBackupEntryPath(".secret"));
  CHECK(IsBackupEntryPath("storage/e864strfxo14pm4/aaaaaaaaaaaaaaa/photo_0123456789.jpg"));
  for (const char* path : {"",
                           "/data.db",
                           "./data.db",
                           "data.db/",
                           "..",
                           "../data.db",
                           ".lock",
                           "storage",
                           "storage/",
                           "storage/x",
                           "storage/a/b",
                           "storage/a/b/",
                           "storage/A/b/p_0123456789.jpg",
                           "storage/a/../p_0123456789.jpg",
                           "storage/a/b/../p_0123456789.jpg",
                           "storage/a/b/.hidden_0123456789",
                           "storage/a/b/thumbs_p_0123456789.jpg/100x100_p.jpg",
                           "storage//b/p_0123456789.jpg",
                           "storage/a/b/c/p_0123456789.jpg",
                           "backups/x.tar"}) {
    INFO(path);
    CHECK(!IsBackupEntryPath(path));
  }
}

}  // namespace
}  // namespace cairn::services
