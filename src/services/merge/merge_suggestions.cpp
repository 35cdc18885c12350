// Suggesting merges: read the trails the caller may see (and their counts) in one snapshot,
// compare their tracks (track_match.h), choose what to keep (target_choice.h).
#include "services/merge/merge_suggestions.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

#include "geo/polyline.h"
#include "services/families/names.h"
#include "services/merge/merge_errors.h"
#include "services/merge/target_choice.h"
#include "services/merge/track_match.h"

namespace cairn::services {
namespace {

namespace errors = merge_errors;
using records::Json;
using storage::SqlFragment;

// A trail as the suggestions see it.
struct TrailFacts {
  TargetFacts facts;
  std::string author;
  std::string name;
  bool editable = false;
  TrackLine line;
};

enum class LineColumn { kPolyline, kPreview };

std::string Text(const storage::SqlValue& v) {
  const auto* s = std::get_if<std::string>(&v);
  return s ? *s : std::string();
}
int64_t Integer(const storage::SqlValue& v) { return static_cast<int64_t>(storage::AsNumber(v)); }

TrackLine LineOf(const std::string& encoded, double distance) {
  auto points = geo::DecodePolyline(encoded);
  return {points.ok() ? std::move(points).value() : std::vector<geo::LatLon>{}, distance};
}

// Every trail the caller may see that also meets `where` (on alias t), with what the choice of
// target weighs, whether the caller may edit it, and its map line (or preview: the same ends).
util::Result<std::vector<TrailFacts>> ReadTrails(storage::Connection& c, const AccessPolicy& policy,
                                                 const records::CollectionSpec& spec,
                                                 const SqlFragment& where, LineColumn column) {
  const SqlFragment update = policy.UpdateCondition(spec, "t");
  const SqlFragment edit = policy.EditCondition(spec, "t");
  const SqlFragment view = policy.ViewCondition(spec, "t");
  const std::string line = column == LineColumn::kPolyline ? "t.polyline" : "t.preview";
  storage::SqlParams params = update.params;
  params.insert(params.end(), edit.params.begin(), edit.params.end());
  params.insert(params.end(), view.params.begin(), view.params.end());
  params.insert(params.end(), where.params.begin(), where.params.end());
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      c.Query("SELECT t.id, t.author, t.created, t.name, t.distance, " + line +
                  ", trim(t.description) != '', CASE WHEN json_valid(t.photos) THEN "
                  "json_array_length(t.photos) ELSE 0 END, CASE WHEN json_valid(t.tags) THEN "
                  "json_array_length(t.tags) ELSE 0 END, t.like_count, (SELECT count(*) FROM "
                  "summit_logs s WHERE s.trail = t.id), (SELECT count(*) FROM comments c WHERE "
                  "c.trail = t.id), (SELECT count(*) FROM waypoints w WHERE w.trail = t.id), "
                  "CASE WHEN (" +
                  update.sql + ") OR (" + edit.sql + ") THEN 1 ELSE 0 END FROM trails t WHERE (" +
                  view.sql + ") AND (" + where.sql + ")",
              params));
  std::vector<TrailFacts> out;
  for (const auto& row : rows.rows) {
    TrailFacts t;
    t.facts.id = Text(row[0]);
    t.author = Text(row[1]);
    t.facts.created = Text(row[2]);
    t.name = Text(row[3]);
    t.line = LineOf(Text(row[5]), storage::AsNumber(row[4]));
    t.facts.has_description = Integer(row[6]) != 0;
    t.facts.photos = Integer(row[7]);
    t.facts.tags = Integer(row[8]);
    t.facts.likes = Integer(row[9]);
    t.facts.summit_logs = Integer(row[10]);
    t.facts.comments = Integer(row[11]);
    t.facts.waypoints = Integer(row[12]);
    t.editable = Integer(row[13]) != 0;
    out.push_back(std::move(t));
  }
  return out;
}

// Merges only concern the caller's own archive: a link-share token opens nothing here.
Caller WithoutLinkShare(const Caller& caller) {
  Caller out = caller;
  out.share_token.clear();
  return out;
}

// The mean match score of each trail against the others and the references (centrality).
void SetCentrality(std::vector<TrailFacts>& trails, const std::vector<const TrailFacts*>& refs,
                   const std::function<double(const TrailFacts&, const TrailFacts&)>& score) {
  for (TrailFacts& t : trails) {
    double sum = 0;
    int count = 0;
    for (const TrailFacts& other : trails) {
      if (other.facts.id == t.facts.id) continue;
      sum += score(t, other), ++count;
    }
    for (const TrailFacts* other : refs) {
      if (other->facts.id == t.facts.id) continue;
      sum += score(t, *other), ++count;
    }
    t.facts.centrality = count ? sum / count : 0;
  }
}

std::vector<TargetFacts> FactsOf(const std::vector<TrailFacts>& trails) {
  std::vector<TargetFacts> out;
  for (const TrailFacts& t : trails) out.push_back(t.facts);
  return out;
}

// `this ` candidate's reason: the target's own reason for the target, else "selected_trail".
std::string CandidateReason(const std::string& id, const TargetChoice& choice) {
  return id == choice.id ? choice.reason : "selected_trail";
}

}  // namespace

