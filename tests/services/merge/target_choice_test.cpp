// The trail kept among duplicates, and the reason given for it.
#include "services/merge/target_choice.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TargetFacts Plain(const std::string& id, const std::string& created) {
  TargetFacts f;
  f.id = id;
  f.created = created;
  return f;
}

TEST_CASE("summit logs outrank content, content outranks the track, then age, then id",
          "[services][merge]") {
  TargetFacts a = Plain("aaaaaaaaaaaaaaa", "2024-01-02 00:00:00.000Z");
  TargetFacts b = Plain("bbbbbbbbbbbbbbb", "2024-01-01 00:00:00.000Z");
  CHECK(ChooseTarget({a, b}).id == b.id);
  CHECK(ChooseTarget({a, b}).reason == "oldest_trail");
  a.centrality = 0.9, b.centrality = 0.6;
  CHECK(ChooseTarget({a, b}).reason == "most_central_geometry");
  CHECK(ChooseTarget({a, b}).id == a.id);
  // Photos put b in a higher class than any track could.
  b.photos = 1;
  CHECK(PriorityClass(b) == 2);
  CHECK(ChooseTarget({a, b}).id == b.id);
  CHECK(ChooseTarget({a, b}).reason == "most_complete_content");
  // Ten likes and tags do not outrank one summit log.
  a.summit_logs = 1;
  b.likes = 10, b.tags = 10, b.comments = 3;
  CHECK(TargetScore(b) > TargetScore(a) - 1000);
  CHECK(ChooseTarget({a, b}).id == a.id);
  CHECK(ChooseTarget({a, b}).reason == "highest_summit_log_count");
  // Nothing sets them apart: the same answer every time.
  TargetFacts c = Plain("ccccccccccccccc", "2024-01-01 00:00:00.000Z");
  TargetFacts d = Plain("ddddddddddddddd", "2024-01-01 00:00:00.000Z");
  CHECK(ChooseTarget({d, c}).id == c.id);
  CHECK(ChooseTarget({d, c}).reason == "deterministic_fallback");
  CHECK(ChooseTarget({}).id.empty());
}

}  // namespace
}  // namespace cairn::services
