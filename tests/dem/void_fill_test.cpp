// Voids filled from their row's and column's nearest valid samples.
#include "dem/void_fill.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace cairn::dem {
namespace {

constexpr float kVoid = std::numeric_limits<float>::quiet_NaN();

TEST_CASE("voids inside a plane are filled exactly", "[dem]") {
  const int rows = 40, cols = 50;
  auto plane = [](int r, int c) { return 300.0f + 2.0f * r - 1.5f * c; };
  std::vector<float> heights(rows * cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const bool hole = (r - 20) * (r - 20) + (c - 25) * (c - 25) < 64;
      heights[r * cols + c] = hole ? kVoid : plane(r, c);
    }
  }
  auto filled = FillVoids(rows, cols, heights);
  REQUIRE(filled.ok());
  CHECK(*filled > 150);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      INFO(r << " " << c);
      CHECK(heights[r * cols + c] == Approx(plane(r, c)).margin(1e-3));
    }
  }
}

TEST_CASE("a void at a corner takes its nearest neighbours", "[dem]") {
  std::vector<float> heights = {kVoid, 10, 20,  //
                                30,    40, 50,  //
                                60,    70, 80};
  REQUIRE(FillVoids(3, 3, heights).ok());
  // Right neighbour 10 (distance 1), lower neighbour 30 (distance 1).
  CHECK(heights[0] == Approx(20));
}

TEST_CASE("a void row and column with no valid sample is filled in a second pass", "[dem]") {
  std::vector<float> heights = {kVoid, kVoid, 5,      //
                                kVoid, kVoid, kVoid,  //
                                7,     kVoid, 9};
  REQUIRE(FillVoids(3, 3, heights).ok());
  for (float h : heights) {
    CHECK_FALSE(std::isnan(h));
    CHECK(h >= 5);
    CHECK(h <= 9);
  }
}

TEST_CASE("a grid without any valid sample is refused", "[dem]") {
  std::vector<float> heights(9, kVoid);
  auto filled = FillVoids(3, 3, heights);
  REQUIRE_FALSE(filled.ok());
  CHECK(filled.error().message.find("no valid height") != std::string::npos);
}

}  // namespace
}  // namespace cairn::dem