util::Result<Json> MergeSuggestions::Suggest(const Caller& caller, const SuggestRequest& request) {
  if (caller.IsAnonymous()) return errors::AuthRequired();
  const Caller own = WithoutLinkShare(caller);
  switch (request.mode) {
    case SuggestMode::kManualSelection:
      return ManualSelection(own, request.trail_ids);
    case SuggestMode::kAutoDiscovery:
      return AutoDiscovery(own, request.source_trail_id);
    case SuggestMode::kMaintenanceGroups:
      return MaintenanceGroups(own);
  }
  return errors::Invalid(errors::kUnknownSuggestMode);
}

util::Result<Json> MergeSuggestions::ManualSelection(const Caller& caller,
                                                     const std::vector<std::string>& requested) {
  std::vector<std::string> ids;
  for (const std::string& id : requested) {
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  if (ids.size() < 2) return errors::Invalid(errors::kRequiresMultipleTrails);
  if (ids.size() > kMaxSelectedTrails) return errors::Invalid(errors::kTooManyTrails);
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(kTrails));
  const AccessPolicy policy = records_.PolicyFor(caller);
  CAIRN_ASSIGN_OR_RETURN(std::vector<TrailFacts> found,
                         database_.Read<std::vector<TrailFacts>>([&](storage::Connection& c) {
                           return ReadTrails(c, policy, *spec, storage::IdIn("t.id", ids),
                                             LineColumn::kPolyline);
                         }));
  // Missing and invisible are one answer: nothing tells a private trail from no trail.
  if (found.size() != ids.size()) return errors::Invalid(errors::kTrailNotFound);
  std::vector<TrailFacts> trails;
  for (const std::string& id : ids) {
    trails.push_back(*std::find_if(found.begin(), found.end(),
                                   [&](const TrailFacts& t) { return t.facts.id == id; }));
  }
  // Every pair once, for the warnings and the centrality.
  std::map<std::pair<std::string, std::string>, TrackComparison> compared;
  for (size_t i = 0; i < trails.size(); ++i) {
    for (size_t j = i + 1; j < trails.size(); ++j) {
      const TrackComparison c = CompareTracks(trails[i].line, trails[j].line, Shape::kAlways);
      compared[{trails[i].facts.id, trails[j].facts.id}] = c;
      compared[{trails[j].facts.id, trails[i].facts.id}] = c;
    }
  }
  SetCentrality(trails, {}, [&](const TrailFacts& a, const TrailFacts& b) {
    return MatchScore(compared[{a.facts.id, b.facts.id}]);
  });
  const TargetChoice choice = ChooseTarget(FactsOf(trails));
  Json candidates = Json::array();
  Json target_warnings = Json::array();
  for (const TrailFacts& t : trails) {
    std::vector<std::string> warnings;
    for (const TrailFacts& other : trails) {
      if (other.facts.id == t.facts.id) continue;
      for (const std::string& w : MatchWarnings(compared[{t.facts.id, other.facts.id}])) {
        if (std::find(warnings.begin(), warnings.end(), w) == warnings.end()) warnings.push_back(w);
      }
    }
    if (t.facts.id == choice.id) target_warnings = warnings;
    candidates.push_back({{"trailId", t.facts.id},
                          {"score", TargetScore(t.facts) - 0.1 * double(warnings.size())},
                          {"reason", CandidateReason(t.facts.id, choice)},
                          {"warnings", warnings},
                          {"selectable", t.editable}});
  }
  return Json{{"targetTrailId", choice.id},
              {"reason", choice.reason},
              {"warnings", target_warnings},
              {"candidates", candidates}};
}

