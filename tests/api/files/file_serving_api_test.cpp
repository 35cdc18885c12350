// Reading files back over HTTP: types and caching headers, revalidation and ranges, thumbnails
// in every mode, who may fetch what, and requests that try to leave the storage folder.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "api/raw_http.h"
#include "api/test_files.h"
#include "api/test_gpx.h"

namespace cairn::api_test {
namespace {

std::string FileUrl(const std::string& collection, const std::string& record,
                    const std::string& name, const std::string& query = "") {
  return "/api/v1/files/" + collection + "/" + record + "/" + name + query;
}

// Uploads `files` to the trail and returns the stored names of its photos, in order.
Json UploadToTrail(TestServer& server, const std::string& token, const std::string& trail,
                   const Files& files) {
  Reply r = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {}, files);
  if (r.status != 200) throw std::runtime_error("upload: " + r.raw);
  return r.body;
}

// The whole response to a GET sent byte for byte, so that no client library cleans up "..",
// "%2e" or a NUL before the server sees them.
std::string RawGet(int port, const std::string& target, const std::string& headers = "") {
  return RawExchange(port, "GET", target, headers).raw;
}

int StatusOf(const std::string& response) {
  return response.size() > 12 ? std::atoi(response.c_str() + 9) : 0;
}

// What follows the blank line after the headers.
std::string BodyOf(const std::string& response) {
  const size_t end = response.find("\r\n\r\n");
  return end == std::string::npos ? "" : response.substr(end + 4);
}

// A 304's headers and its (empty) body, by a raw exchange: cpp-httplib's client waits for the
// body a 304's Content-Length describes.
std::string Revalidate(TestServer& server, const std::string& url, const std::string& header) {
  return RawGet(server.port(), url, header + "\r\n");
}

// Every path under the data dir outside storage/, with the database's own files left out
// (SQLite may touch its WAL at any time).
std::set<std::string> PathsOutsideStorage(const std::string& data_dir) {
  std::set<std::string> paths;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(data_dir)) {
    const std::string relative = std::filesystem::relative(entry.path(), data_dir).string();
    if (relative.rfind("storage", 0) == 0 || relative.rfind("data.db", 0) == 0) continue;
    paths.insert(relative);
  }
  return paths;
}

