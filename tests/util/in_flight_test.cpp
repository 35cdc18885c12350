// In-flight slots: taken up to the limit, given back when their holder ends.
#include "util/in_flight.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("in-flight slots are taken up to the limit and given back at the end", "[util]") {
  std::atomic<int> count{0};
  {
    InFlightSlot first(count, 2);
    InFlightSlot second(count, 2);
    CHECK(first.taken());
    CHECK(second.taken());
    {
      InFlightSlot third(count, 2);
      CHECK_FALSE(third.taken());
      CHECK(count.load() == 2);
    }
    CHECK(count.load() == 2);  // a refused slot gives back nothing it did not take
  }
  CHECK(count.load() == 0);
  InFlightSlot again(count, 2);
  CHECK(again.taken());
}

}  // namespace
}  // namespace cairn::util
