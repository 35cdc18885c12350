// Where a trail's photos were taken (photo_positions.h).
#include "services/families/photo_positions.h"

#include <cmath>
#include <set>
#include <string>

namespace cairn::services {

using records::Json;

namespace {

bool InRange(const Json& value, double limit) {
  return value.is_number() && std::isfinite(value.get<double>()) &&
         std::abs(value.get<double>()) <= limit;
}

util::Error Invalid(records::WriteMode mode, std::string message) {
  return util::Error::InvalidField(records::FailureMessage(mode), kPhotoPositions,
                                   "validation_invalid_value", std::move(message));
}

// The names of the photos the trail has after this write.
std::set<std::string> PhotosAfter(const Json* current, const Json& values) {
  const Json* photos = values.contains("photos")                ? &values["photos"]
                       : current && current->contains("photos") ? &(*current)["photos"]
                                                                : nullptr;
  std::set<std::string> names;
  if (photos && photos->is_array()) {
    for (const Json& name : *photos) {
      if (name.is_string()) names.insert(name.get<std::string>());
    }
  }
  return names;
}

}  // namespace

util::Status CheckPhotoPositions(const Json& values, records::WriteMode mode) {
  auto found = values.find(kPhotoPositions);
  if (found == values.end() || found->is_null()) return util::OkStatus();
  if (!found->is_object()) {
    return Invalid(mode, "Give photo positions as an object of {lat, lon} by photo file name.");
  }
  if (found->size() > kMaxPhotoPositions) {
    return Invalid(mode, "At most " + std::to_string(kMaxPhotoPositions) + " photo positions.");
  }
  for (const auto& [name, at] : found->items()) {
    const bool ok = at.is_object() && at.size() == 2 && at.contains("lat") && at.contains("lon") &&
                    InRange(at["lat"], 90) && InRange(at["lon"], 180);
    if (!ok) {
      return Invalid(mode, "The position of \"" + name +
                               "\" must be {lat, lon} with lat in -90..90 and lon in -180..180.");
    }
  }
  return util::OkStatus();
}

void SettlePhotoPositions(const Json* current, Json& values) {
  const std::string found_key = std::string(kPhotoPositions) + "+";
  Json found = Json::object();
  if (auto it = values.find(found_key); it != values.end()) {
    found = std::move(*it);
    values.erase(found_key);
  }
  const bool photos_change = values.contains("photos");
  const bool positions_given =
      values.contains(kPhotoPositions) && !values[kPhotoPositions].is_null();
  if (!photos_change && !positions_given && found.empty()) return;
  Json positions =
      positions_given ? values[kPhotoPositions]
      : current && current->contains(kPhotoPositions) && (*current)[kPhotoPositions].is_object()
          ? (*current)[kPhotoPositions]
          : Json::object();
  // A photo placed by hand keeps its place over what the camera said.
  for (const auto& [name, at] : found.items()) {
    if (!positions.contains(name)) positions[name] = at;
  }
  const std::set<std::string> photos = PhotosAfter(current, values);
  Json kept = Json::object();
  for (const auto& [name, at] : positions.items()) {
    if (photos.count(name)) kept[name] = at;
  }
  values[kPhotoPositions] = std::move(kept);
}

}  // namespace cairn::services
