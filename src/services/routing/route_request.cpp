// The route request's checks, one field at a time, each failure named for the person who sent it.
#include "services/routing/route_request.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>

namespace cairn::services::routing {
namespace {

using Json = nlohmann::json;

util::Error Invalid(const std::string& field, const std::string& message) {
  return util::Error::InvalidField(message, field, "validation_invalid_value", message);
}

template <size_t N>
bool IsOneOf(const Json& value, const std::array<std::string_view, N>& allowed) {
  if (!value.is_string()) return false;
  const auto& text = value.get_ref<const std::string&>();
  return std::find(allowed.begin(), allowed.end(), text) != allowed.end();
}

util::Status CheckLocation(const Json& location, size_t index) {
  const std::string name = "locations[" + std::to_string(index) + "]";
  if (!location.is_object()) return Invalid("locations", name + " must be an object {lat, lon}.");
  const auto check = [&](const char* key, double limit) -> util::Status {
    const auto it = location.find(key);
    if (it == location.end() || !it->is_number() || std::abs(it->get<double>()) > limit) {
      return Invalid("locations", name + "." + key + " must be a number between -" +
                                      std::to_string(static_cast<int>(limit)) + " and " +
                                      std::to_string(static_cast<int>(limit)) + ".");
    }
    return util::OkStatus();
  };
  CAIRN_RETURN_IF_ERROR(check("lat", 90));
  return check("lon", 180);
}

}  // namespace

util::Status CheckRouteRequest(const Json& request) {
  if (!request.is_object())
    return util::Error::InvalidArgument("The route request must be a JSON object.");
  if (request.dump(-1, ' ', false, Json::error_handler_t::replace).size() > kMaxRouteRequestBytes) {
    return util::Error::TooLarge("The route request is larger than " +
                                 std::to_string(kMaxRouteRequestBytes / 1024) + " KiB.");
  }
  const auto locations = request.find("locations");
  if (locations == request.end()) {
    return util::Error::InvalidField("locations is required.", "locations", "validation_required",
                                     "Missing required value.");
  }
  if (!locations->is_array() || locations->size() < 2 || locations->size() > kMaxRouteLocations) {
    return Invalid("locations", "locations must be an array of 2 to " +
                                    std::to_string(kMaxRouteLocations) + " locations.");
  }
  for (size_t i = 0; i < locations->size(); ++i) {
    CAIRN_RETURN_IF_ERROR(CheckLocation((*locations)[i], i));
  }
  const auto costing = request.find("costing");
  if (costing == request.end()) {
    return util::Error::InvalidField("costing is required.", "costing", "validation_required",
                                     "Missing required value.");
  }
  constexpr std::array<std::string_view, 3> kCostings = {"pedestrian", "bicycle", "auto"};
  if (!IsOneOf(*costing, kCostings)) {
    return Invalid("costing", "costing must be \"pedestrian\", \"bicycle\" or \"auto\".");
  }
  if (const auto options = request.find("costing_options");
      options != request.end() && !options->is_object()) {
    return Invalid("costing_options", "costing_options must be an object.");
  }
  constexpr std::array<std::string_view, 3> kDirections = {"none", "maneuvers", "instructions"};
  if (const auto directions = request.find("directions_type");
      directions != request.end() && !IsOneOf(*directions, kDirections)) {
    return Invalid("directions_type",
                   "directions_type must be \"none\", \"maneuvers\" or \"instructions\".");
  }
  constexpr std::array<std::string_view, 1> kFormats = {"json"};
  if (const auto format = request.find("format");
      format != request.end() && !IsOneOf(*format, kFormats)) {
    return Invalid("format", "format must be \"json\" (or left out).");
  }
  return util::OkStatus();
}

}  // namespace cairn::services::routing
