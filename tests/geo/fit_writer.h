// The helpers the FIT reader's tests share, and the writer they build files with
// (test_support/fit_writer.h).
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <utility>

#include "geo/readers.h"
#include "test_support/fit_writer.h"

namespace cairn::geo::fit_test {

// Semicircles resolve 180 / 2^31 degrees (8.4e-8), so written degrees come back that close.
inline Approx Degrees(double value) { return Approx(value).margin(1e-7); }

inline Track ReadOk(const std::string& bytes) {
  auto result = ReadFit(bytes);
  INFO((result.ok() ? "" : result.error().message));
  REQUIRE(result.ok());
  return std::move(result).value();
}

inline std::string ReadError(const std::string& bytes) {
  auto result = ReadFit(bytes);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().kind == util::ErrorKind::kInvalidArgument);
  return result.error().message;
}

inline const Segment& OnlySegment(const Track& track) {
  REQUIRE(track.parts.size() == 1);
  REQUIRE(track.parts[0].segments.size() == 1);
  return track.parts[0].segments[0];
}

}  // namespace cairn::geo::fit_test
