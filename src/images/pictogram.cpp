// Pictograms: coverage of each shape sampled on a 4 × 4 grid per pixel, then stb's PNG encoder.
#include "images/pictogram.h"

#include <stb_image_write.h>

#include <algorithm>
#include <cmath>

namespace cairn::images {
namespace {

constexpr int kSamplesPerSide = 4;

double DistanceToSegment(Point p, Point a, Point b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double length_squared = dx * dx + dy * dy;
  double t = length_squared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length_squared : 0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

// Even-odd rule.
bool InsidePolygon(Point p, const std::vector<Point>& corners) {
  bool inside = false;
  for (size_t i = 0, j = corners.size() - 1; i < corners.size(); j = i++) {
    const Point& a = corners[i];
    const Point& b = corners[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

bool Covers(const Shape& shape, Point p) {
  switch (shape.kind) {
    case Shape::Kind::kPolygon:
      return shape.points.size() >= 3 && InsidePolygon(p, shape.points);
    case Shape::Kind::kDisc:
      return !shape.points.empty() &&
             std::hypot(p.x - shape.points[0].x, p.y - shape.points[0].y) <= shape.radius;
    case Shape::Kind::kRing:
      return !shape.points.empty() &&
             std::abs(std::hypot(p.x - shape.points[0].x, p.y - shape.points[0].y) -
                      shape.radius) <= shape.width / 2;
    case Shape::Kind::kStroke:
      for (size_t i = 0; i + 1 < shape.points.size(); ++i) {
        if (DistanceToSegment(p, shape.points[i], shape.points[i + 1]) <= shape.width / 2) {
          return true;
        }
      }
      return shape.points.size() == 1 &&
             std::hypot(p.x - shape.points[0].x, p.y - shape.points[0].y) <= shape.width / 2;
  }
  return false;
}

void AppendBytes(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                             static_cast<size_t>(size));
}

}  // namespace

Shape Polygon(std::vector<Point> corners) {
  return {.kind = Shape::Kind::kPolygon, .points = std::move(corners)};
}
Shape Disc(Point centre, double radius) {
  return {.kind = Shape::Kind::kDisc, .points = {centre}, .radius = radius};
}
Shape Ring(Point centre, double radius, double width) {
  return {.kind = Shape::Kind::kRing, .points = {centre}, .radius = radius, .width = width};
}
Shape Stroke(std::vector<Point> path, double width) {
  return {.kind = Shape::Kind::kStroke, .points = std::move(path), .width = width};
}

util::Result<std::string> DrawPictogramPng(const Pictogram& pictogram, int side) {
  if (side < 16 || side > 1024) {
    return util::Error::InvalidArgument("a pictogram is 16 to 1024 pixels wide");
  }
  std::vector<uint8_t> pixels(static_cast<size_t>(side) * side * 4);
  const double step = 1.0 / (side * kSamplesPerSide);
  const int samples = kSamplesPerSide * kSamplesPerSide;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      int on_disc = 0, on_figure = 0;
      for (int sy = 0; sy < kSamplesPerSide; ++sy) {
        for (int sx = 0; sx < kSamplesPerSide; ++sx) {
          const Point p{(x * kSamplesPerSide + sx + 0.5) * step,
                        (y * kSamplesPerSide + sy + 0.5) * step};
          if (std::hypot(p.x - 0.5, p.y - 0.5) > 0.5) continue;
          ++on_disc;
          on_figure += std::any_of(pictogram.shapes.begin(), pictogram.shapes.end(),
                                   [&](const Shape& shape) { return Covers(shape, p); });
        }
      }
      uint8_t* out = &pixels[(static_cast<size_t>(y) * side + x) * 4];
      if (on_disc == 0) continue;  // transparent black
      // Straight (not premultiplied) colour: the mix of disc and figure over the covered part.
      auto mix = [&](uint8_t disc, uint8_t figure) {
        return static_cast<uint8_t>(
            std::lround((disc * (on_disc - on_figure) + figure * on_figure) / double(on_disc)));
      };
      out[0] = mix(pictogram.disc.r, pictogram.figure.r);
      out[1] = mix(pictogram.disc.g, pictogram.figure.g);
      out[2] = mix(pictogram.disc.b, pictogram.figure.b);
      out[3] = static_cast<uint8_t>(std::lround(255.0 * on_disc / samples));
    }
  }
  std::string png;
  if (stbi_write_png_to_func(&AppendBytes, &png, side, side, 4, pixels.data(), side * 4) == 0 ||
      png.empty()) {
    return util::Error::Internal("the pictogram could not be encoded as PNG");
  }
  return png;
}

}  // namespace cairn::images
