// --tiles-file: the PMTiles header check at start, and the archive served by byte ranges.
#include "web/tile_archive.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "http/router.h"
#include "test_support/pmtiles_bytes.h"
#include "test_support/temp_dir.h"
#include "util/file_handle.h"
#include "web/asset_catalog.h"
#include "web/embedded_files.h"
#include "web/ui_config.h"
#include "web/web_routes.h"

namespace cairn::web {
namespace {

using test_support::PmtilesBytes;
using test_support::PmtilesFields;

util::Result<PmtilesHeader> Parse(const std::string& bytes) {
  return ParsePmtilesHeader(bytes, bytes.size());
}

std::string ErrorOf(const PmtilesFields& fields) {
  auto parsed = Parse(PmtilesBytes(fields));
  return parsed.ok() ? "" : parsed.error().message;
}

TEST_CASE("a PMTiles v3 header gives its tile type, zooms, bounds and centre", "[web][pmtiles]") {
  PmtilesFields fields;
  fields.tile_type = 1;
  fields.min_zoom = 3;
  fields.max_zoom = 14;
  fields.min_lon = -123.25;
  fields.max_lat = -33.5;
  fields.min_lat = -40.125;
  auto header = Parse(PmtilesBytes(fields));
  REQUIRE(header.ok());
  CHECK(header->tile_type == TileType::kMvt);
  CHECK(TileTypeName(header->tile_type) == "mvt");
  CHECK(header->min_zoom == 3);
  CHECK(header->max_zoom == 14);
  CHECK(header->min_lon == Approx(-123.25).margin(1e-7));
  CHECK(header->min_lat == Approx(-40.125).margin(1e-7));
  CHECK(header->max_lon == Approx(10.5).margin(1e-7));
  CHECK(header->max_lat == Approx(-33.5).margin(1e-7));
  CHECK(header->center_zoom == 1);
  CHECK(header->center_lon == Approx(8.2).margin(1e-7));
  CHECK(header->center_lat == Approx(46.8).margin(1e-7));
  for (auto [code, name] : {std::pair{2, "png"}, {3, "jpeg"}, {4, "webp"}}) {
    fields.tile_type = code;
    auto raster = Parse(PmtilesBytes(fields));
    REQUIRE(raster.ok());
    CHECK(TileTypeName(raster->tile_type) == name);
  }
}

TEST_CASE("a file that is not a usable PMTiles v3 archive is refused saying why",
          "[web][pmtiles]") {
  CHECK(Parse("PMTiles\3").error().message.find("too short") != std::string::npos);
  std::string mbtiles = PmtilesBytes();
  mbtiles.replace(0, 7, "SQLite ");
  CHECK(Parse(mbtiles).error().message.find("not a PMTiles archive") != std::string::npos);
  PmtilesFields fields;
  fields.version = 2;
  CHECK(ErrorOf(fields).find("version 2") != std::string::npos);
  fields = {};
  for (int type : {0, 5, 9}) {
    fields.tile_type = type;
    CHECK(ErrorOf(fields).find("tiles of type " + std::to_string(type)) != std::string::npos);
  }
  fields = {};
  fields.min_zoom = 9;
  fields.max_zoom = 4;
  CHECK(ErrorOf(fields).find("zoom levels 9 to 4") != std::string::npos);
  fields = {};
  fields.max_zoom = 31;
  CHECK(ErrorOf(fields).find("zoom") != std::string::npos);
  fields = {};
  fields.max_lat = 95;
  CHECK(ErrorOf(fields).find("bounds") != std::string::npos);
  fields = {};
  fields.min_lon = 20;  // east of max_lon
  CHECK(ErrorOf(fields).find("bounds") != std::string::npos);
  fields = {};
  fields.tiles_length_extra = 1;
  CHECK(ErrorOf(fields).find("cut short") != std::string::npos);
  fields = {};
  fields.root = "";
  CHECK(ErrorOf(fields).find("cut short") != std::string::npos);
  // A header whose sections point past the file it came from (the rest was not downloaded).
  const std::string whole = PmtilesBytes();
  CHECK_FALSE(ParsePmtilesHeader(whole, 127).ok());
  CHECK(Parse(whole).ok());
}

TEST_CASE("OpenTileArchive checks the file at its path, following a link", "[web][pmtiles]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/alps.pmtiles";
  std::ofstream(path, std::ios::binary) << PmtilesBytes();
  auto archive = OpenTileArchive(path);
  REQUIRE(archive.ok());
  CHECK(archive->header.tile_type == TileType::kPng);
  CHECK(archive->file->size() == PmtilesBytes().size());
  CHECK(archive->etag.front() == '"');

  std::filesystem::create_symlink(path, dir.path() + "/current.pmtiles");
  CHECK(OpenTileArchive(dir.path() + "/current.pmtiles").ok());

  auto missing = OpenTileArchive(dir.path() + "/none.pmtiles");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message.find(dir.path() + "/none.pmtiles") == 0);
  CHECK_FALSE(OpenTileArchive(dir.path()).ok());  // a folder
  std::ofstream(dir.path() + "/region.mbtiles") << "SQLite format 3";
  auto other = OpenTileArchive(dir.path() + "/region.mbtiles");
  REQUIRE_FALSE(other.ok());
  CHECK(other.error().message.find("too short") != std::string::npos);
}

std::string HeaderOf(const http::Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

// The bytes a response's file body names.
std::string BodyOf(const http::Response& response) {
  if (!response.file_body) return "";
  std::string out(response.file_body->length, '\0');
  auto read = response.file_body->file->ReadAt(response.file_body->offset, out.data(), out.size());
  return read.ok() ? out.substr(0, *read) : "";
}

TEST_CASE("the archive is served by byte ranges and named in the UI config", "[web][pmtiles]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/region.pmtiles";
  const std::string bytes = PmtilesBytes();
  std::ofstream(path, std::ios::binary) << bytes;
  auto archive = OpenTileArchive(path);
  REQUIRE(archive.ok());
  const std::string etag = archive->etag;
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(EmbeddedWebApp());
  WebRoutes routes(catalog,
                   {.ui = {.tiles = *ParseTileTemplate("none")}, .tile_archive = *archive});
  http::Router router;
  routes.Register(router);
  auto get = [&](std::vector<std::pair<std::string, std::string>> headers) {
    http::Request request{.method = "GET", .path = std::string(kTileArchivePath)};
    request.raw_path = request.path;
    for (auto& [key, value] : headers) request.headers[key] = value;
    return router.Dispatch(request);
  };

  http::Response header = get({{"Range", "bytes=0-126"}});
  CHECK(header.status == 206);
  CHECK(HeaderOf(header, "Content-Range") == "bytes 0-126/" + std::to_string(bytes.size()));
  CHECK(BodyOf(header) == bytes.substr(0, 127));
  CHECK(header.content_type == "application/vnd.pmtiles");
  CHECK(HeaderOf(header, "ETag") == etag);
  CHECK_FALSE(header.server_may_compress);

  // The readers ask for more than there is at first (16 KB): the range ends at the file's end.
  http::Response first = get({{"Range", "bytes=0-16383"}});
  CHECK(first.status == 206);
  CHECK(BodyOf(first) == bytes);
  http::Response tiles = get({{"Range", "bytes=" + std::to_string(bytes.size() - 64) + "-"}});
  CHECK(tiles.status == 206);
  CHECK(BodyOf(tiles) == std::string(64, 't'));

  http::Response past = get({{"Range", "bytes=" + std::to_string(bytes.size()) + "-"}});
  CHECK(past.status == 416);
  CHECK(HeaderOf(past, "Content-Range") == "bytes */" + std::to_string(bytes.size()));
  CHECK_FALSE(past.file_body);
  // The file changed since the reader's first range: the whole (new) file, not a piece of it.
  CHECK(get({{"Range", "bytes=0-126"}, {"If-Range", "\"older\""}}).status == 200);
  CHECK(get({{"Range", "bytes=0-126"}, {"If-Range", etag}}).status == 206);
  CHECK(get({{"If-None-Match", etag}}).status == 304);
  CHECK(get({}).status == 200);

  // The page's config names the archive and its header, and no tile server.
  const nlohmann::json config = nlohmann::json::parse(UiConfigJson(
      {.tiles = *ParseTileTemplate(kDefaultTileTemplate), .tile_archive = archive->header}));
  CHECK(config["tiles"] == "");
  CHECK(config["tilesFile"]["url"] == "/tiles/map.pmtiles");
  CHECK(config["tilesFile"]["type"] == "png");
  CHECK(config["tilesFile"]["minZoom"] == 0);
  CHECK(config["tilesFile"]["maxZoom"] == 2);
  CHECK(config["tilesFile"]["bounds"][0].get<double>() == Approx(5.9).margin(1e-7));
  CHECK(config["tilesFile"]["bounds"][3].get<double>() == Approx(47.8).margin(1e-7));
  CHECK(config["tilesFile"]["center"][2] == 1);
  CHECK(nlohmann::json::parse(UiConfigJson({}))["tilesFile"].is_null());
}

TEST_CASE("without an archive there is no archive route", "[web][pmtiles]") {
  const AssetCatalog catalog = AssetCatalog::FromEmbedded(EmbeddedWebApp());
  WebRoutes routes(catalog, {.not_found = [](const http::Request&) {
                     return http::Response{404, "text/plain", "none", {}};
                   }});
  http::Router router;
  routes.Register(router);
  http::Request request{.method = "GET", .path = std::string(kTileArchivePath)};
  request.raw_path = request.path;
  CHECK(router.Dispatch(request).status == 404);
}

}  // namespace
}  // namespace cairn::web
