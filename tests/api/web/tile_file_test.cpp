// --tiles-file over HTTP: the real binary checks the archive at start, names it in the page's
// config and serves it by byte ranges; the base-map data and the archive readers are embedded.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>

#include "api/raw_http.h"
#include "api/test_server.h"
#include "test_support/pmtiles_bytes.h"

namespace cairn::api_test {
namespace {

Json ConfigOf(const std::string& page) {
  const std::string open = "id=\"cairn-config\">";
  const size_t start = page.find(open);
  if (start == std::string::npos) return Json();
  const size_t end = page.find("</script>", start);
  return Json::parse(page.substr(start + open.size(), end - start - open.size()), nullptr, false);
}

std::string AssetBaseOf(const std::string& page) {
  std::smatch match;
  if (!std::regex_search(page, match, std::regex("/assets/[0-9a-f]{12}"))) return "";
  return match.str();
}

TEST_CASE("a PMTiles file is served by byte ranges and named in the page's config", "[api][web]") {
  test_support::TempDir dir;
  test_support::PmtilesFields fields;
  fields.tile_type = 1;
  fields.max_zoom = 14;
  const std::string bytes = test_support::PmtilesBytes(fields);
  const std::string path = dir.path() + "/alps.pmtiles";
  std::ofstream(path, std::ios::binary) << bytes;
  TestServer server("",
                    {"--tiles-file", path, "--tiles", "https://tile.example.org/{z}/{x}/{y}.png"});

  const RawReply page = RawExchange(server.port(), "GET", "/trails");
  const Json config = ConfigOf(page.body);
  CHECK(config["tiles"] == "");  // the file wins over --tiles
  CHECK(config["tilesFile"]["url"] == "/tiles/map.pmtiles");
  CHECK(config["tilesFile"]["type"] == "mvt");
  CHECK(config["tilesFile"]["maxZoom"] == 14);
  CHECK(config["attribution"].get<std::string>().find("OpenStreetMap") != std::string::npos);
  const std::string csp = page.Header("Content-Security-Policy");
  CHECK(csp.find("tile.example.org") == std::string::npos);
  CHECK(csp.find("connect-src 'self'") != std::string::npos);

  const RawReply head = RawExchange(server.port(), "GET", "/tiles/map.pmtiles",
                                    "Range: bytes=0-126\r\nAccept-Encoding: gzip\r\n");
  CHECK(head.status == 206);
  CHECK(head.Header("Content-Range") == "bytes 0-126/" + std::to_string(bytes.size()));
  CHECK(head.Header("Accept-Ranges") == "bytes");
  CHECK_FALSE(head.HasHeader("Content-Encoding"));
  CHECK(head.body == bytes.substr(0, 127));
  const std::string etag = head.Header("ETag");
  REQUIRE_FALSE(etag.empty());

  const RawReply tail = RawExchange(server.port(), "GET", "/tiles/map.pmtiles",
                                    "Range: bytes=-64\r\nIf-Range: " + etag + "\r\n");
  CHECK(tail.status == 206);
  CHECK(tail.body == std::string(64, 't'));
  const RawReply past = RawExchange(server.port(), "GET", "/tiles/map.pmtiles",
                                    "Range: bytes=" + std::to_string(bytes.size()) + "-\r\n");
  CHECK(past.status == 416);
  CHECK(past.Header("Content-Range") == "bytes */" + std::to_string(bytes.size()));
  const RawReply whole = RawExchange(server.port(), "GET", "/tiles/map.pmtiles");
  CHECK(whole.status == 200);
  CHECK(whole.body == bytes);
  // Only the configured archive is there.
  CHECK(RawExchange(server.port(), "GET", "/tiles/other.pmtiles").status == 404);

  // The vector reader is embedded as a module over the embedded Leaflet.
  const std::string base = AssetBaseOf(page.body);
  const RawReply reader =
      RawExchange(server.port(), "GET", base + "/vendor/protomaps-leaflet/protomaps-leaflet.mjs");
  CHECK(reader.status == 200);
  CHECK(reader.body.find("import*as Leaflet from\"../leaflet/leaflet.esm.min.js\"") !=
        std::string::npos);
  CHECK(reader.body.find("export default protomapsL;") != std::string::npos);
  CHECK(reader.body.find("BSD") != std::string::npos);  // its licence notice
}

TEST_CASE("without tiles the page names no archive and the Natural Earth data is embedded",
          "[api][web]") {
  TestServer server("", {"--tiles", "none"});
  const RawReply page = RawExchange(server.port(), "GET", "/");
  CHECK(ConfigOf(page.body)["tilesFile"].is_null());
  CHECK(RawExchange(server.port(), "GET", "/tiles/map.pmtiles").status == 404);
  const std::string base = AssetBaseOf(page.body);
  const RawReply world =
      RawExchange(server.port(), "GET", base + "/vendor/world-atlas/countries-110m.json");
  CHECK(world.status == 200);
  const Json topology = Json::parse(world.body, nullptr, false);
  CHECK(topology["type"] == "Topology");
  CHECK(topology["objects"].contains("land"));
  CHECK(topology["objects"].contains("countries"));
  CHECK(RawExchange(server.port(), "GET", base + "/vendor/world-atlas/countries-50m.json").status ==
        200);
  const RawReply licence =
      RawExchange(server.port(), "GET", base + "/vendor/world-atlas/LICENSE.txt");
  CHECK(licence.body.find("Michael Bostock") != std::string::npos);
}

TEST_CASE("a bad --tiles-file stops the start with a message", "[api][web]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  auto start = [&](const std::string& file, int* code) {
    return RunCommand(std::string(CAIRN_BINARY) + " serve --http 127.0.0.1:0 --dir " + data +
                          " --tiles-file '" + file + "' 2>&1",
                      code);
  };
  int code = 0;
  std::string out = start(dir.path() + "/missing.pmtiles", &code);
  CHECK(code == 1);
  CHECK(out.find("cairn: --tiles-file " + dir.path() + "/missing.pmtiles") != std::string::npos);

  std::ofstream(dir.path() + "/region.mbtiles") << std::string(200, 'x');
  out = start(dir.path() + "/region.mbtiles", &code);
  CHECK(code == 1);
  CHECK(out.find("is not a PMTiles archive") != std::string::npos);

  test_support::PmtilesFields v2;
  v2.version = 2;
  std::ofstream(dir.path() + "/old.pmtiles", std::ios::binary) << test_support::PmtilesBytes(v2);
  out = start(dir.path() + "/old.pmtiles", &code);
  CHECK(code == 1);
  CHECK(out.find("version 2") != std::string::npos);

  const std::string help = RunCommand(std::string(CAIRN_BINARY) + " --help", &code);
  CHECK(help.find("--tiles-file FILE") != std::string::npos);
  CHECK(help.find("wins") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