TEST_CASE("stored files come back whole, with their type, caching headers, ranges and 304s",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user, /*is_public=*/true);
  const std::string png = RedPng();
  const std::string jpeg = testing::MakeJpeg(40, 30, testing::ThreeBands);
  Json uploaded =
      UploadToTrail(server, token, trail, {{"photos", "a.png", png}, {"photos", "b.jpg", jpeg}});
  const std::string png_name = uploaded["photos"][0], jpeg_name = uploaded["photos"][1];

  // By collection name and by collection id alike.
  for (const std::string& collection : {std::string("trails"), std::string(kTrailsId)}) {
    INFO(collection);
    Reply r = server.Get(FileUrl(collection, trail, png_name));
    REQUIRE(r.status == 200);
    CHECK(r.raw == png);
    CHECK(r.Header("Content-Type") == "image/png");
    CHECK(r.Header("Content-Length") == std::to_string(png.size()));
    CHECK(r.Header("X-Content-Type-Options") == "nosniff");
    CHECK(r.Header("Content-Disposition") == "inline; filename=\"" + png_name + "\"");
    CHECK(r.Header("Cache-Control").find("public") != std::string::npos);
    CHECK(r.Header("Accept-Ranges") == "bytes");
    CHECK_FALSE(r.Header("ETag").empty());
    CHECK_FALSE(r.Header("Last-Modified").empty());
  }
  Reply j = server.Get(FileUrl("trails", trail, jpeg_name));
  CHECK(j.raw == jpeg);
  CHECK(j.Header("Content-Type") == "image/jpeg");

  Reply first = server.Get(FileUrl("trails", trail, png_name));
  const std::string etag = first.Header("ETag");
  SECTION("revalidation") {
    const std::string url = FileUrl("trails", trail, png_name);
    const std::string same = Revalidate(server, url, "If-None-Match: " + etag);
    CHECK(StatusOf(same) == 304);
    CHECK(BodyOf(same).empty());
    CHECK(same.find("\r\nETag: " + etag + "\r\n") != std::string::npos);
    // The length a 200 would have, never a made-up 0 (RFC 9110 8.6).
    CHECK(same.find("\r\nContent-Length: " + std::to_string(png.size()) + "\r\n") !=
          std::string::npos);
    CHECK(StatusOf(Revalidate(server, url, "If-None-Match: \"other\", W/" + etag)) == 304);
    CHECK(StatusOf(Revalidate(server, url, "If-None-Match: *")) == 304);
    CHECK(StatusOf(Revalidate(server, url,
                              "If-Modified-Since: " + first.Header("Last-Modified"))) == 304);
    CHECK(StatusOf(Revalidate(server, url, "If-Modified-Since: Thu, 01 Jan 1998 00:00:00 GMT")) ==
          200);
    const std::string changed = Revalidate(server, url, "If-None-Match: \"not-it\"");
    CHECK(StatusOf(changed) == 200);
    CHECK(BodyOf(changed) == png);
  }
  SECTION("ranges") {
    Reply head =
        server.SendWithHeaders("GET", FileUrl("trails", trail, png_name), {{"Range", "bytes=0-9"}});
    CHECK(head.status == 206);
    CHECK(head.raw == png.substr(0, 10));
    CHECK(head.Header("Content-Range") == "bytes 0-9/" + std::to_string(png.size()));
    Reply tail =
        server.SendWithHeaders("GET", FileUrl("trails", trail, png_name), {{"Range", "bytes=-7"}});
    CHECK(tail.status == 206);
    CHECK(tail.raw == png.substr(png.size() - 7));
    Reply open =
        server.SendWithHeaders("GET", FileUrl("trails", trail, png_name), {{"Range", "bytes=20-"}});
    CHECK(open.status == 206);
    CHECK(open.raw == png.substr(20));
    Reply beyond = server.SendWithHeaders("GET", FileUrl("trails", trail, png_name),
                                          {{"Range", "bytes=" + std::to_string(png.size()) + "-"}});
    CHECK(beyond.status == 416);
    CHECK(beyond.Header("Content-Range") == "bytes */" + std::to_string(png.size()));
    // A range for an older version (another ETag) gets the whole current file.
    Reply stale = server.SendWithHeaders("GET", FileUrl("trails", trail, png_name),
                                         {{"Range", "bytes=0-9"}, {"If-Range", "\"old\""}});
    CHECK(stale.status == 200);
    CHECK(stale.raw == png);
    Reply fresh = server.SendWithHeaders("GET", FileUrl("trails", trail, png_name),
                                         {{"Range", "bytes=0-9"}, {"If-Range", etag}});
    CHECK(fresh.status == 206);
  }
  SECTION("HEAD has the headers and no body") {
    Reply head = server.Send("HEAD", FileUrl("trails", trail, png_name));
    CHECK(head.status == 200);
    CHECK(head.raw.empty());
    CHECK(head.Header("Content-Length") == std::to_string(png.size()));
    CHECK(head.Header("ETag") == etag);
  }
  SECTION("download=1 and track files are attachments") {
    Reply download = server.Get(FileUrl("trails", trail, png_name, "?download=1"));
    CHECK(download.raw == png);
    CHECK(download.Header("Content-Disposition") == "attachment; filename=\"" + png_name + "\"");
    Json with_gpx = UploadToTrail(server, token, trail, {{"gpx", "walk.gpx", WalkGpx()}});
    const std::string gpx = with_gpx["gpx"];
    Reply track = server.Get(FileUrl("trails", trail, gpx));
    CHECK(track.raw == WalkGpx());
    CHECK(track.Header("Content-Type") == "application/gpx+xml");
    CHECK(track.Header("Content-Disposition") == "attachment; filename=\"" + gpx + "\"");
    // A thumbnail of a track is the track.
    CHECK(server.Get(FileUrl("trails", trail, gpx, "?thumb=100x100")).raw == WalkGpx());
  }
  SECTION("an SVG always carries the policy that stops its scripts and its styles' fetches") {
    Json svg = UploadToTrail(
        server, token, trail,
        {{"photos", "logo.svg",
          R"(<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" )"
          R"(height="4" style="fill:red"/></svg>)"}});
    const std::string name = svg["photos"][2];
    for (const char* query : {"", "?thumb=100x100", "?download=1"}) {
      Reply r = server.Get(FileUrl("trails", trail, name, query));
      CHECK(r.status == 200);
      CHECK(r.Header("Content-Type") == "image/svg+xml");
      CHECK(r.Header("Content-Security-Policy") ==
            "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      CHECK(r.Header("X-Content-Type-Options") == "nosniff");
    }
  }
}

struct ThumbCase {
  const char* size;
  int landscape_width, landscape_height;  // from an 800x400 source
  int portrait_width, portrait_height;    // from a 300x600 source
};
// The sizes of the server below; 100x100 is always made.
constexpr char kSizes[] = "200x100,200x100t,200x100b,200x100f,200x0,0x100";
const ThumbCase kThumbCases[] = {
    {"200x100", 200, 100, 200, 100},  {"200x100t", 200, 100, 200, 100},
    {"200x100b", 200, 100, 200, 100}, {"200x100f", 200, 100, 50, 100},
    {"200x0", 200, 100, 200, 400},    {"0x100", 200, 100, 50, 100},
    {"100x100", 100, 100, 100, 100},
};

