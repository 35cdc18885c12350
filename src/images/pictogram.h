// Small flat pictograms (a white figure on a coloured disc) drawn from shapes and encoded as
// PNG: the seeded categories' images, made by code so no binary file lives in the repository.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/result.h"

namespace cairn::images {

// A position on the picture, 0..1 of its side from the top left (y grows downwards).
struct Point {
  double x = 0;
  double y = 0;
};

// One part of the figure. Strokes have round ends and joins.
struct Shape {
  enum class Kind { kPolygon, kDisc, kRing, kStroke };
  Kind kind = Kind::kPolygon;
  std::vector<Point> points;  // polygon corners, stroke path, or the centre of a disc or ring
  double radius = 0;          // disc, ring
  double width = 0;           // ring, stroke
};

Shape Polygon(std::vector<Point> corners);
Shape Disc(Point centre, double radius);
Shape Ring(Point centre, double radius, double width);
Shape Stroke(std::vector<Point> path, double width);

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
};

struct Pictogram {
  Rgb disc;                   // fills the circle inscribed in the picture; outside is transparent
  Rgb figure{255, 255, 255};  // every shape, clipped to the disc
  std::vector<Shape> shapes;
};

// The pictogram as an RGBA PNG of `side` × `side` pixels (16 to 1024), its edges smoothed by
// 4 × 4 samples per pixel. The same input gives the same bytes. InvalidArgument for another side;
// Internal when the encoder fails.
util::Result<std::string> DrawPictogramPng(const Pictogram& pictogram, int side);

}  // namespace cairn::images
