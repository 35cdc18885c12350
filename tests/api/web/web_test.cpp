// The web app over HTTP: the shell page and its config, versioned assets and their caching,
// gzip, the History API fallback, --web-dir development mode, and the map tile flags.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>

#include "api/raw_http.h"
#include "api/test_server.h"
#include "test_support/gunzip.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLeaflet = "/vendor/leaflet/leaflet.esm.min.js";
constexpr const char* kYear = "public, max-age=31536000, immutable";

// "/assets/<12 hex digits>" as the shell page names it.
std::string AssetBase(const std::string& page) {
  std::smatch match;
  if (!std::regex_search(page, match, std::regex("/assets/[0-9a-f]{12}"))) return "";
  return match.str();
}

// The JSON in <script type="application/json" id="cairn-config">.
Json PageConfig(const std::string& page) {
  const std::string open = "id=\"cairn-config\">";
  const size_t start = page.find(open);
  if (start == std::string::npos) return Json();
  const size_t end = page.find("</script>", start);
  return Json::parse(page.substr(start + open.size(), end - start - open.size()), nullptr, false);
}

void WriteFile(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

// A web/ of our own, so tests do not depend on the web app's files of the day.
void WriteWebApp(const fs::path& root) {
  WriteFile(root / "index.html",
            "<!doctype html><link rel=\"stylesheet\" href=\"{{ASSETS}}/style.css\">"
            "<script type=\"application/json\" id=\"cairn-config\">{{CONFIG}}</script>"
            "<script type=\"module\" src=\"{{ASSETS}}/app.js\"></script>");
  WriteFile(root / "app.js", "import {x} from './lib/x.js';\nconsole.log(x);\n");
  WriteFile(root / "lib/x.js", "export const x = 1;\n");
  WriteFile(root / "style.css", "body { margin: 0; }\n");
  WriteFile(root / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
}

TEST_CASE("the shell page answers / with its config, asset base and security headers",
          "[api][web]") {
  TestServer server;
  const RawReply page = RawExchange(server.port(), "GET", "/");
  REQUIRE(page.status == 200);
  CHECK(page.Header("Content-Type") == "text/html; charset=utf-8");
  CHECK(page.Header("Cache-Control") == "no-cache");
  CHECK(page.Header("X-Content-Type-Options") == "nosniff");
  CHECK(page.Header("X-Frame-Options") == "DENY");
  CHECK(page.Header("Referrer-Policy") == "strict-origin-when-cross-origin");
  CHECK(page.Header("Content-Security-Policy") ==
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' "
        "data: blob: https://tile.openstreetmap.org; connect-src 'self'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'; object-src 'none'");
  CHECK(page.body.find("{{ASSETS}}") == std::string::npos);
  CHECK(page.body.find("{{CONFIG}}") == std::string::npos);
  CHECK_FALSE(AssetBase(page.body).empty());

  const Json config = PageConfig(page.body);
  REQUIRE(config.is_object());
  CHECK(config["tiles"] == "https://tile.openstreetmap.org/{z}/{x}/{y}.png");
  CHECK(config["attribution"].get<std::string>().find("OpenStreetMap") != std::string::npos);
  int code = 0;
  const std::string version = RunCommand(std::string(CAIRN_BINARY) + " --version", &code);
  CHECK(version == "cairn " + config["version"].get<std::string>() + "\n");
  CHECK(config["signup"] == true);
  CHECK(config["maxPhotoMb"] == 20);
  CHECK(config["maxTrackMb"] == 50);

  const std::string etag = page.Header("ETag");
  REQUIRE_FALSE(etag.empty());
  const RawReply again = RawExchange(server.port(), "GET", "/", "If-None-Match: " + etag + "\r\n");
  CHECK(again.status == 304);
  CHECK(again.body.empty());

  SECTION("app paths get the same page") {
    for (const char* path : {"/trails", "/trail/abc123def456ghi", "/settings",
                             "/reset-password?token=x", "/login", "/u/ann/lists"}) {
      INFO(path);
      const RawReply other = RawExchange(server.port(), "GET", path);
      CHECK(other.status == 200);
      CHECK(other.Header("ETag") == etag);
      CHECK(other.body == page.body);
    }
    const RawReply head = RawExchange(server.port(), "HEAD", "/trail/abc123def456ghi");
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    CHECK(head.Header("Content-Length") == std::to_string(page.body.size()));
  }
  SECTION("the API and file names are not the page") {
    const RawReply api = RawExchange(server.port(), "GET", "/api/v1/nope");
    CHECK(api.status == 404);
    CHECK(api.Header("Content-Type") == "application/json");
    CHECK(Json::parse(api.body)["status"] == 404);
    CHECK(server.Get("/api/v1/nope/deeper").status == 404);
    for (const char* path :
         {"/favicon.ico", "/robots.txt", "/assets", "/assets/", "/trail/x/photo.jpg", "/api"}) {
      INFO(path);
      CHECK(RawExchange(server.port(), "GET", path).status == 404);
    }
    CHECK(server.Post("/trails", Json::object()).status == 404);
  }
}

TEST_CASE("versioned assets are cached for a year, revalidate with 304 and answer HEAD",
          "[api][web]") {
  TestServer server;
  const std::string base = AssetBase(RawExchange(server.port(), "GET", "/").body);
  REQUIRE_FALSE(base.empty());

  const RawReply leaflet = RawExchange(server.port(), "GET", base + kLeaflet);
  REQUIRE(leaflet.status == 200);
  CHECK(leaflet.Header("Content-Type") == "text/javascript; charset=utf-8");
  CHECK(leaflet.Header("Cache-Control") == kYear);
  CHECK(leaflet.Header("X-Content-Type-Options") == "nosniff");
  CHECK_FALSE(leaflet.HasHeader("Content-Encoding"));
  std::ifstream original("/usr/share/javascript/leaflet/leaflet.esm.min.js", std::ios::binary);
  CHECK(leaflet.body == std::string(std::istreambuf_iterator<char>(original), {}));
  const std::string etag = leaflet.Header("ETag");
  CHECK(std::regex_match(etag, std::regex("\"[0-9a-f]{16}\"")));

  const RawReply same =
      RawExchange(server.port(), "GET", base + kLeaflet, "If-None-Match: " + etag + "\r\n");
  CHECK(same.status == 304);
  CHECK(same.body.empty());
  CHECK(same.Header("ETag") == etag);
  CHECK(same.Header("Cache-Control") == kYear);
  CHECK(RawExchange(server.port(), "GET", base + kLeaflet, "If-None-Match: \"other\"\r\n").status ==
        200);

  const RawReply head = RawExchange(server.port(), "HEAD", base + kLeaflet);
  CHECK(head.status == 200);
  CHECK(head.body.empty());
  CHECK(head.Header("Content-Length") == std::to_string(leaflet.body.size()));
  CHECK(head.Header("ETag") == etag);

  const RawReply css = RawExchange(server.port(), "GET", base + "/vendor/leaflet/leaflet.css");
  CHECK(css.status == 200);
  CHECK(css.Header("Content-Type") == "text/css; charset=utf-8");
  const RawReply icon =
      RawExchange(server.port(), "GET", base + "/vendor/leaflet/images/marker-icon.png");
  CHECK(icon.status == 200);
  CHECK(icon.Header("Content-Type") == "image/png");
  CHECK(icon.body.substr(1, 3) == "PNG");

  SECTION("an older hash gets today's file, never long-cached") {
    const RawReply old =
        RawExchange(server.port(), "GET", std::string("/assets/000000000000") + kLeaflet);
    CHECK(old.status == 200);
    CHECK(old.Header("Cache-Control") == "no-cache");
    CHECK(old.body == leaflet.body);
  }
  SECTION("unknown files are 404") {
    for (const std::string& path : {base + "/nope.js", base + "/vendor/leaflet/nope.js", base,
                                    base + "/", std::string("/assets/x")}) {
      INFO(path);
      const RawReply missing = RawExchange(server.port(), "GET", path);
      CHECK(missing.status == 404);
      CHECK(missing.Header("Cache-Control").find("immutable") == std::string::npos);
    }
  }
}

TEST_CASE("text is sent gzip-compressed when the client accepts it, once", "[api][web]") {
  TestServer server;
  const std::string base = AssetBase(RawExchange(server.port(), "GET", "/").body);
  for (const std::string& path : {base + kLeaflet, base + "/vendor/leaflet/leaflet.css",
                                  std::string("/"), std::string("/trail/abc")}) {
    INFO(path);
    const RawReply identity = RawExchange(server.port(), "GET", path);
    const RawReply gzip =
        RawExchange(server.port(), "GET", path, "Accept-Encoding: gzip, deflate, br\r\n");
    REQUIRE(identity.status == 200);
    REQUIRE(gzip.status == 200);
    CHECK_FALSE(identity.HasHeader("Content-Encoding"));
    CHECK(identity.Header("Vary") == "Accept-Encoding");
    CHECK(gzip.Header("Content-Encoding") == "gzip");
    CHECK(gzip.head.find("Content-Encoding", gzip.head.find("Content-Encoding") + 1) ==
          std::string::npos);
    CHECK(gzip.Header("Vary") == "Accept-Encoding");
    CHECK(gzip.body.size() < identity.body.size());
    CHECK(test_support::Gunzip(gzip.body) == identity.body);
    CHECK(gzip.Header("ETag") == identity.Header("ETag"));
    // Only br, or gzip refused: identity, and the server does not compress it either.
    for (const char* refuse : {"Accept-Encoding: br\r\n", "Accept-Encoding: gzip;q=0\r\n"}) {
      const RawReply plain = RawExchange(server.port(), "GET", path, refuse);
      CHECK_FALSE(plain.HasHeader("Content-Encoding"));
      CHECK(plain.body == identity.body);
    }
  }
  // A PNG is not compressed again.
  const RawReply png = RawExchange(server.port(), "GET", base + "/vendor/leaflet/images/layers.png",
                                   "Accept-Encoding: gzip\r\n");
  CHECK(png.status == 200);
  CHECK_FALSE(png.HasHeader("Content-Encoding"));

  SECTION("API JSON is gzip-compressed, never brotli (quality 11 takes seconds on a Pi)") {
    for (const char* accept :
         {"Accept-Encoding: gzip\r\n", "Accept-Encoding: gzip, deflate, br\r\n",
          "Accept-Encoding: br, gzip\r\n"}) {
      INFO(accept);
      const RawReply json = RawExchange(server.port(), "GET", "/api/v1/trail?perPage=100", accept);
      CHECK(json.status == 200);
      CHECK(json.Header("Content-Encoding") == "gzip");
      CHECK(json.Header("Vary") == "Accept-Encoding");
      CHECK(Json::parse(test_support::Gunzip(json.body)).contains("items"));
    }
    const RawReply only_br =
        RawExchange(server.port(), "GET", "/api/v1/trail?perPage=100", "Accept-Encoding: br\r\n");
    CHECK_FALSE(only_br.HasHeader("Content-Encoding"));
    CHECK(Json::parse(only_br.body).contains("items"));
  }
}

TEST_CASE("web-dir serves edits at once and never caches", "[api][web]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  WriteWebApp(root);
  TestServer server("", {"--web-dir", root.string()});
  const RawReply page = RawExchange(server.port(), "GET", "/trail/abc");
  REQUIRE(page.status == 200);
  CHECK(page.Header("Cache-Control") == "no-cache");
  CHECK(PageConfig(page.body)["maxTrackMb"] == 50);
  const std::string base = AssetBase(page.body);
  REQUIRE_FALSE(base.empty());

  const RawReply first = RawExchange(server.port(), "GET", base + "/lib/x.js");
  CHECK(first.status == 200);
  CHECK(first.body == "export const x = 1;\n");
  CHECK(first.Header("Cache-Control") == "no-cache");
  CHECK(first.Header("Content-Type") == "text/javascript; charset=utf-8");

  WriteFile(root / "lib/x.js", "export const x = 2;\n");
  const RawReply second = RawExchange(server.port(), "GET", base + "/lib/x.js");
  CHECK(second.body == "export const x = 2;\n");
  CHECK(second.Header("ETag") != first.Header("ETag"));
  const RawReply new_page = RawExchange(server.port(), "GET", "/");
  CHECK(AssetBase(new_page.body) != base);
  CHECK(new_page.Header("ETag") != page.Header("ETag"));

  WriteFile(root / "lib/new.js", "export const y = 3;\n");
  CHECK(RawExchange(server.port(), "GET", base + "/lib/new.js").body == "export const y = 3;\n");
  const RawReply icon = RawExchange(server.port(), "GET", "/favicon.svg");
  CHECK(icon.status == 200);
  CHECK(icon.Header("Content-Type") == "image/svg+xml");
  CHECK(icon.Header("Cache-Control") == "no-cache");
  CHECK(RawExchange(server.port(), "GET", "/favicon.ico").status == 404);
  // Leaflet still comes from the binary.
  const RawReply leaflet = RawExchange(server.port(), "GET", base + kLeaflet);
  CHECK(leaflet.status == 200);
  CHECK(leaflet.Header("Cache-Control") == "no-cache");
}

TEST_CASE("web-dir refuses traversal, encoded separators, hidden files and links out",
          "[api][web]") {
  test_support::TempDir dir;
  const fs::path root = dir.path() + "/web";
  WriteWebApp(root);
  WriteFile(root / ".env", "SECRET=1");
  WriteFile(dir.path() + "/secret.txt", "top secret");
  fs::create_symlink(dir.path() + "/secret.txt", root / "leak.txt");
  fs::create_symlink(dir.path(), root / "up");
  TestServer server("", {"--web-dir", root.string()});
  const std::string base = "/assets/000000000000";
  CHECK(RawExchange(server.port(), "GET", base + "/lib/x.js").status == 200);
  for (const std::string& target :
       {base + "/../secret.txt", base + "/lib/../../secret.txt", base + "/%2e%2e/secret.txt",
        base + "/%2E%2E%2Fsecret.txt", base + "/..%2fsecret.txt", base + "/lib%2fx.js",
        base + "/..%5csecret.txt", base + "/lib\\x.js", base + "/x.js%00.png",
        base + "//etc/passwd", base + "/%2fetc%2fpasswd", base + "/leak.txt",
        base + "/up/secret.txt", base + "/.env", base + "/lib", base + "/lib/",
        std::string("/assets/..%2f..%2fsecret.txt")}) {
    INFO(target);
    const RawReply reply = RawExchange(server.port(), "GET", target);
    CHECK(reply.status == 404);
    CHECK(reply.body.find("secret") == std::string::npos);
  }
}

TEST_CASE("web-dir without index.html stops the start with a message", "[api][web]") {
  test_support::TempDir dir;
  int code = 0;
  const std::string out =
      RunCommand(std::string(CAIRN_BINARY) + " serve --http 127.0.0.1:0 --dir " + dir.path() +
                     "/data --web-dir " + dir.path() + " 2>&1",
                 &code);
  CHECK(code == 1);
  CHECK(out.find("--web-dir") != std::string::npos);
  CHECK(out.find("has no index.html") != std::string::npos);
}

TEST_CASE("tiles flags reach the config and the CSP", "[api][web]") {
  SECTION("another tile server with subdomains and its attribution") {
    TestServer server(
        "", {"--tiles", "https://{s}.tiles.example.org/{z}/{x}/{y}.png", "--tiles-attribution",
             "Tiles <b>Example</b> & co", "--disable-signup", "--max-photo-mb", "7"});
    const RawReply page = RawExchange(server.port(), "GET", "/");
    const Json config = PageConfig(page.body);
    CHECK(config["tiles"] == "https://{s}.tiles.example.org/{z}/{x}/{y}.png");
    CHECK(config["attribution"] == "Tiles <b>Example</b> & co");
    CHECK(page.body.find("Tiles <b>") == std::string::npos);  // '<' escaped in the page
    CHECK(config["signup"] == false);
    CHECK(config["maxPhotoMb"] == 7);
    CHECK(page.Header("Content-Security-Policy")
              .find("img-src 'self' data: blob: https://*.tiles.example.org;") !=
          std::string::npos);
  }
  SECTION("none turns tiles off") {
    TestServer server("", {"--tiles", "none"});
    const RawReply page = RawExchange(server.port(), "GET", "/");
    const Json config = PageConfig(page.body);
    CHECK(config["tiles"] == "");
    CHECK(config["attribution"] == "");
    CHECK(page.Header("Content-Security-Policy").find("img-src 'self' data: blob:; ") !=
          std::string::npos);
  }
  SECTION("bad templates are refused naming the flag") {
    for (const char* bad :
         {"ftp://tiles.example.org/{z}/{x}/{y}.png", "https://tiles.example.org/{z}/{x}.png",
          "'https://x.org/{z}/{x}/{y};'", "tiles.example.org/{z}/{x}/{y}.png"}) {
      INFO(bad);
      int code = 0;
      const std::string out =
          RunCommand(std::string(CAIRN_BINARY) + " serve --tiles \"" + bad + "\" 2>&1", &code);
      CHECK(code == 2);
      CHECK(out.find("cairn: --tiles ") != std::string::npos);
    }
  }
}

}  // namespace
}  // namespace cairn::api_test