TEST_CASE("thumbnails have the size of their mode for PNG, JPEG and WEBP, and are kept on disk",
          "[api][files]") {
  TestServer server("", {"--thumb-sizes", kSizes});
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user, /*is_public=*/true);
  struct Source {
    const char* name;
    std::string bytes;
    const char* type;
    bool portrait;
  };
  const std::vector<Source> sources = {
      {"l.png", testing::MakePng(800, 400, testing::TopWhiteBottomBlack), "image/png", false},
      {"p.png", testing::MakePng(300, 600, testing::TopWhiteBottomBlack), "image/png", true},
      {"l.jpg", testing::MakeJpeg(800, 400, testing::TopWhiteBottomBlack), "image/jpeg", false},
      {"p.jpg", testing::MakeJpeg(300, 600, testing::TopWhiteBottomBlack), "image/jpeg", true},
      {"l.webp",
       testing::MakeWebp(800, 400, testing::TopWhiteBottomBlack, 3, testing::WebpKind::kLossy),
       "image/webp", false},
      {"p.webp",
       testing::MakeWebp(300, 600, testing::TopWhiteBottomBlack, 3, testing::WebpKind::kLossless),
       "image/webp", true},
  };
  Files files;
  for (const auto& s : sources) files.emplace_back("photos", s.name, s.bytes);
  Json uploaded = UploadToTrail(server, token, trail, files);
  REQUIRE(uploaded["photos"].size() == sources.size());

  for (size_t i = 0; i < sources.size(); ++i) {
    const Source& source = sources[i];
    const std::string name = uploaded["photos"][i];
    for (const ThumbCase& c : kThumbCases) {
      INFO(source.name << " ?thumb=" << c.size);
      Reply r = server.Get(FileUrl("trails", trail, name, std::string("?thumb=") + c.size));
      REQUIRE(r.status == 200);
      CHECK(r.Header("Content-Type") == source.type);
      CHECK(r.Header("Content-Disposition") ==
            "inline; filename=\"" + std::string(c.size) + "_" + name + "\"");
      const testing::Decoded thumb = testing::DecodeRgba(r.raw);
      REQUIRE(thumb.width > 0);
      CHECK(thumb.width == (source.portrait ? c.portrait_width : c.landscape_width));
      CHECK(thumb.height == (source.portrait ? c.portrait_height : c.landscape_height));
      // The crops keep the part they name: a portrait's top is white, its bottom black.
      if (source.portrait && std::string(c.size) == "200x100t") {
        CHECK(testing::Near(thumb.At(100, 50), testing::kWhite));
      }
      if (source.portrait && std::string(c.size) == "200x100b") {
        CHECK(testing::Near(thumb.At(100, 50), testing::kBlack));
      }
      // Asked again, the same bytes come from the file made the first time.
      CHECK(server.Get(FileUrl("trails", trail, name, std::string("?thumb=") + c.size)).raw ==
            r.raw);
      const std::string cached = server.data_dir() + "/storage/" + kTrailsId + "/" + trail +
                                 "/thumbs_" + name + "/" + c.size + "_" + name;
      CHECK(std::filesystem::file_size(cached) == r.raw.size());
    }
    // Sizes this server does not make, and malformed ones, give the original.
    for (const char* other : {"300x300", "200x100x", "abc", "99999x99999", "-5x10"}) {
      INFO(source.name << " ?thumb=" << other);
      Reply r = server.Get(FileUrl("trails", trail, name, std::string("?thumb=") + other));
      CHECK(r.status == 200);
      CHECK(r.raw == source.bytes);
    }
  }
  // Nothing was made for the sizes refused.
  const std::string folder = server.data_dir() + "/storage/" + kTrailsId + "/" + trail;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    CHECK(entry.path().filename().string().rfind("300x300", 0) != 0);
  }
}

