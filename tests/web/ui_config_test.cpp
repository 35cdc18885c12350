// The shell page's config, placeholders, CSP and tile templates.
#include "web/ui_config.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <vector>

#include "web/media_types.h"
#include "web/security_headers.h"
#include "web/shell_page.h"
#include "web/tile_source.h"

namespace cairn::web {
namespace {

TEST_CASE("Tile templates are checked and give the CSP origin", "[web][tiles]") {
  struct Case {
    const char* text;
    const char* origin;  // nullptr: refused
  };
  const std::vector<Case> cases = {
      {"https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"},
      {"https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "https://*.tile.openstreetmap.org"},
      {"http://tiles-{s}.example.org:8080/{z}/{x}/{y}.png?key=a", "http://*.example.org:8080"},
      {"http://localhost:8081/{z}/{x}/{y}", "http://localhost:8081"},
      {"ftp://tile.example.org/{z}/{x}/{y}.png", nullptr},
      {"tile.example.org/{z}/{x}/{y}.png", nullptr},
      {"https://tile.example.org/{z}/{x}.png", nullptr},
      {"https://tile.example.org/{x}/{y}.png", nullptr},
      {"https://tile.example.org/{z}/{x}/{y}.png; script-src *", nullptr},
      {"https://tile.example.org/{z}/{x}/{y}.png'", nullptr},
      {"https://tile.example.org/{z}/{x}/{y}.png,x", nullptr},
      {"https://user@tile.example.org/{z}/{x}/{y}.png", nullptr},
      {"https://tile.{s}.example.org/{z}/{x}/{y}.png", nullptr},
      {"https://{s}/{z}/{x}/{y}.png", nullptr},
      {"https://tile.example.org:99x/{z}/{x}/{y}.png", nullptr},
      {"https:///{z}/{x}/{y}.png", nullptr},
      {"", nullptr},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    auto tiles = ParseTileTemplate(c.text);
    if (c.origin) {
      REQUIRE(tiles.ok());
      CHECK(tiles->origin == c.origin);
      CHECK(tiles->url_template == c.text);
    } else {
      CHECK_FALSE(tiles.ok());
    }
  }
  auto none = ParseTileTemplate("none");
  REQUIRE(none.ok());
  CHECK_FALSE(none->enabled());
  CHECK(ParseTileTemplate(kDefaultTileTemplate).ok());
}

TEST_CASE("The UI config is JSON that cannot close its script element", "[web][config]") {
  UiConfig config{.tiles = *ParseTileTemplate(kDefaultTileTemplate),
                  .attribution = "&copy; <a href=\"x\">OSM</a></script><script>alert(1)",
                  .version = "1.2.3",
                  .signup = false,
                  .max_photo_mb = 7,
                  .max_track_mb = 9,
                  .routing = true};
  const std::string text = UiConfigJson(config);
  CHECK(text.find('<') == std::string::npos);
  CHECK(text.find("\\u003c/script>") != std::string::npos);
  const auto json = nlohmann::json::parse(text);
  CHECK(json["tiles"] == std::string(kDefaultTileTemplate));
  CHECK(json["attribution"] == config.attribution);
  CHECK(json["version"] == "1.2.3");
  CHECK(json["signup"] == false);
  CHECK(json["maxPhotoMb"] == 7);
  CHECK(json["maxTrackMb"] == 9);
  CHECK(json["routing"] == true);
  CHECK(text.starts_with("{\"tiles\":"));

  config.tiles = TileSource{};
  const auto off = nlohmann::json::parse(UiConfigJson(config));
  CHECK(off["tiles"] == "");
  CHECK(off["attribution"] == "");
  config.routing = false;
  CHECK(nlohmann::json::parse(UiConfigJson(config))["routing"] == false);
}

TEST_CASE("The shell page gets its asset base and config in every placeholder", "[web][page]") {
  CHECK(RenderShellPage("<a href=\"{{ASSETS}}/x.css\">{{CONFIG}}</a>{{ASSETS}}/y.js", "/assets/ab",
                        "{}") == "<a href=\"/assets/ab/x.css\">{}</a>/assets/ab/y.js");
  CHECK(RenderShellPage("{{ {{OTHER}} {{ASSETS", "/a", "{}") == "{{ {{OTHER}} {{ASSETS");
  // Replaced text is not searched again.
  CHECK(RenderShellPage("{{CONFIG}}", "/a", "{\"x\":\"{{ASSETS}}\"}") == "{\"x\":\"{{ASSETS}}\"}");
  CHECK(RenderShellPage("", "/a", "{}").empty());
}

TEST_CASE("The CSP names the tile origin only when tiles are on", "[web][csp]") {
  CHECK(ContentSecurityPolicy("https://*.tile.openstreetmap.org") ==
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' "
        "data: blob: https://*.tile.openstreetmap.org; connect-src 'self'; frame-ancestors "
        "'none'; base-uri 'none'; form-action 'self'; object-src 'none'");
  CHECK(ContentSecurityPolicy("").find("img-src 'self' data: blob:; connect-src") !=
        std::string::npos);
  const HeaderList page = PageSecurityHeaders("");
  auto has = [&](const std::string& name, const std::string& value) {
    for (const auto& [k, v] : page) {
      if (k == name && v == value) return true;
    }
    return false;
  };
  CHECK(has("X-Content-Type-Options", "nosniff"));
  CHECK(has("Referrer-Policy", "strict-origin-when-cross-origin"));
  CHECK(has("X-Frame-Options", "DENY"));
}

TEST_CASE("Content types follow the extension", "[web][types]") {
  struct Case {
    const char* path;
    const char* type;
    bool compressible;
  };
  const std::vector<Case> cases = {
      {"app.js", "text/javascript; charset=utf-8", true},
      {"lib/x.MJS", "text/javascript; charset=utf-8", true},
      {"style.css", "text/css; charset=utf-8", true},
      {"index.html", "text/html; charset=utf-8", true},
      {"favicon.svg", "image/svg+xml", true},
      {"data.json", "application/json", true},
      {"images/marker-icon.png", "image/png", false},
      {"fonts/a.woff2", "font/woff2", false},
      {"README", "application/octet-stream", false},
      {"dir.d/file", "application/octet-stream", false},
  };
  for (const auto& c : cases) {
    INFO(c.path);
    CHECK(ContentTypeForPath(c.path) == c.type);
    CHECK(IsCompressibleType(ContentTypeForPath(c.path)) == c.compressible);
  }
}

}  // namespace
}  // namespace cairn::web
