// The asset catalog: embedded files, a development folder, the paths it refuses, and the
// compiled-in files checked against the run-time hash and gzip.
#include "web/asset_catalog.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "test_support/gunzip.h"
#include "test_support/temp_dir.h"
#include "web/content_hash.h"
#include "web/gzip.h"
#include "web/media_types.h"

namespace cairn::web {
namespace {

namespace fs = std::filesystem;

const char kIndex[] = "<html>{{ASSETS}} {{CONFIG}}</html>";
const char kScript[] = "export const answer = 42; // padding padding padding padding";
const std::string kPng("\x89PNG\0\1\2\3", 8);
const char kLeaflet[] = "export function map() {}";

const unsigned char* Data(std::string_view bytes) {
  return reinterpret_cast<const unsigned char*>(bytes.data());
}

// Files prepared at run time the way cmake/embed_web.cmake prepares the compiled-in ones: ETags,
// gzip forms and the bundle hash from the run-time functions, files in path order.
class PreparedFiles {
 public:
  explicit PreparedFiles(const std::map<std::string, std::string>& files) {
    prepared_.reserve(files.size());  // files_ points into the elements
    BundleHasher hasher;
    for (const auto& [path, content] : files) {
      Prepared& file = prepared_.emplace_back(Prepared{path, MakeAsset(path, content), ""});
      file.etag = file.asset.etag;
      hasher.AddFile(file.path, file.etag);
    }
    for (const Prepared& file : prepared_) {
      const Asset& asset = file.asset;
      files_.push_back({file.path.c_str(), Data(asset.content), asset.content.size(),
                        file.etag.c_str(), asset.gzip.empty() ? nullptr : Data(asset.gzip),
                        asset.gzip.size()});
    }
    hash_ = hasher.Hex();
  }
  PreparedFiles(const PreparedFiles&) = delete;
  PreparedFiles& operator=(const PreparedFiles&) = delete;

  EmbeddedBundle Bundle() const { return {files_, hash_.c_str()}; }
  std::span<const EmbeddedFile> Files() const { return files_; }

