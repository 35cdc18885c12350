// Douglas–Peucker in metres: known shapes worked out by hand, the point cap, a million points, and
// the map line and its preview.
#include "geo/simplify.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "geo/polyline.h"

namespace cairn::geo {
namespace {

// Metres east and north of (0°, 0°) as a position; near the equator the local projection is
// exact to about 1e-6, far below the margins these tests leave.
LatLon Meters(double east, double north) {
  const MetersPerDegree scale = MetersPerDegreeAt(0);
  return {north / scale.lat, east / scale.lon};
}

TEST_CASE("lines of two points or fewer come back whole", "[geo][simplify]") {
  CHECK(SimplifyIndices({}, 10, 100).empty());
  const std::vector<LatLon> one = {Meters(0, 0)};
  CHECK(SimplifyIndices(one, 10, 100) == std::vector<size_t>{0});
  const std::vector<LatLon> two = {Meters(0, 0), Meters(0, 0)};
  CHECK(SimplifyIndices(two, 10, 100) == std::vector<size_t>{0, 1});
}

TEST_CASE("Douglas-Peucker keeps the bends farther than the tolerance", "[geo][simplify]") {
  // Chord A-E: B 8 m, C 0 m, D 30 m off, so D stays. Chord A-D: C is |100*30|/sqrt(150²+30²)
  // = 19.6 m off, B 1.96 m. Chord A-C: B 8 m off.
  const std::vector<LatLon> line = {Meters(0, 0), Meters(50, 8), Meters(100, 0), Meters(150, 30),
                                    Meters(200, 0)};
  struct Case {
    double tolerance_m;
    std::vector<size_t> kept;
  };
  const Case cases[] = {
      {1, {0, 1, 2, 3, 4}}, {7.9, {0, 1, 2, 3, 4}}, {8.1, {0, 2, 3, 4}},
      {19.5, {0, 2, 3, 4}}, {19.7, {0, 3, 4}},      {35, {0, 4}},
  };
  for (const Case& c : cases) {
    INFO(c.tolerance_m);
    CHECK(SimplifyIndices(line, c.tolerance_m, 100) == c.kept);
  }
}

TEST_CASE("an L of collinear points keeps its two ends and its corner", "[geo][simplify]") {
  std::vector<LatLon> line;
  for (int i = 0; i <= 4; ++i) line.push_back(Meters(50.0 * i, 0));
  for (int i = 1; i <= 4; ++i) line.push_back(Meters(200, 50.0 * i));
  CHECK(SimplifyIndices(line, 10, 100) == std::vector<size_t>{0, 4, 8});
  CHECK(SimplifyLine(line, 10, 100) == std::vector<LatLon>{line[0], line[4], line[8]});
}

TEST_CASE("a loop that ends where it starts keeps its corners", "[geo][simplify]") {
  // A 100 m square walked round: every corner is 100 m or more from the (zero-length) chord.
  const std::vector<LatLon> square = {Meters(0, 0),     Meters(50, 0),  Meters(100, 0),
                                      Meters(100, 100), Meters(0, 100), Meters(0, 0)};
  CHECK(SimplifyIndices(square, 10, 100) == std::vector<size_t>{0, 2, 3, 4, 5});
}

TEST_CASE("the point cap keeps the bends that stray the most", "[geo][simplify]") {
  const std::vector<LatLon> line = {Meters(0, 0), Meters(50, 8), Meters(100, 0), Meters(150, 30),
                                    Meters(200, 0)};
  CHECK(SimplifyIndices(line, 1, 3) == std::vector<size_t>{0, 3, 4});
  CHECK(SimplifyIndices(line, 1, 4) == std::vector<size_t>{0, 2, 3, 4});
  CHECK(SimplifyIndices(line, 1, 0) == std::vector<size_t>{0, 4});  // never fewer than the ends
}

TEST_CASE("a long straight line keeps only its ends", "[geo][simplify]") {
  // Longer than one search stretch: the cuts between stretches are dropped again.
  std::vector<LatLon> line;
  for (int i = 0; i < 50000; ++i) line.push_back(Meters(i, 0.5 * i));
  CHECK(SimplifyIndices(line, 1, 100) == std::vector<size_t>{0, 49999});
}

TEST_CASE("a straight line over the antimeridian simplifies to its ends", "[geo][simplify]") {
  std::vector<LatLon> line;
  for (int i = 0; i <= 10; ++i) {
    double lon = 179.995 + 0.001 * i;
    if (lon > 180) lon -= 360;
    line.push_back({-16.5, lon});
  }
  CHECK(SimplifyIndices(line, 1, 100) == std::vector<size_t>{0, 10});
}

// The distance in metres from p to the segment a-b, computed independently of the code under
// test (a local projection at a's latitude).
double DistanceToSegmentM(const LatLon& p, const LatLon& a, const LatLon& b) {
  const MetersPerDegree scale = MetersPerDegreeAt(a.lat);
  const double bx = (b.lon - a.lon) * scale.lon, by = (b.lat - a.lat) * scale.lat;
  const double px = (p.lon - a.lon) * scale.lon, py = (p.lat - a.lat) * scale.lat;
  const double length_sq = bx * bx + by * by;
  const double t = length_sq > 0 ? std::clamp((px * bx + py * by) / length_sq, 0.0, 1.0) : 0;
  return std::hypot(px - t * bx, py - t * by);
}

TEST_CASE("a million-point wiggly segment is simplified within the tolerance", "[geo][simplify]") {
  // A 1 Hz-like walk east at 46° N: 1 m steps, a 200 m sway every 2 km and a ±1.5 m jitter.
  constexpr size_t kPoints = 1000000;
  const MetersPerDegree scale = MetersPerDegreeAt(46);
  std::vector<LatLon> line;
  line.reserve(kPoints);
  uint32_t noise = 12345;
  for (size_t i = 0; i < kPoints; ++i) {
    noise = noise * 1664525u + 1013904223u;  // a fixed LCG: the same line every run
    const double jitter = (static_cast<double>(noise >> 8) / (1u << 24) - 0.5) * 3;
    const double x = static_cast<double>(i) * 1.0;
    const double y = 100 * std::sin(x / 2000 * 2 * 3.14159265358979) + jitter;
    line.push_back({46 + y / scale.lat, 7 + x / scale.lon});
  }
  const std::vector<size_t> kept = SimplifyIndices(line, kMapToleranceMeters, kPoints);
  REQUIRE(kept.size() >= 2);
  CHECK(kept.front() == 0);
  CHECK(kept.back() == kPoints - 1);
  CHECK(std::is_sorted(kept.begin(), kept.end()));
  // Enough to follow 500 sways, far fewer than the input.
  CHECK(kept.size() > 500 * 4);
  CHECK(kept.size() < 100000);
  // Every dropped point lies within the tolerance of the kept segment over it (a small margin
  // for the two projections' difference).
  double worst = 0;
  for (size_t k = 1; k < kept.size(); ++k) {
    for (size_t i = kept[k - 1] + 1; i < kept[k]; ++i) {
      worst = std::max(worst, DistanceToSegmentM(line[i], line[kept[k - 1]], line[kept[k]]));
    }
  }
  CHECK(worst <= kMapToleranceMeters * 1.001);
  // With the cap, the same line fits in it, keeping the largest sways.
  const size_t capped = SimplifyIndices(line, kMapToleranceMeters, kMapMaxPoints).size();
  CHECK(capped <= kMapMaxPoints);
  CHECK(capped > kMapMaxPoints * 9 / 10);
}

TEST_CASE("the map line keeps the recording's segments apart and leaves planned routes out",
          "[geo][simplify]") {
  Track track;
  TrackPart route;
  route.kind = PartKind::kRoute;
  route.segments = {{{1, 1}, {1, 2}}};
  TrackPart walk;
  walk.segments = {{{0, 0}, {0, 0.0001}, {0, 0.0002}}, {}, {{0, 0.01}, {0, 0.0101}}};
  track.parts = {route, walk};
  // Joined, the collinear line would keep only its ends; in parts each segment keeps its own.
  CHECK(SimplifyForMap(track) == PartedLine{{{0, 0}, {0, 0.0002}, {0, 0.01}, {0, 0.0101}}, {2}});
  // Two tracks (GPX trk) are two parts as two segments are.
  TrackPart second_walk;
  second_walk.segments = {{{0, 0.02}, {0, 0.021}}};
  track.parts = {walk, route, second_walk};
  CHECK(SimplifyForMap(track) ==
        PartedLine{{{0, 0}, {0, 0.0002}, {0, 0.01}, {0, 0.0101}, {0, 0.02}, {0, 0.021}}, {2, 4}});
  track.parts = {route};
  CHECK(SimplifyForMap(track) == PartedLine{{{1, 1}, {1, 2}}, {}});
  CHECK(SimplifyForMap(Track{}) == PartedLine{});
}

TEST_CASE("simplifying in parts keeps each part's ends, never a chord across a break",
          "[geo][simplify]") {
  // Two straight parts 1 km apart, side by side: joined, one chord would cover both.
  PartedLine line;
  for (int i = 0; i <= 10; ++i) line.points.push_back(Meters(100.0 * i, 0));
  for (int i = 0; i <= 10; ++i) line.points.push_back(Meters(100.0 * i, 1000));
  line.breaks = {11};
  const PartedLine simplified = SimplifyParts(line, 10, 100);
  CHECK(simplified ==
        PartedLine{{line.points[0], line.points[10], line.points[11], line.points[21]}, {2}});
  // A part of one point stays a part of one point.
  PartedLine dot = line;
  dot.points.insert(dot.points.begin() + 11, Meters(500, 500));
  dot.breaks = {11, 12};
  CHECK(SimplifyParts(dot, 10, 100) ==
        PartedLine{{dot.points[0], dot.points[10], dot.points[11], dot.points[12], dot.points[22]},
                   {2, 3}});
  // Breaks out of range or out of order are ignored; with none left, one part.
  line.breaks = {0, 30, 11, 5};
  CHECK(SimplifyParts(line, 10, 100).breaks == std::vector<size_t>{2});
  line.breaks = {0, 22};
  CHECK(SimplifyParts(line, 10, 100) == PartedLine{SimplifyLine(line.points, 10, 100), {}});
}

TEST_CASE("the point cap counts every part, spending it on the bends of any part first",
          "[geo][simplify]") {
  // Three zig-zag parts: a wide one and two small ones; 30 points for all of them.
  PartedLine line;
  auto zigzag = [&](double north, int bends, double sway_m) {
    if (!line.points.empty()) line.breaks.push_back(line.points.size());
    for (int i = 0; i <= bends; ++i) {
      line.points.push_back(Meters(100.0 * i, north + (i % 2 == 0 ? 0 : sway_m)));
    }
  };
  zigzag(0, 40, 300);
  zigzag(2000, 40, 20);
  zigzag(4000, 40, 20);
  const PartedLine simplified = SimplifyParts(line, 10, 30);
  CHECK(simplified.points.size() == 30);
  REQUIRE(simplified.breaks.size() == 2);
  // Every part's first and last point survive, next to each break.
  for (size_t k = 0; k < 2; ++k) {
    CHECK(simplified.points[simplified.breaks[k]] == line.points[line.breaks[k]]);
    CHECK(simplified.points[simplified.breaks[k] - 1] == line.points[line.breaks[k] - 1]);
  }
  CHECK(simplified.points.front() == line.points.front());
  CHECK(simplified.points.back() == line.points.back());
  // The big bends go first: the wide part takes all but the small parts' ends.
  CHECK(simplified.breaks[0] == 26);
}

TEST_CASE("more parts than the cap can end keep the breaks over the widest gaps",
          "[geo][simplify]") {
  // Six parts of two points; the gaps after parts 1..5 are 50, 900, 10, 400, 30 m.
  const double gaps[] = {50, 900, 10, 400, 30};
  PartedLine line;
  double east = 0;
  for (int part = 0; part < 6; ++part) {
    if (part > 0) {
      east += gaps[part - 1];
      line.breaks.push_back(line.points.size());
    }
    line.points.push_back(Meters(east, 0));
    east += 100;
    line.points.push_back(Meters(east, 10.0 * (part % 2)));
  }
  // 6 points leave room for 3 parts: the 900 m and 400 m gaps stay gaps.
  const PartedLine simplified = SimplifyParts(line, 1, 6);
  CHECK(simplified.points.size() == 6);
  REQUIRE(simplified.breaks.size() == 2);
  for (size_t k = 0; k < 2; ++k) {
    const LatLon& before = simplified.points[simplified.breaks[k] - 1];
    const LatLon& after = simplified.points[simplified.breaks[k]];
    CHECK(DistanceMeters(before, after) > 399);
  }
}

TEST_CASE("preview and sketch keep the map line's breaks at the same points", "[geo][simplify]") {
  std::vector<LatLon> points;
  for (int i = 0; i < 1500; ++i) {
    points.push_back({46.5 + 0.0001 * i, 7.5 + 0.0003 * std::sin(i / 20.0)});
  }
  const std::vector<size_t> breaks = {700};
  const std::string polyline = EncodePolyline(points);
  const std::vector<LatLon> decoded = DecodePolyline(polyline).value();
  for (auto derive : {PreviewOfMapLine, SketchOfMapLine}) {
    auto line = derive(polyline, breaks);
    REQUIRE(line.ok());
    auto kept = DecodePolyline(line->polyline);
    REQUIRE(kept.ok());
    REQUIRE(line->breaks.size() == 1);
    CHECK((*kept)[line->breaks[0]] == decoded[700]);
    CHECK((*kept)[line->breaks[0] - 1] == decoded[699]);
  }
  CHECK(PreviewOfMapLine(polyline, {})->polyline == PreviewPolyline(polyline).value());
  CHECK(SketchOfMapLine(polyline, {})->breaks.empty());
  CHECK_FALSE(SketchOfMapLine("_p~iF", breaks).ok());
}

TEST_CASE("the preview keeps at most 100 points and the ends of the map line", "[geo][simplify]") {
  // A 20 km zig-zag of 2000 points, each bend 200 m off the line: far more bends than fit.
  std::vector<LatLon> line;
  for (int i = 0; i < 2000; ++i) line.push_back(Meters(10.0 * i, i % 2 == 0 ? 0 : 200));
  const std::vector<LatLon> preview = SimplifyForPreview(line);
  CHECK(preview.size() == kPreviewMaxPoints);
  CHECK(preview.front() == line.front());
  CHECK(preview.back() == line.back());
  CHECK(SimplifyForPreview({}).empty());
  const std::vector<LatLon> one = {Meters(5, 5)};
  CHECK(SimplifyForPreview(one) == one);
}

TEST_CASE("the preview drops bends smaller than a 500th of the line's extent", "[geo][simplify]") {
  // 200 km east, bending off by `sway_m` at the middle and back: the extent is about 200 km, so
  // the tolerance is about 400 m.
  auto bending = [](double length_m, double sway_m) {
    std::vector<LatLon> line;
    for (int i = 0; i <= 200; ++i) {
      line.push_back(Meters(length_m / 200 * i, sway_m * (1 - std::abs(i - 100) / 100.0)));
    }
    return line;
  };
  CHECK(SimplifyForPreview(bending(200'000, 300)).size() == 2);
  CHECK(SimplifyForPreview(bending(200'000, 600)).size() == 3);
  // A short walk is never simplified more coarsely than the map line (10 m).
  CHECK(SimplifyForPreview(bending(200, 12)).size() == 3);
  CHECK(SimplifyForPreview(bending(200, 8)).size() == 2);
}

TEST_CASE("the sketch keeps at most 24 points and drops bends under a 100th of the extent",
          "[geo][simplify]") {
  std::vector<LatLon> zigzag;
  // 20 km of bends 400 m off the line, twice the tolerance: far more bends than fit.
  for (int i = 0; i < 2000; ++i) zigzag.push_back(Meters(10.0 * i, i % 2 == 0 ? 0 : 400));
  const std::vector<LatLon> sketch = SimplifyForSketch(zigzag);
  CHECK(sketch.size() == kSketchMaxPoints);
  CHECK(sketch.front() == zigzag.front());
  CHECK(sketch.back() == zigzag.back());
  CHECK(SimplifyForSketch({}).empty());
  // 200 km with one bend: the tolerance is about 2 km, where the preview's is 400 m.
  auto bending = [](double sway_m) {
    std::vector<LatLon> line;
    for (int i = 0; i <= 200; ++i) {
      line.push_back(Meters(1000.0 * i, sway_m * (1 - std::abs(i - 100) / 100.0)));
    }
    return line;
  };
  CHECK(SimplifyForSketch(bending(1500)).size() == 2);
  CHECK(SimplifyForPreview(bending(1500)).size() == 3);
  CHECK(SimplifyForSketch(bending(2500)).size() == 3);
}

TEST_CASE("the sketch polyline is the map polyline decoded, sketched and encoded",
          "[geo][simplify]") {
  std::vector<LatLon> line;
  for (int i = 0; i < 1500; ++i) {
    line.push_back({46.5 + 0.0001 * i, 7.5 + 0.003 * std::sin(i / 200.0)});
  }
  const std::string polyline = EncodePolyline(line);
  auto sketch = SketchPolyline(polyline);
  REQUIRE(sketch.ok());
  CHECK(*sketch == EncodePolyline(SimplifyForSketch(DecodePolyline(polyline).value())));
  CHECK(sketch->size() < PreviewPolyline(polyline)->size());
  CHECK(SketchPolyline("").value() == "");
  CHECK_FALSE(SketchPolyline("_p~iF").ok());
}

TEST_CASE("the preview polyline is the map polyline decoded, simplified and encoded",
          "[geo][simplify]") {
  std::vector<LatLon> line;
  for (int i = 0; i < 1500; ++i) {
    line.push_back({46.5 + 0.0001 * i, 7.5 + 0.0003 * std::sin(i / 20.0)});
  }
  const std::string polyline = EncodePolyline(line);
  auto preview = PreviewPolyline(polyline);
  REQUIRE(preview.ok());
  auto decoded = DecodePolyline(polyline);
  REQUIRE(decoded.ok());
  CHECK(*preview == EncodePolyline(SimplifyForPreview(*decoded)));
  auto points = DecodePolyline(*preview);
  REQUIRE(points.ok());
  CHECK(points->size() <= kPreviewMaxPoints);
  CHECK(points->front() == decoded->front());
  CHECK(points->back() == decoded->back());
  CHECK(PreviewPolyline("").value() == "");
  CHECK_FALSE(PreviewPolyline("_p~iF").ok());  // a latitude without its longitude
}

}  // namespace
}  // namespace cairn::geo
