// Parsing and rendering Valhalla's /height shapes.
#include "services/elevation/valhalla_height.h"

#include <cmath>

#include "geo/polyline.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

constexpr int kValhallaPolylinePrecision = 6;

util::Error TooMany() {
  return util::Error::TooLarge("at most " + std::to_string(kMaxHeightPoints) +
                               " points per request; split the line");
}

util::Result<std::vector<geo::LatLon>> ShapePoints(const Json& shape) {
  if (!shape.is_array())
    return util::Error::InvalidArgument("shape must be an array of {lat, lon}");
  if (shape.size() > kMaxHeightPoints) return TooMany();
  std::vector<geo::LatLon> points;
  points.reserve(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) {
    const Json& point = shape[i];
    const Json* lat = point.is_object() && point.contains("lat") ? &point["lat"] : nullptr;
    const Json* lon = point.is_object() && point.contains("lon") ? &point["lon"] : nullptr;
    if (!lat || !lon || !lat->is_number() || !lon->is_number()) {
      return util::Error::InvalidArgument("shape[" + std::to_string(i) +
                                          "] needs numeric lat and lon");
    }
    const double la = lat->get<double>(), lo = lon->get<double>();
    if (!(la >= -90 && la <= 90 && lo >= -180 && lo <= 180)) {
      return util::Error::InvalidArgument("shape[" + std::to_string(i) +
                                          "] is outside latitudes -90..90 or longitudes "
                                          "-180..180");
    }
    points.push_back({la, lo});
  }
  return points;
}

util::Result<std::vector<geo::LatLon>> PolylinePoints(const Json& encoded) {
  if (!encoded.is_string())
    return util::Error::InvalidArgument("encoded_polyline must be a string");
  const std::string& text = encoded.get_ref<const std::string&>();
  // Every point takes at least two bytes; the reservation is bounded by the limit.
  std::vector<geo::LatLon> points;
  points.reserve(std::min(text.size() / 2, kMaxHeightPoints));
  geo::PolylineReader reader(text, kValhallaPolylinePrecision);
  for (geo::LatLon point; reader.Next(point);) {
    if (points.size() == kMaxHeightPoints) return TooMany();
    points.push_back(point);
  }
  if (reader.error()) {
    return util::Error::InvalidArgument("encoded_polyline is malformed (precision 6 expected): " +
                                        reader.error()->message);
  }
  return points;
}

double Rounded(double value, int precision) {
  const double scale = std::pow(10.0, precision);
  return std::round(value * scale) / scale;
}

// A number at `precision` decimals: a JSON integer at 0, as Valhalla writes heights by default.
Json NumberJson(double value, int precision) {
  if (std::isnan(value)) return nullptr;
  if (precision == 0) return static_cast<int64_t>(std::llround(value));
  return Rounded(value, precision);
}

}  // namespace

util::Result<HeightRequest> ParseHeightRequest(const Json& body) {
  HeightRequest request;
  request.echo = Json::object();
  if (body.contains("resample_distance")) {
    return util::Error::InvalidArgument("resample_distance is not supported; send the points");
  }
  if (body.contains("id")) request.echo["id"] = body["id"];
  if (body.contains("shape")) {
    CAIRN_ASSIGN_OR_RETURN(request.points, ShapePoints(body["shape"]));
    request.echo["shape"] = body["shape"];
  } else if (body.contains("encoded_polyline")) {
    CAIRN_ASSIGN_OR_RETURN(request.points, PolylinePoints(body["encoded_polyline"]));
    request.echo["encoded_polyline"] = body["encoded_polyline"];
  } else {
    return util::Error::InvalidArgument("the body needs shape or encoded_polyline");
  }
  if (request.points.empty()) return util::Error::InvalidArgument("the line has no points");
  if (body.contains("range")) {
    if (!body["range"].is_boolean())
      return util::Error::InvalidArgument("range must be true or false");
    request.range = body["range"].get<bool>();
  }
  if (body.contains("height_precision")) {
    const Json& precision = body["height_precision"];
    if (!precision.is_number_integer() || precision.get<int64_t>() < 0 ||
        precision.get<int64_t>() > 2) {
      return util::Error::InvalidArgument("height_precision must be 0, 1 or 2");
    }
    request.precision = precision.get<int>();
  }
  return request;
}

Json RenderHeightAnswer(const HeightRequest& request, const std::vector<double>& heights,
                        const std::vector<double>& distances,
                        const std::vector<HeightWarning>& warnings) {
  Json answer = request.echo;
  Json values = Json::array();
  for (size_t i = 0; i < heights.size(); ++i) {
    Json height = NumberJson(heights[i], request.precision);
    if (request.range) {
      values.push_back(
          Json::array({NumberJson(distances[i], request.precision), std::move(height)}));
    } else {
      values.push_back(std::move(height));
    }
  }
  answer[request.range ? "range_height" : "height"] = std::move(values);
  if (!warnings.empty()) {
    Json list = Json::array();
    for (const HeightWarning& warning : warnings) {
      list.push_back({{"code", warning.code}, {"text", warning.text}});
    }
    answer["warnings"] = std::move(list);
  }
  return answer;
}

}  // namespace cairn::services