TEST_CASE("a record's files are seen by exactly those who may see the record", "[api][files]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [eve, eve_token] = server.CreateUser("eve");
  const std::string trail = NewTrail(server, ann_token, ann);
  const std::string png = RedPng();
  Json uploaded = UploadToTrail(server, ann_token, trail,
                                {{"photos", "a.png", png}, {"gpx", "walk.gpx", WalkGpx()}});
  const std::string photo = uploaded["photos"][0], track = uploaded["gpx"];
  const auto status = [&](const std::string& name, const std::string& token,
                          const std::string& query = "") {
    return server.Get(FileUrl("trails", trail, name, query), token).status;
  };

  for (const std::string& name : {photo, track}) {
    INFO(name);
    CHECK(status(name, ann_token) == 200);
    CHECK(status(name, eve_token) == 404);
    CHECK(status(name, "") == 404);
    CHECK(status(name, eve_token, "?thumb=100x100") == 404);
    CHECK(status(name, eve_token, "?download=1") == 404);
  }
  Reply own = server.Get(FileUrl("trails", trail, photo), ann_token);
  CHECK(own.Header("Cache-Control") == "private, no-cache");
  CHECK(own.Header("Vary").find("Authorization") != std::string::npos);
  // The 404 says no more than a missing file does.
  Reply hidden = server.Get(FileUrl("trails", trail, photo), eve_token);
  Reply missing = server.Get(FileUrl("trails", trail, "nothing_abcdefghij.png"), ann_token);
  CHECK(hidden.raw == missing.raw);

  SECTION("a share opens the files; removing it closes them") {
    Reply share = server.Put("/api/v1/trail-share",
                             {{"trail", trail}, {"user", bob}, {"permission", "view"}}, ann_token);
    REQUIRE(share.status == 200);
    CHECK(status(photo, bob_token) == 200);
    CHECK(status(photo, bob_token, "?thumb=100x100") == 200);
    REQUIRE(server.Delete("/api/v1/trail-share/" + share.body["id"].get<std::string>(), ann_token)
                .status == 200);
    CHECK(status(photo, bob_token) == 404);
  }
  SECTION("a link share's token opens them for anyone holding it, until it is revoked") {
    Reply link = server.Put("/api/v1/trail-link-share", {{"trail", trail}, {"permission", "view"}},
                            ann_token);
    REQUIRE(link.status == 200);
    const std::string query = "?share=" + link.body["token"].get<std::string>();
    Reply opened = server.Get(FileUrl("trails", trail, photo, query));
    CHECK(opened.status == 200);
    CHECK(opened.raw == png);
    CHECK(opened.Header("Cache-Control") == "private, no-cache");
    CHECK(status(track, "", query) == 200);
    CHECK(status(photo, "", query + "&thumb=100x100") == 200);
    // The token opens this trail only.
    const std::string other = NewTrail(server, ann_token, ann);
    Json other_files = UploadToTrail(server, ann_token, other, {{"photos", "b.png", png}});
    CHECK(server.Get(FileUrl("trails", other, other_files["photos"][0], query)).status == 404);
    REQUIRE(
        server.Delete("/api/v1/trail-link-share/" + link.body["id"].get<std::string>(), ann_token)
            .status == 200);
    CHECK(status(photo, "", query) == 404);
  }
  SECTION("made public, they are everyone's, and cacheable") {
    REQUIRE(server.Post("/api/v1/trail/" + trail, {{"name", "Ridge"}, {"public", true}}, ann_token)
                .status == 200);
    Reply r = server.Get(FileUrl("trails", trail, photo));
    CHECK(r.status == 200);
    CHECK(r.Header("Cache-Control").rfind("public", 0) == 0);
    CHECK(r.Header("Vary").empty());
  }
  SECTION("a name is only served under the record that holds it") {
    const std::string other = NewTrail(server, eve_token, eve, /*is_public=*/true);
    CHECK(status(photo, eve_token) == 404);
    CHECK(server.Get(FileUrl("trails", other, photo), eve_token).status == 404);
    // The file is there on disk; the public trail just does not hold it.
    CHECK(std::filesystem::exists(server.data_dir() + "/storage/" + kTrailsId + "/" + trail + "/" +
                                  photo));
  }
  SECTION("avatars follow their user's and list's visibility") {
    Reply avatar = SendForm(server, "POST", "/api/v1/user/" + ann + "/file", ann_token, {},
                            {{"avatar", "me.png", png}});
    REQUIRE(avatar.status == 200);
    Reply seen = server.Get(FileUrl("users", ann, avatar.body["avatar"]), bob_token);
    CHECK(seen.status == 200);
    CHECK(seen.raw == png);
    Reply list = server.Put("/api/v1/list", {{"name", "Alps"}, {"author", ann}}, ann_token);
    REQUIRE(list.status == 200);
    const std::string list_id = list.body["id"];
    Reply list_avatar = SendForm(server, "POST", "/api/v1/list/" + list_id + "/file", ann_token, {},
                                 {{"avatar", "alps.png", png}});
    REQUIRE(list_avatar.status == 200);
    const std::string list_file = list_avatar.body["avatar"];
    const bool list_public = list.body["public"].get<bool>();
    CHECK(server.Get(FileUrl("lists", list_id, list_file), ann_token).status == 200);
    CHECK(server.Get(FileUrl("lists", list_id, list_file), eve_token).status ==
          (list_public ? 200 : 404));
  }
}

