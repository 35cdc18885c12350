// The height tests' server: a data dir holding two SRTM3 tiles of a known plane (imported with
// `cairn dem add`), a signed-in user, and helpers to write Valhalla /height bodies.
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "api/test_server.h"
#include "test_support/srtm_tile.h"

namespace cairn::api_test {

// A plane in whole metres at every SRTM3 sample, the same formula on every tile.
inline double Plane(double lat, double lon) { return 1000 + 2400 * (47 - lat) - 1200 * (lon - 8); }

inline std::string PlaneTile(int lat, int lon) {
  return test_support::MakeHgt(1201, [&](int r, int c) {
    return static_cast<int>(std::lround(Plane(lat + 1 - r / 1200.0, lon + c / 1200.0)));
  });
}

inline std::string CairnDem(const std::string& arguments, int* code) {
  return RunCommand(std::string(CAIRN_BINARY) + " dem " + arguments + " 2>&1 </dev/null", code);
}

// Google's polyline encoding at precision 6, as Valhalla expects (written here, not taken from
// src/geo, so that the tests check the server's reading against an independent encoder).
inline std::string EncodePolyline6(const std::vector<std::pair<double, double>>& points) {
  std::string out;
  int64_t previous[2] = {0, 0};
  auto put = [&](int64_t delta) {
    uint64_t value =
        delta < 0 ? ~(static_cast<uint64_t>(delta) << 1) : static_cast<uint64_t>(delta) << 1;
    while (value >= 0x20) {
      out += static_cast<char>((0x20 | (value & 0x1f)) + 63);
      value >>= 5;
    }
    out += static_cast<char>(value + 63);
  };
  for (const auto& [lat, lon] : points) {
    const int64_t scaled[2] = {std::llround(lat * 1e6), std::llround(lon * 1e6)};
    for (int i = 0; i < 2; ++i) {
      put(scaled[i] - previous[i]);
      previous[i] = scaled[i];
    }
  }
  return out;
}

// The reverse, for stand-ins of Valhalla that read what Cairn sends. Assumes a well-formed line.
inline std::vector<std::pair<double, double>> DecodePolyline6(const std::string& line) {
  std::vector<std::pair<double, double>> points;
  int64_t value[2] = {0, 0};
  size_t pos = 0;
  while (pos < line.size()) {
    for (int i = 0; i < 2; ++i) {
      uint64_t bits = 0;
      int shift = 0;
      int chunk = 0;
      do {
        chunk = line[pos++] - 63;
        bits |= static_cast<uint64_t>(chunk & 0x1f) << shift;
        shift += 5;
      } while (chunk >= 0x20);
      value[i] += (bits & 1) ? ~static_cast<int64_t>(bits >> 1) : static_cast<int64_t>(bits >> 1);
    }
    points.emplace_back(value[0] / 1e6, value[1] / 1e6);
  }
  return points;
}

inline Json Shape(const std::vector<std::pair<double, double>>& points) {
  Json shape = Json::array();
  for (const auto& [lat, lon] : points) shape.push_back({{"lat", lat}, {"lon", lon}});
  return shape;
}

// A server whose data dir holds N46E008 and N46E009 (imported with the CLI) and a signed-in user.
struct HeightServer {
  TestServer server;
  test_support::TempDir scratch;
  std::string token;

  explicit HeightServer(std::vector<std::string> server_args = {})
      : server("", std::move(server_args)) {
    token = server.CreateUser("ada").second;
    test_support::WriteBytes(scratch.path() + "/N46E008.hgt", PlaneTile(46, 8));
    test_support::WriteBytes(scratch.path() + "/N46E009.hgt", PlaneTile(46, 9));
    int code = -1;
    const std::string out =
        CairnDem("add " + scratch.path() + " --dir " + server.data_dir(), &code);
    INFO(out);
    REQUIRE(code == 0);
  }
  Reply Height(const Json& body, const std::string& caller_token) {
    return server.Post("/api/v1/valhalla/height", body, caller_token);
  }
};

}  // namespace cairn::api_test
