// The import progress line's formatting.
#include "app/progress.h"

#include <catch2/catch.hpp>

namespace cairn::app {
namespace {

TEST_CASE("sizes and durations read as a person would write them", "[progress]") {
  CHECK(Progress::FormatBytes(12) == "12 B");
  CHECK(Progress::FormatBytes(950'000) == "950 kB");
  CHECK(Progress::FormatBytes(3'240'000) == "3.2 MB");
  CHECK(Progress::FormatBytes(1.5e9) == "1.5 GB");
  CHECK(Progress::FormatDuration(42) == "0:42");
  CHECK(Progress::FormatDuration(65) == "1:05");
  CHECK(Progress::FormatDuration(3910) == "1:05:10");
  CHECK(Progress::FormatDuration(-3) == "0:00");
}

TEST_CASE("off a terminal the progress line stays silent", "[progress]") {
  std::FILE* sink = std::tmpfile();
  REQUIRE(sink);
  Progress progress(2, 2000, sink);
  CHECK_FALSE(progress.OnTerminal());
  progress.Advance(1000);
  progress.Advance(1000);
  progress.Finish();
  CHECK(std::ftell(sink) == 0);
  std::fclose(sink);
}

}  // namespace
}  // namespace cairn::app