util::Result<Json> MergeSuggestions::AutoDiscovery(const Caller& caller,
                                                   const std::string& source_id) {
  if (source_id.empty()) return errors::Invalid(errors::kMissingSourceTrailId);
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(kTrails));
  const AccessPolicy policy = records_.PolicyFor(caller);
  struct Found {
    std::vector<TrailFacts> source;
    std::vector<TrailFacts> others;
  };
  CAIRN_ASSIGN_OR_RETURN(
      Found found, database_.Read<Found>([&](storage::Connection& c) -> util::Result<Found> {
        Found f;
        CAIRN_ASSIGN_OR_RETURN(f.source, ReadTrails(c, policy, *spec, {"t.id = ?", {source_id}},
                                                    LineColumn::kPolyline));
        if (f.source.empty() || f.source[0].author != caller.user_id ||
            f.source[0].line.points.size() < 2) {
          return f;
        }
        // The caller's other trails whose box holds the source's start and end (give or take
        // the tolerance): the only ones that can match.
        const geo::LatLon start = f.source[0].line.points.front();
        const geo::LatLon end = f.source[0].line.points.back();
        const double d = 0.01;  // degrees, more than kEndpointToleranceMeters anywhere below 60°
        CAIRN_ASSIGN_OR_RETURN(
            f.others,
            ReadTrails(
                c, policy, *spec,
                {"t.author = ? AND t.id != ? AND t.polyline != '' AND t.min_lat <= ? AND "
                 "t.max_lat >= ? AND t.min_lat <= ? AND t.max_lat >= ? AND (t.min_lon > "
                 "t.max_lon OR (t.min_lon <= ? AND t.max_lon >= ? AND t.min_lon <= ? AND "
                 "t.max_lon >= ?))",
                 {caller.user_id, source_id, start.lat + d, start.lat - d, end.lat + d, end.lat - d,
                  start.lon + d / 0.5, start.lon - d / 0.5, end.lon + d / 0.5, end.lon - d / 0.5}},
                LineColumn::kPolyline));
        return f;
      }));
  if (found.source.empty()) return errors::Invalid(errors::kSourceNotFound);
  const TrailFacts& source = found.source[0];
  if (source.author != caller.user_id) return errors::Invalid(errors::kSourceActorMismatch);
  std::vector<TrailFacts> matches;
  std::unordered_map<std::string, double> geometry;
  for (const TrailFacts& other : found.others) {
    const TrackComparison c = CompareTracks(source.line, other.line, Shape::kEndsFirst);
    if (!IsStrongMatch(c)) continue;
    matches.push_back(other);
    geometry[other.facts.id] = MatchScore(c);
  }
  if (matches.empty()) {
    return Json{{"targetTrailId", ""},
                {"reason", "no_geometry_match"},
                {"warnings", Json::array()},
                {"candidates", Json::array()}};
  }
  SetCentrality(matches, {&source}, [&](const TrailFacts& a, const TrailFacts& b) {
    if (b.facts.id == source.facts.id) return geometry[a.facts.id];
    return MatchScore(CompareTracks(a.line, b.line, Shape::kEndsFirst));
  });
  const TargetChoice choice = ChooseTarget(FactsOf(matches));
  std::sort(matches.begin(), matches.end(), [](const TrailFacts& a, const TrailFacts& b) {
    const double sa = TargetScore(a.facts), sb = TargetScore(b.facts);
    return sa != sb ? sa > sb : a.facts.id < b.facts.id;
  });
  Json candidates = Json::array();
  for (const TrailFacts& t : matches) {
    candidates.push_back({{"trailId", t.facts.id},
                          {"score", TargetScore(t.facts)},
                          {"reason", CandidateReason(t.facts.id, choice)},
                          {"warnings", Json::array()},
                          {"selectable", t.editable}});
  }
  return Json{{"targetTrailId", choice.id},
              {"reason", choice.reason},
              {"warnings", Json::array()},
              {"candidates", candidates}};
}

