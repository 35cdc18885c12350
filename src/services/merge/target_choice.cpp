// Choosing the trail to keep (target_choice.h).
#include "services/merge/target_choice.h"

#include <algorithm>
#include <functional>
#include <tuple>

namespace cairn::services {
namespace {

double ContentScore(const TargetFacts& f) {
  return 120.0 * double(f.comments) + 80.0 * double(f.photos) + 20.0 * double(f.likes) +
         10.0 * double(f.tags) + (f.has_description ? 15.0 : 0.0) + 15.0 * double(f.waypoints);
}

// Whether `chosen` has more of `value` than every other candidate (`less`: fewer wins).
bool BeatsAll(const TargetFacts& chosen, const std::vector<TargetFacts>& all,
              const std::function<double(const TargetFacts&)>& value, bool less = false) {
  for (const TargetFacts& other : all) {
    if (other.id == chosen.id) continue;
    if (less ? !(value(chosen) < value(other)) : !(value(chosen) > value(other))) return false;
  }
  return true;
}

}  // namespace

int PriorityClass(const TargetFacts& f) {
  if (f.summit_logs > 0) return 4;
  if (f.external_references > 0) return 3;
  if (f.comments > 0 || f.photos > 0 || f.has_description) return 2;
  return 1;
}

double TargetScore(const TargetFacts& f) {
  return 1000.0 * double(f.summit_logs) + 400.0 * double(f.external_references) + ContentScore(f) +
         200.0 * f.centrality;
}

TargetChoice ChooseTarget(const std::vector<TargetFacts>& candidates) {
  if (candidates.empty()) return {"", "deterministic_fallback"};
  auto key = [](const TargetFacts& f) {
    // Larger is better for the first three; earlier and smaller for the rest.
    return std::make_tuple(PriorityClass(f), TargetScore(f), f.centrality);
  };
  const TargetFacts* best = &candidates.front();
  for (const TargetFacts& f : candidates) {
    if (key(f) > key(*best) ||
        (key(f) == key(*best) && std::tie(f.created, f.id) < std::tie(best->created, best->id))) {
      best = &f;
    }
  }
  std::string reason = "deterministic_fallback";
  if (BeatsAll(*best, candidates, [](const TargetFacts& f) { return double(f.summit_logs); })) {
    reason = "highest_summit_log_count";
  } else if (BeatsAll(*best, candidates,
                      [](const TargetFacts& f) { return double(f.external_references); })) {
    reason = "most_external_references";
  } else if (BeatsAll(*best, candidates, ContentScore)) {
    reason = "most_complete_content";
  } else if (BeatsAll(*best, candidates, [](const TargetFacts& f) { return f.centrality; })) {
    reason = "most_central_geometry";
  } else {
    bool oldest = true;
    for (const TargetFacts& other : candidates) {
      if (other.id != best->id && !(best->created < other.created)) oldest = false;
    }
    if (oldest) reason = "oldest_trail";
  }
  return {best->id, reason};
}

}  // namespace cairn::services