 private:
  struct Prepared {
    std::string path;
    Asset asset;
    std::string etag;
  };
  std::vector<Prepared> prepared_;
  std::vector<EmbeddedFile> files_;
  std::string hash_;
};

PreparedFiles SampleFiles() {
  return PreparedFiles({{"index.html", kIndex},
                        {"lib/app.js", kScript},
                        {"logo.png", kPng},
                        {"vendor/leaflet/leaflet.esm.min.js", kLeaflet}});
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

TEST_CASE("Embedded files are found with type, ETag and a gzip form for text, not copied",
          "[web][catalog]") {
  const PreparedFiles files = SampleFiles();
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(files.Bundle());
  CHECK(catalog.source() == AssetSource::kEmbedded);
  CHECK(catalog.BundleHash() == files.Bundle().hash);

  auto script = catalog.Find("lib/app.js");
  REQUIRE(script.ok());
  CHECK(script->content_type == "text/javascript; charset=utf-8");
  CHECK(script->content == kScript);
  CHECK(script->etag == "\"" + ContentHashHex(kScript) + "\"");
  REQUIRE_FALSE(script->gzip.empty());
  CHECK(test_support::Gunzip(script->gzip) == script->content);
  // Views over the embedded bytes themselves.
  const EmbeddedFile& embedded = files.Files()[1];
  CHECK(script->content.data() == reinterpret_cast<const char*>(embedded.data));
  CHECK(script->gzip.data() == reinterpret_cast<const char*>(embedded.gzip));
  CHECK(script->storage == nullptr);

  auto png = catalog.Find("logo.png");
  REQUIRE(png.ok());
  CHECK(png->content_type == "image/png");
  CHECK(png->gzip.empty());
  CHECK(png->content == kPng);

  for (const char* path : {"index.html", "vendor/leaflet/leaflet.esm.min.js"}) {
    INFO(path);
    CHECK(catalog.Find(path).ok());
  }
  for (const char* path : {"missing.js", "../lib/app.js", "lib", "lib/app.j", "lib/app.jss", "a"}) {
    INFO(path);
    CHECK(catalog.Find(path).error().kind == util::ErrorKind::kNotFound);
  }
}

TEST_CASE("MakeAsset hashes the content and keeps a gzip form only when it is smaller",
          "[web][catalog]") {
  const Asset script = MakeAsset("lib/app.js", kScript);
  CHECK(script.content == kScript);
  CHECK(script.etag == "\"" + ContentHashHex(kScript) + "\"");
  CHECK(test_support::Gunzip(script.gzip) == kScript);
  CHECK(script.storage != nullptr);
  CHECK(MakeAsset("tiny.js", "x").gzip.empty());
  CHECK(MakeAsset("logo.png", std::string(1000, 'x')).gzip.empty());
  // Copies share the bytes, which live as long as any copy.
  Asset copy;
  {
    const Asset original = MakeAsset("a.css", std::string(500, 'a'));
    copy = original;
  }
  CHECK(copy.content == std::string(500, 'a'));
}

TEST_CASE("Content hashes are the start of SHA-256, as the build computes them", "[web][catalog]") {
  CHECK(ContentHashHex("") == "e3b0c44298fc1c14");
  CHECK(ContentHashHex("abc") == "ba7816bf8f01cfea");
  CHECK(ContentHashHex(std::string("a\0b", 3)) != ContentHashHex("a"));
}

TEST_CASE("The bundle hash is 12 hex digits and changes with any file", "[web][catalog]") {
  auto hash_of = [](const std::vector<std::pair<std::string, std::string>>& files) {
    BundleHasher hasher;
    for (const auto& [path, etag] : files) hasher.AddFile(path, etag);
    return hasher.Hex();
  };
  const std::string first = hash_of({{"app.js", "\"1\""}, {"lib/x.js", "\"2\""}});
  CHECK(first.size() == 12);
  CHECK(first.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(hash_of({{"app.js", "\"1\""}, {"lib/x.js", "\"2\""}}) == first);
  CHECK(hash_of({{"app.js", "\"1\""}, {"lib/x.js", "\"3\""}}) != first);
  CHECK(hash_of({{"app.js", "\"1\""}}) != first);
  CHECK(hash_of({{"app.js", "\"1\""}, {"lib/y.js", "\"2\""}}) != first);
  // Each field is framed by its length: moving bytes between fields changes the hash.
  CHECK(hash_of({{"ab", "c"}}) != hash_of({{"a", "bc"}}));
  // The documented input, which cmake/embed_web.cmake writes too.
  CHECK(hash_of({{"app.js", "\"1\""}}) == ContentHashHex("6:app.js3:\"1\"").substr(0, 12));
}

TEST_CASE("A development folder is read at each lookup, Leaflet stays embedded", "[web][catalog]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  WriteFile(root / "index.html", "<html>{{ASSETS}}</html>");
  WriteFile(root / "app.js", "one");
  WriteFile(root / "vendor/leaflet/leaflet.esm.min.js", "not the embedded copy");
  const PreparedFiles files = SampleFiles();
  auto catalog = AssetCatalog::FromDirectory(root.string(), files.Files());
  REQUIRE(catalog.ok());
  CHECK(catalog->source() == AssetSource::kDirectory);

  CHECK(catalog->Find("app.js")->content == "one");
  const std::string hash = catalog->BundleHash();
  WriteFile(root / "app.js", "two");
  CHECK(catalog->Find("app.js")->content == "two");
  CHECK(catalog->BundleHash() != hash);
  CHECK(catalog->Find("vendor/leaflet/leaflet.esm.min.js")->content == kLeaflet);
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

  CHECK(catalog->Find("alias.js")->content == "inside");
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

TEST_CASE("A development folder holding the embedded files has their bundle hash and ETags",
          "[web][catalog]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  const std::map<std::string, std::string> web = {
      {"index.html", kIndex}, {"lib/app.js", kScript}, {"logo.png", kPng}, {"z.css", "a {}"}};
  for (const auto& [path, content] : web) WriteFile(root / path, content);
  std::map<std::string, std::string> embedded = web;
  embedded["vendor/leaflet/leaflet.esm.min.js"] = kLeaflet;
  const PreparedFiles files(embedded);
  auto folder = AssetCatalog::FromDirectory(root.string(), files.Files());
  REQUIRE(folder.ok());
  const AssetCatalog compiled = AssetCatalog::FromEmbedded(files.Bundle());
  CHECK(folder->BundleHash() == compiled.BundleHash());
  for (const auto& [path, content] : embedded) {
    INFO(path);
    CHECK(folder->Find(path)->etag == compiled.Find(path)->etag);
  }
}

TEST_CASE("The built-in catalog holds the shell page and Leaflet", "[web][catalog]") {
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(EmbeddedWebApp());
  auto index = catalog.Find("index.html");
  REQUIRE(index.ok());
  CHECK(index->content.find("{{ASSETS}}") != std::string::npos);
  for (const char* path : {"vendor/leaflet/leaflet.esm.min.js", "vendor/leaflet/leaflet.css",
                           "vendor/leaflet/images/marker-icon.png"}) {
    INFO(path);
    CHECK(catalog.Find(path).ok());
  }
}

// The build computes what development mode computes at run time; these hold it to the same
// definitions (web/content_hash.h, web/media_types.h, web/gzip.h).
TEST_CASE("Compiled-in files are in path order with ETags that hash their bytes",
          "[web][catalog]") {
  const EmbeddedBundle bundle = EmbeddedWebApp();
  REQUIRE(bundle.files.size() > 3);
  for (size_t i = 0; i < bundle.files.size(); ++i) {
    const EmbeddedFile& file = bundle.files[i];
    INFO(file.path);
    CHECK(IsSafeAssetPath(file.path));
    if (i > 0) CHECK(std::string_view(bundle.files[i - 1].path) < std::string_view(file.path));
    const std::string_view content(reinterpret_cast<const char*>(file.data), file.size);
    CHECK(std::string_view(file.etag) == "\"" + ContentHashHex(content) + "\"");
  }
}

TEST_CASE("Compiled-in gzip forms decode to their files and exist for text that shrinks",
          "[web][catalog]") {
  for (const EmbeddedFile& file : EmbeddedWebApp().files) {
    INFO(file.path);
    const std::string_view content(reinterpret_cast<const char*>(file.data), file.size);
    const bool compressible = IsCompressibleType(ContentTypeForPath(file.path));
    if (file.gzip != nullptr) {
      CHECK(compressible);
      CHECK(file.gzip_size < file.size);
      const std::string_view gzip(reinterpret_cast<const char*>(file.gzip), file.gzip_size);
      CHECK(test_support::Gunzip(gzip) == content);
    } else if (compressible) {
      // Text without a gzip form is text gzip does not shrink. (gzip(1) and zlib may differ by
      // a few bytes.)
      CHECK(GzipCompress(content).size() + 8 >= file.size);
    }
  }
}

TEST_CASE("The compiled-in bundle hash is the run-time bundle hash of the compiled-in files",
          "[web][catalog]") {
  const EmbeddedBundle bundle = EmbeddedWebApp();
  BundleHasher hasher;
  for (const EmbeddedFile& file : bundle.files) hasher.AddFile(file.path, file.etag);
  CHECK(hasher.Hex() == bundle.hash);
  CHECK(AssetCatalog::FromEmbedded(bundle).BundleHash() == bundle.hash);
}

}  // namespace
}  // namespace cairn::web
