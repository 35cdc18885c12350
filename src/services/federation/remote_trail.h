// What a remote server's public post says of a trail, when it is one: a Note with a place
// (latitude and longitude) or a GPS file attached, as Cairn and wanderer publish their trails.
// Read into the trail fields this server keeps for the followers of its author; a post that is
// not a trail (a Mastodon status) is nullopt and is not kept.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cairn::services {

struct RemoteTrailFields {
  std::string name;           // the Note's name, else its text's first line (at most 200)
  std::string description;    // its content as plain text
  std::string date;           // startTime, else published, as "YYYY-MM-DD HH:MM:SS.000Z"; or ""
  std::string place;          // location.name
  double lat = 0, lon = 0;    // location; 0, 0 when it has none
  double distance = 0;        // metres, from a "Distance" figure ("12.3 km", "7.6 mi")
  double elevation_gain = 0;  // metres, from "Elevation gain" ("678 m", "2224 ft")
  double duration = 0;        // seconds, from "Duration" ("4:05 h")
  std::string updated;        // the Note's `updated`, else `published`, as `date`; or ""
  std::string track_url;      // the first attached GPS file (mediaType naming gpx); or ""
  std::vector<std::string> photo_urls;  // attached images, at most kMaxRemotePhotos
};

// How many of a remote trail's photos are kept here (the first ones it attaches).
inline constexpr size_t kMaxRemotePhotos = 4;

// Pure; never throws on any JSON.
std::optional<RemoteTrailFields> ReadRemoteTrail(const nlohmann::json& note);

// Whether an activity or object is addressed to everyone (to or cc holds the Public collection).
bool IsAddressedToPublic(const nlohmann::json& object);

}  // namespace cairn::services
