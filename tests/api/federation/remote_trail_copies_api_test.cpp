// Copies of another Cairn's trails: opened by handle (GET /trail/{id}?handle=@name@host) or kept
// for a follower, each comes with its GPS file, its photos and the comments made on its own
// server, merged with the comments made here; its author deleting it removes the copy and its
// files.
#include <catch2/catch.hpp>
#include <filesystem>

#include "api/federation/two_cairns.h"
#include "api/test_files.h"
#include "api/test_gpx.h"

namespace cairn::api_test {
namespace {

std::vector<std::string> Args() { return FederatingArgs(); }

// A public trail of `author` on `server` from a GPS file, with one photo; its record.
Json PublishedTrail(TestServer& server, const std::string& token, const std::string& gpx) {
  Reply uploaded =
      SendForm(server, "PUT", "/api/v1/trail/upload", token, {}, {{"file", "walk.gpx", gpx}});
  INFO(uploaded.raw);
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  Reply photo = SendForm(server, "POST", "/api/v1/trail/" + id + "/file", token, {},
                         {{"photos", "view.jpg", testing::MakeJpeg(40, 30, testing::ThreeBands)}});
  INFO(photo.raw);
  REQUIRE(photo.status == 200);
  Reply published = server.Post("/api/v1/trail/" + id,
                                {{"name", uploaded.body["name"]}, {"public", true}}, token);
  INFO(published.raw);
  REQUIRE(published.status == 200);
  return published.body;
}

std::string FileOf(TestServer& server, const std::string& trail, const std::string& name,
                   const std::string& token) {
  return server.Get("/api/v1/files/trails/" + trail + "/" + name, token).raw;
}

TEST_CASE("a trail of another Cairn opens by handle with its track, photos and comments",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");
  auto [cyd, cyd_token] = two.CreateUser("cyd");
  const std::string gpx = WalkGpx("Meridian walk");
  const Json original = PublishedTrail(two, bea_token, gpx);
  const std::string there = original["id"];
  Reply said = two.Put("/api/v1/comment",
                       {{"author", cyd}, {"trail", there}, {"text", "Count me in"}}, cyd_token);
  REQUIRE(said.status == 200);
  const std::string secret =
      two.CreateTrail(bea_token, bea, {{"name", "Bothy"}, {"public", false}});
  const std::string handle = Url("@bea@" + HostOf(two));

  // Reading another server is for people with an account here.
  CHECK(one.Get("/api/v1/trail/" + there + "?handle=" + handle).status == 401);
  Reply opened = one.Get("/api/v1/trail/" + there + "?handle=" + handle, ada_token);
  INFO(opened.raw);
  REQUIRE(opened.status == 200);
  INFO(one.ReadLog());
  const Json& copy = opened.body;
  const std::string here = copy["id"];
  CHECK(here != there);
  CHECK(copy["name"] == "Meridian walk");
  CHECK(copy["public"] == true);
  CHECK(copy["distance"] == Approx(original["distance"].get<double>()).margin(1));
  CHECK(copy["elevation_gain"] == Approx(original["elevation_gain"].get<double>()).margin(1));
  // The GPS file as it is there, byte for byte; the photo too.
  REQUIRE(copy["gpx"].is_string());
  CHECK(FileOf(one, here, copy["gpx"], ada_token) == gpx);
  REQUIRE(copy["photos"].size() == 1);
  CHECK(FileOf(one, here, copy["photos"][0], ada_token) ==
        FileOf(two, there, original["photos"][0], bea_token));
  Reply author = one.Get("/api/v1/user/" + copy["author"].get<std::string>(), ada_token);
  CHECK(author.body["username"] == "bea@" + HostOf(two));

  // cyd's comment made there is listed here; ada's made here joins it.
  Reply comments = one.Get("/api/v1/trail/" + here + "/comment", ada_token);
  INFO(comments.raw);
  REQUIRE(comments.body["items"].size() == 1);
  CHECK(comments.body["items"][0]["text"] == "Count me in");
  CHECK(comments.body["items"][0]["expand"]["author"]["username"] == "cyd@" + HostOf(two));
  REQUIRE(one.Put("/api/v1/comment", {{"author", ada}, {"trail", here}, {"text", "See you there"}},
                  ada_token)
              .status == 200);
  comments = one.Get("/api/v1/trail/" + here + "/comment", ada_token);
  REQUIRE(comments.body["items"].size() == 2);
  CHECK(comments.body["items"][0]["text"] == "See you there");
  // ... and reaches bea's server, which lists it in the trail's replies by its IRI here.
  CHECK(Eventually([&] {
    Reply replies = two.Get("/api/v1/activitypub/trail/" + there + "/replies");
    return replies.body["totalItems"] == 2;
  }));
  Reply replies = two.Get("/api/v1/activitypub/trail/" + there + "/replies");
  CHECK(replies.body["orderedItems"][0]["content"] == "<p>Count me in</p>");
  CHECK(replies.body["orderedItems"][1].get<std::string>().rfind(one.origin(), 0) == 0);

  // Opening it again by either id finds the same copy; what is not public there is not found.
  CHECK(one.Get("/api/v1/trail/" + there + "?handle=" + handle, ada_token).body["id"] == here);
  CHECK(one.Get("/api/v1/trail/" + here + "?handle=" + handle, ada_token).body["id"] == here);
  CHECK(one.Get("/api/v1/trail/" + secret + "?handle=" + handle, ada_token).status == 404);
  CHECK(one.Get("/api/v1/trail/zzzzzzzzzzzzzzz?handle=" + handle, ada_token).status == 404);
  CHECK(one.Get("/api/v1/trail/" + there + "?handle=" + Url("@nobody@" + HostOf(two)), ada_token)
            .status == 404);
  CHECK(two.Get("/api/v1/activitypub/trail/" + secret + "/replies").status == 404);
}

TEST_CASE("a followed person's new trail arrives with its track, and leaves with its files",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");
  FollowAccepted(one, ada_token, two, "bea");

  const std::string gpx = WalkGpx("Second walk", 12.0);
  const Json original = PublishedTrail(two, bea_token, gpx);
  Json copy;
  REQUIRE(Eventually([&] {
    Reply feed = one.Get("/api/v1/feed?expand=item", ada_token);
    for (const Json& item : feed.body["items"]) {
      if (item["type"] == "trail" && item["expand"]["item"]["gpx"].is_string() &&
          !item["expand"]["item"]["photos"].empty()) {
        copy = item["expand"]["item"];
      }
    }
    return !copy.is_null();
  }));
  const std::string here = copy["id"];
  CHECK(copy["name"] == "Second walk");
  CHECK(FileOf(one, here, copy["gpx"], ada_token) == gpx);
  CHECK(copy["lon"] == Approx(12.0).margin(0.01));
  const std::filesystem::path folder =
      std::filesystem::path(one.data_dir()) / "storage" / kTrailsId / here;
  CHECK(std::filesystem::exists(folder / copy["gpx"].get<std::string>()));

  // bea deletes it there: the copy and its stored files go here.
  REQUIRE(two.Delete("/api/v1/trail/" + original["id"].get<std::string>(), bea_token).status < 300);
  CHECK(Eventually([&] { return one.Get("/api/v1/trail/" + here, ada_token).status == 404; }));
  CHECK(Eventually(
      [&] { return !std::filesystem::exists(folder / copy["gpx"].get<std::string>()); }));
}

}  // namespace
}  // namespace cairn::api_test
