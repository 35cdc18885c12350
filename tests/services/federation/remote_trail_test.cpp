// Remote posts read as trails: a Note with a place or a GPS file is one, with its figures; a
// status without either is not; nonsense values are left out, never trusted.
#include "services/federation/remote_trail.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

using Json = nlohmann::json;

TEST_CASE("a trail's Note from another Cairn is read back into trail fields", "[federation]") {
  const Json note = {
      {"type", "Note"},
      {"name", "Ridge walk"},
      {"content", "<p><strong>Ridge walk</strong></p><p>Up &amp; over.</p>"},
      {"startTime", "2024-06-01T07:30:00Z"},
      {"published", "2024-06-02T10:00:00.123Z"},
      {"location",
       {{"type", "Place"}, {"name", "Snowdon"}, {"latitude", 53.07}, {"longitude", -4.08}}},
      {"attachment",
       {{{"type", "PropertyValue"}, {"name", "Distance"}, {"value", "12.3 km"}},
        {{"type", "PropertyValue"}, {"name", "Elevation gain"}, {"value", "678 m"}},
        {{"type", "PropertyValue"}, {"name", "Duration"}, {"value", "4:05 h"}},
        {{"type", "Document"}, {"mediaType", "application/gpx+xml"}, {"url", "https://x/a.gpx"}}}}};
  const auto trail = ReadRemoteTrail(note);
  REQUIRE(trail);
  CHECK(trail->name == "Ridge walk");
  CHECK(trail->description == "Ridge walk\n\nUp & over.");
  CHECK(trail->date == "2024-06-01 07:30:00.000Z");
  CHECK(trail->place == "Snowdon");
  CHECK(trail->lat == Approx(53.07));
  CHECK(trail->lon == Approx(-4.08));
  CHECK(trail->distance == Approx(12300));
  CHECK(trail->elevation_gain == Approx(678));
  CHECK(trail->duration == Approx(4 * 3600 + 5 * 60));
}

TEST_CASE("a post without a place or a GPS file is not a trail, and bad values are dropped",
          "[federation]") {
  CHECK_FALSE(ReadRemoteTrail({{"type", "Note"}, {"content", "<p>Nice weather</p>"}}));
  CHECK_FALSE(ReadRemoteTrail(Json::array()));
  CHECK_FALSE(ReadRemoteTrail({{"location", {{"latitude", 95}, {"longitude", 0}}}}));
  const auto gpx_only = ReadRemoteTrail(
      {{"content", "<p>Morning loop<br>with friends</p>"},
       {"published", "not a date"},
       {"attachment", {{"type", "Document"}, {"mediaType", "application/xml+gpx"}}}});
  REQUIRE(gpx_only);
  CHECK(gpx_only->name == "Morning loop");
  CHECK(gpx_only->date.empty());
  CHECK(gpx_only->lat == 0);
  const auto odd = ReadRemoteTrail(
      {{"location", {{"latitude", "47.5"}, {"longitude", 8.1}}},
       {"attachment",
        {{{"type", "PropertyValue"}, {"name", "Distance"}, {"value", "-3 km"}},
         {{"type", "PropertyValue"}, {"name", "Elevation gain"}, {"value", "2224 ft"}}}}});
  REQUIRE(odd);
  CHECK(odd->lat == Approx(47.5));
  CHECK(odd->distance == 0);
  CHECK(odd->elevation_gain == Approx(2224 * 0.3048));
}

TEST_CASE("a trail's GPS file and first photos are found among its attachments", "[federation]") {
  Json photos = Json::array();
  for (int i = 0; i < 6; ++i) {
    photos.push_back({{"type", "Image"},
                      {"mediaType", "image/jpeg"},
                      {"url", "https://a.example/p" + std::to_string(i) + ".jpg"}});
  }
  Json attachment = photos;
  // A Link's href, the first of a list, and addresses that are not http(s) are read as such.
  attachment.push_back({{"type", "Document"},
                        {"mediaType", "application/gpx+xml"},
                        {"url", {{{"type", "Link"}, {"href", "https://a.example/t.gpx"}}}}});
  attachment.push_back({{"type", "Document"},
                        {"mediaType", "application/gpx+xml"},
                        {"url", "https://a.example/second.gpx"}});
  const auto trail = ReadRemoteTrail({{"location", {{"latitude", 1}, {"longitude", 2}}},
                                      {"published", "2024-06-01T10:00:00Z"},
                                      {"updated", "2024-06-02T11:00:00Z"},
                                      {"attachment", attachment}});
  REQUIRE(trail);
  CHECK(trail->track_url == "https://a.example/t.gpx");
  REQUIRE(trail->photo_urls.size() == kMaxRemotePhotos);
  CHECK(trail->photo_urls[0] == "https://a.example/p0.jpg");
  CHECK(trail->updated == "2024-06-02 11:00:00.000Z");
  const auto unsafe = ReadRemoteTrail({{"attachment",
                                        {{{"type", "Document"},
                                          {"mediaType", "application/gpx+xml"},
                                          {"url", "file:///etc/passwd"}},
                                         {{"type", "Image"}, {"url", "javascript:alert(1)"}}}}});
  REQUIRE(unsafe);
  CHECK(unsafe->track_url.empty());
  CHECK(unsafe->photo_urls.empty());
}

TEST_CASE("public addressing is read from to and cc", "[federation]") {
  CHECK(IsAddressedToPublic({{"to", "https://www.w3.org/ns/activitystreams#Public"}}));
  CHECK(IsAddressedToPublic({{"cc", {"https://x/followers", "as:Public"}}}));
  CHECK_FALSE(IsAddressedToPublic({{"to", {"https://x/users/a"}}}));
  CHECK_FALSE(IsAddressedToPublic(Json::array()));
}

}  // namespace
}  // namespace cairn::services
