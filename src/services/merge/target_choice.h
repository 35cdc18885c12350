// Which trail of a set of duplicates to keep: the one carrying the most that people made (summit
// logs first, then richer content), then the most central track, then the oldest. Pure.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cairn::services {

// What a trail carries, as the choice weighs it.
struct TargetFacts {
  std::string id;
  std::string created;  // "YYYY-MM-DD HH:MM:SS.mmmZ": text order is time order
  int64_t summit_logs = 0;
  // Links to outside services (the reference's plugins); Cairn has none yet, so always 0.
  int64_t external_references = 0;
  int64_t comments = 0;
  int64_t photos = 0;
  int64_t likes = 0;
  int64_t tags = 0;
  int64_t waypoints = 0;
  bool has_description = false;
  // The mean MatchScore (track_match.h) against the other trails compared, in [0, 1].
  double centrality = 0;
};

// 4 with summit logs, 3 with external references, 2 with comments, photos or a description,
// else 1: a trail of a higher class is kept whatever the scores say.
int PriorityClass(const TargetFacts& facts);

// 1000 per summit log + 400 per external reference + 120 per comment + 80 per photo + 20 per
// like + 10 per tag + 15 for a description + 15 per waypoint + 200 x centrality.
double TargetScore(const TargetFacts& facts);

struct TargetChoice {
  std::string id;  // "" when `candidates` is empty
  // Why: highest_summit_log_count, most_external_references, most_complete_content,
  // most_central_geometry, oldest_trail or deterministic_fallback (the first of these in which
  // the chosen trail beats every other).
  std::string reason;
};

// The trail to keep: highest PriorityClass, then TargetScore, then centrality, then the oldest,
// then the smallest id, so the same set always gives the same answer.
TargetChoice ChooseTarget(const std::vector<TargetFacts>& candidates);

}  // namespace cairn::services