TEST_CASE("paths that try to leave the storage folder get nothing and touch nothing",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user, /*is_public=*/true);
  Json uploaded = UploadToTrail(server, token, trail, {{"photos", "a.png", RedPng()}});
  const std::string photo = uploaded["photos"][0];
  const std::string base = "/api/v1/files/trails/" + trail + "/";
  const std::set<std::string> before = PathsOutsideStorage(server.data_dir());

  const std::vector<std::string> targets = {
      base + "../../../data.db",
      base + "..%2f..%2f..%2fdata.db",
      base + "%2e%2e%2f%2e%2e%2f%2e%2e%2fdata.db",
      base + "%2E%2E/%2E%2E/%2E%2E/data.db",
      base + "..%252f..%252fdata.db",
      base + "%2fetc%2fpasswd",
      "/api/v1/files/trails/" + trail + "//etc/passwd",
      base + "..%5c..%5c..%5cdata.db",
      base + "..\\..\\..\\data.db",
      base + photo + "%00.html",
      base + "a.png%00",
      base + std::string(5000, 'a') + "_abcdefghij.png",
      base + std::string(300, 'a') + "_abcdefghij.png",
      base + "thumbs_" + photo,
      base + "thumbs_" + photo + "%2f100x100_" + photo,
      base + ".tmp-abcdefghijklmnop",
      "/api/v1/files/trails/..%2f..%2f/" + photo,
      "/api/v1/files/trails/%2e%2e/data.db",
      "/api/v1/files/..%2f..%2f/" + trail + "/" + photo,
      "/api/v1/files/%2e%2e/%2e%2e/data.db",
      "/api/v1/files/trails/" + trail + "/" + photo + "/..%2f..%2f..%2fdata.db",
      "/api/v1/files/trails/" + std::string(40, 'a') + "/" + photo,
      "/api/v1/files/" + std::string(kTrailsId) + "/..%2f" + std::string(kTrailsId) + "%2f" +
          trail + "/" + photo,
  };
  for (const std::string& target : targets) {
    INFO(target.substr(0, 200));
    const std::string response = RawGet(server.port(), target);
    const int code = StatusOf(response);
    CHECK((code == 404 || code == 400));
    CHECK(response.find("SQLite format 3") == std::string::npos);
    CHECK(response.find("root:") == std::string::npos);
    CHECK(response.find("\x89PNG") == std::string::npos);
  }
  // The server is still up, nothing new appeared outside storage/, and the photo is intact.
  Reply r = server.Get(FileUrl("trails", trail, photo));
  CHECK(r.status == 200);
  CHECK(r.raw == RedPng());
  CHECK(PathsOutsideStorage(server.data_dir()) == before);
  CHECK(StoredNames(server, kTrailsId, trail) == std::set<std::string>{photo});
}

TEST_CASE("a file removed from its record is gone, with its thumbnails", "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user, /*is_public=*/true);
  Json uploaded = UploadToTrail(server, token, trail, {{"photos", "a.png", RedPng()}});
  const std::string photo = uploaded["photos"][0];
  REQUIRE(server.Get(FileUrl("trails", trail, photo, "?thumb=100x100")).status == 200);
  const std::string thumbs =
      server.data_dir() + "/storage/" + kTrailsId + "/" + trail + "/thumbs_" + photo;
  REQUIRE(std::filesystem::is_directory(thumbs));

  Reply removed =
      SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {{"photos-", photo}}, {});
  REQUIRE(removed.status == 200);
  CHECK(removed.body["photos"].empty());
  CHECK(server.Get(FileUrl("trails", trail, photo)).status == 404);
  CHECK(server.Get(FileUrl("trails", trail, photo, "?thumb=100x100")).status == 404);
  CHECK_FALSE(std::filesystem::exists(thumbs));
  CHECK(StoredNames(server, kTrailsId, trail).empty());

  // Deleting the record removes its folder.
  Json again = UploadToTrail(server, token, trail, {{"photos", "b.png", RedPng()}});
  REQUIRE(server.Delete("/api/v1/trail/" + trail, token).status == 200);
  CHECK(server.Get(FileUrl("trails", trail, again["photos"][0])).status == 404);
  CHECK(StoredNames(server, kTrailsId, trail).empty());
}

}  // namespace
}  // namespace cairn::api_test