util::Result<Json> MergeSuggestions::MaintenanceGroups(const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(kTrails));
  const AccessPolicy policy = records_.PolicyFor(caller);
  const SqlFragment update = policy.UpdateCondition(*spec, "t");
  const SqlFragment edit = policy.EditCondition(*spec, "t");
  SqlFragment editable{"t.polyline != '' AND ((" + update.sql + ") OR (" + edit.sql + "))",
                       update.params};
  editable.params.insert(editable.params.end(), edit.params.begin(), edit.params.end());
  // Previews first (their ends are the map line's): the grid and the cheap tests need no more.
  CAIRN_ASSIGN_OR_RETURN(std::vector<TrailFacts> trails,
                         database_.Read<std::vector<TrailFacts>>([&](storage::Connection& c) {
                           return ReadTrails(c, policy, *spec, editable, LineColumn::kPreview);
                         }));
  std::vector<TrackLine> previews;
  for (const TrailFacts& t : trails) previews.push_back(t.line);
  std::vector<std::pair<size_t, size_t>> pairs;
  std::set<size_t> involved;
  for (const auto& [i, j] : CandidatePairs(previews)) {
    const TrackComparison ends = CompareTracks(previews[i], previews[j], Shape::kEndsFirst);
    // kEndsFirst measured the previews' shape too when the ends agreed; the map lines decide.
    if (ends.comparable && ends.start_gap_m <= kEndpointToleranceMeters &&
        ends.end_gap_m <= kEndpointToleranceMeters && ends.lengths_agree) {
      pairs.emplace_back(i, j);
      involved.insert(i), involved.insert(j);
    }
  }
  // The map lines of the trails that may match something.
  std::vector<std::string> wanted;
  for (size_t i : involved) wanted.push_back(trails[i].facts.id);
  CAIRN_ASSIGN_OR_RETURN(std::vector<TrailFacts> full,
                         database_.Read<std::vector<TrailFacts>>([&](storage::Connection& c) {
                           return ReadTrails(c, policy, *spec, storage::IdIn("t.id", wanted),
                                             LineColumn::kPolyline);
                         }));
  std::unordered_map<std::string, TrackLine> lines;
  for (TrailFacts& t : full) lines[t.facts.id] = std::move(t.line);
  // Strong matches as edges, with their scores.
  std::map<size_t, std::set<size_t>> adjacent;
  std::map<std::pair<size_t, size_t>, double> scores;
  for (const auto& [i, j] : pairs) {
    const TrackComparison c =
        CompareTracks(lines[trails[i].facts.id], lines[trails[j].facts.id], Shape::kEndsFirst);
    if (!IsStrongMatch(c)) continue;
    adjacent[i].insert(j), adjacent[j].insert(i);
    scores[{i, j}] = scores[{j, i}] = MatchScore(c);
  }
  Json groups = Json::array();
  std::set<size_t> seen;
  for (const auto& [first, unused] : adjacent) {
    if (seen.count(first)) continue;
    std::vector<size_t> component{first};
    seen.insert(first);
    for (size_t k = 0; k < component.size(); ++k) {
      for (size_t next : adjacent[component[k]]) {
        if (seen.insert(next).second) component.push_back(next);
      }
    }
    std::sort(component.begin(), component.end(), [&](size_t a, size_t b) {
      return std::tie(trails[a].name, trails[a].facts.id) <
             std::tie(trails[b].name, trails[b].facts.id);
    });
    std::vector<TrailFacts> members;
    double group_score = 0;
    bool indirect = false;
    for (size_t i : component) {
      members.push_back(trails[i]);
      double sum = 0;
      for (size_t j : adjacent[i]) sum += scores[{i, j}];
      group_score += sum / double(adjacent[i].size());
      if (adjacent[i].size() + 1 < component.size()) indirect = true;
    }
    SetCentrality(members, {}, [&](const TrailFacts& a, const TrailFacts& b) {
      for (size_t i : component) {
        if (trails[i].facts.id != a.facts.id) continue;
        for (size_t j : component) {
          if (trails[j].facts.id == b.facts.id && scores.count({i, j})) return scores[{i, j}];
        }
      }
      return 0.0;
    });
    const TargetChoice choice = ChooseTarget(FactsOf(members));
    std::vector<std::string> ids;
    std::string group_id;
    for (const TrailFacts& m : members) {
      group_id += (ids.empty() ? "" : ":") + m.facts.id;
      ids.push_back(m.facts.id);
    }
    groups.push_back({{"groupId", group_id},
                      {"trailIds", ids},
                      {"targetTrailId", choice.id},
                      {"reason", choice.reason},
                      {"score", group_score / double(members.size())},
                      {"indirect", indirect}});
  }
  std::sort(groups.begin(), groups.end(), [](const Json& a, const Json& b) {
    if (a["trailIds"].size() != b["trailIds"].size()) {
      return a["trailIds"].size() > b["trailIds"].size();
    }
    if (a["score"] != b["score"]) return a["score"].get<double>() > b["score"].get<double>();
    return a["groupId"].get<std::string>() < b["groupId"].get<std::string>();
  });
  return Json{{"groups", groups}};
}

}  // namespace cairn::services
