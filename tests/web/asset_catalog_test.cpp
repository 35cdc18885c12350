// The asset catalog: embedded files, a development folder, and the paths it refuses.
#include "web/asset_catalog.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <vector>

#include "test_support/gunzip.h"
#include "test_support/temp_dir.h"

namespace cairn::web {
namespace {

namespace fs = std::filesystem;

const unsigned char kIndex[] = "<html>{{ASSETS}} {{CONFIG}}</html>";
const unsigned char kScript[] = "export const answer = 42; // padding padding padding padding";
const unsigned char kPng[] = {0x89, 'P', 'N', 'G', 0, 1, 2, 3};
const unsigned char kLeaflet[] = "export function map() {}";

std::vector<EmbeddedFile> SampleFiles() {
  return {{"index.html", kIndex, sizeof kIndex - 1},
          {"lib/app.js", kScript, sizeof kScript - 1},
          {"logo.png", kPng, sizeof kPng},
          {"vendor/leaflet/leaflet.esm.min.js", kLeaflet, sizeof kLeaflet - 1}};
}

void WriteFile(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

TEST_CASE("Asset paths with traversal, hidden names or odd characters are refused",
          "[web][catalog]") {
  struct Case {
    std::string path;
    bool safe;
  };
  const std::vector<Case> cases = {
      {"app.js", true},
      {"lib/map.js", true},
      {"vendor/leaflet/images/marker-icon.png", true},
      {"a b.js", true},
      {"", false},
      {"/etc/passwd", false},
      {"../secret", false},
      {"lib/../../secret", false},
      {"lib/./app.js", false},
      {"lib//app.js", false},
      {"lib/", false},
      {".git/config", false},
      {"lib/.env", false},
      {"lib\\..\\app.js", false},
      {std::string("app.js\0.png", 11), false},
      {"app\n.js", false},
  };
  for (const auto& c : cases) {
    INFO(c.path);
    CHECK(IsSafeAssetPath(c.path) == c.safe);
  }
}

TEST_CASE("Embedded files are found with type, ETag and a gzip form for text", "[web][catalog]") {
  const auto files = SampleFiles();
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(files);
  CHECK(catalog.source() == AssetSource::kEmbedded);

  auto script = catalog.Find("lib/app.js");
  REQUIRE(script.ok());
  CHECK(script->content_type == "text/javascript; charset=utf-8");
  CHECK(*script->content == reinterpret_cast<const char*>(kScript));
  CHECK(script->etag.size() == 18);
  CHECK(script->etag.front() == '"');
  REQUIRE(script->gzip);
  CHECK(test_support::Gunzip(*script->gzip) == *script->content);

  auto png = catalog.Find("logo.png");
  REQUIRE(png.ok());
  CHECK(png->content_type == "image/png");
  CHECK_FALSE(png->gzip);
  CHECK(png->content->size() == sizeof kPng);

  CHECK(catalog.Find("missing.js").error().kind == util::ErrorKind::kNotFound);
  CHECK(catalog.Find("../lib/app.js").error().kind == util::ErrorKind::kNotFound);
}

TEST_CASE("The bundle hash is 12 hex digits and changes with any file", "[web][catalog]") {
  auto files = SampleFiles();
  const std::string first = AssetCatalog::FromEmbedded(files).BundleHash();
  CHECK(first.size() == 12);
  CHECK(first.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(AssetCatalog::FromEmbedded(files).BundleHash() == first);

  const unsigned char changed[] = "export const answer = 43;";
  files[1] = {"lib/app.js", changed, sizeof changed - 1};
  CHECK(AssetCatalog::FromEmbedded(files).BundleHash() != first);
  files.pop_back();
  CHECK(AssetCatalog::FromEmbedded(files).BundleHash() != first);
}

TEST_CASE("A development folder is read at each lookup, Leaflet stays embedded", "[web][catalog]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  WriteFile(root / "index.html", "<html>{{ASSETS}}</html>");
  WriteFile(root / "app.js", "one");
  WriteFile(root / "vendor/leaflet/leaflet.esm.min.js", "not the embedded copy");
  const auto files = SampleFiles();
  auto catalog = AssetCatalog::FromDirectory(root.string(), files);
  REQUIRE(catalog.ok());
  CHECK(catalog->source() == AssetSource::kDirectory);

  CHECK(*catalog->Find("app.js")->content == "one");
  const std::string hash = catalog->BundleHash();
  WriteFile(root / "app.js", "two");
  CHECK(*catalog->Find("app.js")->content == "two");
  CHECK(catalog->BundleHash() != hash);
  CHECK(*catalog->Find("vendor/leaflet/leaflet.esm.min.js")->content ==
        reinterpret_cast<const char*>(kLeaflet));
  // Embedded files other than Leaflet are not mixed in.
  CHECK_FALSE(catalog->Find("lib/app.js").ok());
}

TEST_CASE("A development folder refuses links out of it, folders and hidden files",
          "[web][catalog]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  WriteFile(root / "index.html", "<html></html>");
  WriteFile(root / "lib/inside.js", "inside");
  WriteFile(root / ".env", "SECRET=1");
  WriteFile(dir.path() + "/outside.txt", "outside");
  fs::create_symlink(dir.path() + "/outside.txt", root / "leak.txt");
  fs::create_symlink(dir.path(), root / "up");
  fs::create_symlink(root / "lib/inside.js", root / "alias.js");
  auto catalog = AssetCatalog::FromDirectory(root.string(), {});
  REQUIRE(catalog.ok());

  CHECK(*catalog->Find("alias.js")->content == "inside");
  for (const char* path :
       {"leak.txt", "up/outside.txt", "lib", ".env", "../outside.txt", "lib/../../outside.txt"}) {
    INFO(path);
    CHECK(catalog->Find(path).error().kind == util::ErrorKind::kNotFound);
  }
}

TEST_CASE("A development folder without index.html is refused at start", "[web][catalog]") {
  test_support::TempDir dir;
  auto missing = AssetCatalog::FromDirectory(dir.path() + "/nope", {});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find("is not a folder") != std::string::npos);
  auto empty = AssetCatalog::FromDirectory(dir.path(), {});
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message.find("has no index.html") != std::string::npos);
}

TEST_CASE("The built-in catalog holds the shell page and Leaflet", "[web][catalog]") {
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(EmbeddedFiles());
  auto index = catalog.Find("index.html");
  REQUIRE(index.ok());
  CHECK(index->content->find("{{ASSETS}}") != std::string::npos);
  for (const char* path : {"vendor/leaflet/leaflet.esm.min.js", "vendor/leaflet/leaflet.css",
                           "vendor/leaflet/images/marker-icon.png"}) {
    INFO(path);
    CHECK(catalog.Find(path).ok());
  }
}

}  // namespace
}  // namespace cairn::web
