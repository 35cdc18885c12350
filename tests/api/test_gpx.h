// A small GPS track for upload tests.
#pragma once

#include <cstdio>
#include <string>

namespace cairn::api_test {

// A walk north along the 11°E meridian at 47°N: five points 0.001° (about 111.2 m) apart, one
// every minute, climbing 10 m per step; two waypoints.
inline std::string WalkGpx(const std::string& name = "Morning walk", double lon = 11.0) {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>)" +
                    name + R"(</name><desc>Along the meridian</desc></metadata>
  <wpt lat="47.0" lon=")" +
                    std::to_string(lon) + R"("><name>Gate</name></wpt>
  <wpt lat="47.004" lon=")" +
                    std::to_string(lon) + R"("><name>Bench</name><desc>view</desc></wpt>
  <trk><name>walk</name><trkseg>)";
  for (int i = 0; i < 5; ++i) {
    char point[256];
    std::snprintf(
        point, sizeof point,
        R"(<trkpt lat="%.3f" lon="%.6f"><ele>%d</ele><time>2024-06-01T08:%02d:00Z</time></trkpt>)",
        47.0 + 0.001 * i, lon, 500 + 10 * i, i);
    gpx += point;
  }
  return gpx + "</trkseg></trk></gpx>";
}

}  // namespace cairn::api_test
