// Parsing and rendering Valhalla's /height shapes.
#include "services/elevation/valhalla_height.h"

#include <charconv>
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

// Appends a number at `precision` decimals: a JSON integer at 0, as Valhalla writes heights by
// default; null for NaN. Written straight into the answer (to_chars, shortest round trip): a
// 100 000-point answer built as JSON values first took most of a request's time.
void AppendNumber(std::string& out, double value, int precision) {
  if (std::isnan(value)) {
    out += "null";
    return;
  }
  char buffer[32];
  std::to_chars_result written;
  if (precision == 0) {
    written = std::to_chars(buffer, buffer + sizeof buffer, std::llround(value));
  } else {
    written = std::to_chars(buffer, buffer + sizeof buffer, Rounded(value, precision));
  }
  out.append(buffer, written.ptr);
  // A decimal stays one when it is whole ("12.0"), as JSON libraries write a double.
  if (precision > 0 &&
      std::string_view(buffer, written.ptr).find_first_of(".e") == std::string_view::npos) {
    out += ".0";
  }
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

std::string RenderHeightAnswer(const HeightRequest& request, const std::vector<double>& heights,
                               const std::vector<double>& distances,
                               const std::vector<HeightWarning>& warnings) {
  // The echo's members first, then the heights and warnings appended into its object.
  std::string out = "{";
  if (request.echo.is_object() && !request.echo.empty()) {
    out = request.echo.dump(-1, ' ', false, Json::error_handler_t::replace);
    out.back() = ',';  // its closing brace
  }
  out.reserve(out.size() + heights.size() * (request.range ? 20 : 8) + 64);
  out += request.range ? "\"range_height\":[" : "\"height\":[";
  for (size_t i = 0; i < heights.size(); ++i) {
    if (i > 0) out += ',';
    if (request.range) {
      out += '[';
      AppendNumber(out, distances[i], request.precision);
      out += ',';
      AppendNumber(out, heights[i], request.precision);
      out += ']';
    } else {
      AppendNumber(out, heights[i], request.precision);
    }
  }
  out += ']';
  if (!warnings.empty()) {
    Json list = Json::array();
    for (const HeightWarning& warning : warnings) {
      list.push_back({{"code", warning.code}, {"text", warning.text}});
    }
    out += ",\"warnings\":" + list.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  out += '}';
  return out;
}

}  // namespace cairn::services
