// Void filling by row and column scans: O(samples) time, memory only for the voids.
#include "dem/void_fill.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace cairn::dem {
namespace {

// The weighted sums of one void: numerator and weight.
struct Estimate {
  double sum = 0;
  double weight = 0;
};

// Walks one line of samples (a row or a column: `count` samples `stride` apart from `first`)
// and adds, for each void, its nearest valid neighbours on both sides weighted by 1/distance.
// `slot(index)` finds the void's estimate.
template <class Slot>
void ScanLine(const float* heights, size_t first, size_t stride, int count, Slot slot) {
  int previous = -1;  // the last valid sample seen, by position in the line
  std::vector<int> pending;
  auto at = [&](int i) { return heights[first + static_cast<size_t>(i) * stride]; };
  for (int i = 0; i < count; ++i) {
    if (std::isnan(at(i))) {
      pending.push_back(i);
      continue;
    }
    for (int v : pending) {
      Estimate& e = slot(first + static_cast<size_t>(v) * stride);
      if (previous >= 0) {
        e.sum += at(previous) / double(v - previous);
        e.weight += 1.0 / (v - previous);
      }
      e.sum += at(i) / double(i - v);
      e.weight += 1.0 / (i - v);
    }
    pending.clear();
    previous = i;
  }
  if (previous < 0) return;
  for (int v : pending) {  // voids after the last valid sample
    Estimate& e = slot(first + static_cast<size_t>(v) * stride);
    e.sum += at(previous) / double(v - previous);
    e.weight += 1.0 / (v - previous);
  }
}

// One pass over every row and column; returns how many voids got a value.
size_t FillPass(int rows, int cols, std::span<float> heights) {
  std::vector<size_t> voids;  // positions, ascending
  for (size_t i = 0; i < heights.size(); ++i) {
    if (std::isnan(heights[i])) voids.push_back(i);
  }
  if (voids.empty()) return 0;
  std::vector<Estimate> estimates(voids.size());
  auto slot = [&](size_t position) -> Estimate& {
    auto it = std::lower_bound(voids.begin(), voids.end(), position);
    return estimates[static_cast<size_t>(it - voids.begin())];
  };
  const size_t width = static_cast<size_t>(cols);
  for (int r = 0; r < rows; ++r) ScanLine(heights.data(), r * width, 1, cols, slot);
  for (int c = 0; c < cols; ++c) ScanLine(heights.data(), c, width, rows, slot);
  size_t filled = 0;
  for (size_t k = 0; k < voids.size(); ++k) {
    if (estimates[k].weight <= 0) continue;
    heights[voids[k]] = static_cast<float>(estimates[k].sum / estimates[k].weight);
    ++filled;
  }
  return filled;
}

}  // namespace

util::Result<size_t> FillVoids(int rows, int cols, std::span<float> heights) {
  const bool any_valid =
      std::any_of(heights.begin(), heights.end(), [](float h) { return !std::isnan(h); });
  if (!any_valid) return util::Error::InvalidArgument("the tile holds no valid height");
  size_t total = 0;
  // Each pass fills at least every void sharing a row or column with a valid sample, so two
  // passes reach every void; the loop only guards against a surprise.
  for (size_t filled; (filled = FillPass(rows, cols, heights)) > 0;) total += filled;
  return total;
}

}  // namespace cairn::dem
