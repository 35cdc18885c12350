// Filling a tile's voids (NaN samples) at import, so that lookups never meet one.
#pragma once

#include <cstddef>
#include <span>

#include "util/result.h"

namespace cairn::dem {

// Gives every NaN in the `rows` x `cols` grid `heights` (row by row) the inverse-distance
// weighted mean of the nearest valid samples in its row and in its column (left, right, above,
// below). On a plane this is exact: each pair's weighted mean is the linear interpolation
// between them. A void whose row and column hold no valid sample takes its value from a second
// pass over the filled grid. Returns how many samples were filled; InvalidArgument when the
// grid holds no valid sample at all. Pure.
util::Result<size_t> FillVoids(int rows, int cols, std::span<float> heights);

}  // namespace cairn::dem
