// The merge transaction (trail_merge.h). Rows that belong to other people (their comments, summit
// logs and likes) move by set-based statements, as the cascade deletes them: no family's update
// rule lets the merging user rewrite them, and the merge's own checks stand in for those rules.
// What the caller writes as themself (the new summit log, the kept trail, the source's removal)
// goes through the record service and its policy.
#include "services/merge/trail_merge.h"

#include <algorithm>
#include <map>
#include <optional>

#include "services/core/cascade.h"
#include "services/families/names.h"
#include "services/families/photo_positions.h"
#include "services/merge/merge_errors.h"
#include "util/ids.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

namespace errors = merge_errors;
using records::Json;

// A trail holds at most this many photos (its `photos` field).
constexpr size_t kMaxPhotosPerTrail = 999;
using storage::SqlFragment;

// A trail as the merge reads it, with the caller's rights on it.
struct TrailState {
  std::string id, author, name, date, created, description, gpx;
  double distance = 0, duration = 0, elevation_gain = 0, elevation_loss = 0;
  std::vector<std::string> photos;
  Json photo_positions = Json::object();
  Json tags = Json::array();
  bool editable = false;  // update or edit share
  bool deletable = false;
};

std::string Text(const storage::SqlValue& v) {
  const auto* s = std::get_if<std::string>(&v);
  return s ? *s : std::string();
}

Json ParsedOr(const std::string& text, Json fallback) {
  Json parsed = Json::parse(text, nullptr, false);
  return parsed.is_discarded() || parsed.type() != fallback.type() ? fallback : parsed;
}

// The trail if the caller may see it.
util::Result<std::optional<TrailState>> ReadState(storage::Connection& c,
                                                  const AccessPolicy& policy,
                                                  const records::CollectionSpec& spec,
                                                  const std::string& id) {
  const SqlFragment update = policy.UpdateCondition(spec, "t");
  const SqlFragment edit = policy.EditCondition(spec, "t");
  const SqlFragment remove = policy.DeleteCondition(spec, "t");
  const SqlFragment view = policy.ViewCondition(spec, "t");
  storage::SqlParams params = update.params;
  for (const SqlFragment* f : {&edit, &remove, &view}) {
    params.insert(params.end(), f->params.begin(), f->params.end());
  }
  params.emplace_back(id);
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      c.Query("SELECT t.id, t.author, t.name, t.date, t.created, t.description, t.gpx, "
              "t.distance, t.duration, t.elevation_gain, t.elevation_loss, t.photos, "
              "coalesce(t.photo_positions, '{}'), t.tags, CASE WHEN (" +
                  update.sql + ") OR (" + edit.sql + ") THEN 1 ELSE 0 END, CASE WHEN (" +
                  remove.sql + ") THEN 1 ELSE 0 END FROM trails t WHERE (" + view.sql +
                  ") AND t.id = ?",
              params));
  if (rows.rows.empty()) return std::optional<TrailState>();
  const auto& row = rows.rows[0];
  TrailState t;
  t.id = Text(row[0]), t.author = Text(row[1]), t.name = Text(row[2]), t.date = Text(row[3]);
  t.created = Text(row[4]), t.description = Text(row[5]), t.gpx = Text(row[6]);
  t.distance = storage::AsNumber(row[7]), t.duration = storage::AsNumber(row[8]);
  t.elevation_gain = storage::AsNumber(row[9]), t.elevation_loss = storage::AsNumber(row[10]);
  for (const Json& name : ParsedOr(Text(row[11]), Json::array())) {
    if (name.is_string()) t.photos.push_back(name.get<std::string>());
  }
  t.photo_positions = ParsedOr(Text(row[12]), Json::object());
  t.tags = ParsedOr(Text(row[13]), Json::array());
  t.editable = storage::AsNumber(row[14]) != 0;
  t.deletable = storage::AsNumber(row[15]) != 0;
  return std::optional<TrailState>(std::move(t));
}

struct Pair {
  TrailState source, target;
};

// Both trails and the caller's right to do what `settings` ask, as one snapshot sees them.
util::Result<Pair> CheckedPair(storage::Connection& c, const AccessPolicy& policy,
                               const records::CollectionSpec& spec, const MergeRequest& request) {
  CAIRN_ASSIGN_OR_RETURN(auto source, ReadState(c, policy, spec, request.source_trail_id));
  if (!source) return errors::Invalid(errors::kSourceNotFound);
  CAIRN_ASSIGN_OR_RETURN(auto target, ReadState(c, policy, spec, request.target_trail_id));
  if (!target) return errors::Invalid(errors::kTargetNotFound);
  const MergeSettings& s = request.settings;
  const bool takes = s.summit_log || s.photos || s.comments || s.likes;
  if (!target->editable || (takes && !source->editable) || (s.remove && !source->deletable)) {
    return errors::NotAllowed();
  }
  return Pair{std::move(*source), std::move(*target)};
}

// A stored name without the random part BlobStore::Put added ("Walk_k3j9x0q2ma.gpx" -> "Walk.gpx"),
// so a copy is not named "Walk_k3j9x0q2ma_a8d0s7f6g5.gpx".
std::string OriginalName(const std::string& stored) {
  const size_t dot = stored.rfind('.');
  const size_t stem_end = dot == std::string::npos ? stored.size() : dot;
  if (stem_end < 12 || stored[stem_end - 11] != '_') return stored;
  return stored.substr(0, stem_end - 11) + stored.substr(stem_end);
}

// Files written for the merge before its transaction: removed again when it fails.
struct Copies {
  std::string trails_id, logs_id, log_id, target_id;
  std::string gpx;                                          // the summit log's track, or ""
  std::vector<std::pair<std::string, std::string>> photos;  // source name, copy's name

  void Discard(storage::BlobStore& blobs) const {
    if (!gpx.empty()) (void)blobs.RemoveRecord(logs_id, log_id);
    for (const auto& [from, copy] : photos) (void)blobs.Remove(trails_id, target_id, copy);
  }
};

util::Result<std::string> CopyFile(storage::BlobStore& blobs, const std::string& from_collection,
                                   const std::string& from_record, const std::string& name,
                                   const std::string& to_collection, const std::string& to_record) {
  CAIRN_ASSIGN_OR_RETURN(std::string bytes, blobs.Read(from_collection, from_record, name));
  return blobs.Put(to_collection, to_record, OriginalName(name), bytes);
}

util::Status Run(storage::Connection& c, const std::string& sql, storage::SqlParams params) {
  auto result = c.Execute(sql, params);
  if (!result.ok()) return std::move(result).error();
  return util::OkStatus();
}

// What the transaction leaves to do once it committed.
struct Committed {
  std::vector<FileOwner> deleted;    // the source's records, when it was deleted
  std::vector<std::string> dropped;  // the source's photo names, when it stays
};

}  // namespace

util::Status TrailMerge::Merge(const Caller& given_caller, const MergeRequest& given) {
  if (given_caller.IsAnonymous()) return errors::AuthRequired();
  if (given.source_trail_id.empty() || given.target_trail_id.empty()) {
    return errors::Invalid(errors::kMissingTrailId);
  }
  if (given.source_trail_id == given.target_trail_id) {
    return errors::Invalid(errors::kSameSourceTarget);
  }
  // Merges act on the caller's own archive: a link-share token opens nothing here.
  Caller caller = given_caller;
  caller.share_token.clear();
  MergeRequest request = given;
  if (request.settings.remove) {
    // What would be deleted with the source goes over instead.
    request.settings.summit_log = request.settings.photos = request.settings.comments = true;
  }
  const MergeSettings& settings = request.settings;
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* logs, records_.SpecOf(kSummitLogs));
  const AccessPolicy policy = records_.PolicyFor(caller);
  CAIRN_ASSIGN_OR_RETURN(Pair before, database_.Read<Pair>([&](storage::Connection& c) {
    return CheckedPair(c, policy, *trails, request);
  }));

  // The photos first, synced, so that no row ever names a file not yet whole.
  Copies copies{trails->id, logs->id, before.target.id, "", {}};
  if (settings.photos) {
    for (const std::string& photo : before.source.photos) {
      auto copied =
          CopyFile(blobs_, trails->id, before.source.id, photo, trails->id, before.target.id);
      if (!copied.ok()) {
        copies.Discard(blobs_);
        return std::move(copied).error();
      }
      copies.photos.emplace_back(photo, *copied);
    }
  }
  const Family* trail_family = records_.families().Find(kTrails);
  if (!trail_family) return util::Error::Internal("no trails family");

  auto committed = database_.Write<Committed>([&](storage::Connection& c)
                                                  -> util::Result<Committed> {
    CAIRN_ASSIGN_OR_RETURN(Pair now, CheckedPair(c, policy, *trails, request));
    const TrailState& source = now.source;
    const TrailState& target = now.target;
    if (settings.photos && source.photos != before.source.photos) {
      return util::Error::Conflict("The trail changed while it was being merged; try again.");
    }
    const std::string at = util::FormatTimestamp(clock_.NowMillis());
    Committed out;

    // The source's own outing, as a summit log on the target, through the summit logs' rules.
    CAIRN_ASSIGN_OR_RETURN(
        Json log, records_.CreateIn(c, caller, kSummitLogs,
                                    {{"author", caller.user_id},
                                     {"trail", target.id},
                                     {"date", source.date.empty() ? source.created : source.date},
                                     {"text", source.description},
                                     {"distance", source.distance},
                                     {"duration", source.duration},
                                     {"elevation_gain", source.elevation_gain},
                                     {"elevation_loss", source.elevation_loss}}));
    copies.log_id = log.value("id", "");
    // Its track: a copy under the new log, synced before the row naming it commits. A track
    // file already missing (see `cairn doctor`) leaves a summit log without one.
    if (!source.gpx.empty()) {
      auto copied = CopyFile(blobs_, trails->id, source.id, source.gpx, logs->id, copies.log_id);
      if (copied.ok()) {
        CAIRN_RETURN_IF_ERROR(
            Run(c, "UPDATE summit_logs SET gpx = ? WHERE id = ?", {*copied, copies.log_id}));
      } else if (copied.error().kind != util::ErrorKind::kNotFound) {
        return std::move(copied).error();
      }
    }

    if (settings.summit_log) {
      CAIRN_RETURN_IF_ERROR(Run(c,
                                "UPDATE summit_logs SET trail = ?, updated = ? WHERE trail = ? AND "
                                "id != ?",
                                {target.id, at, source.id, copies.log_id}));
    }
    if (settings.comments) {
      CAIRN_RETURN_IF_ERROR(Run(c, "UPDATE comments SET trail = ?, updated = ? WHERE trail = ?",
                                {target.id, at, source.id}));
    }
    if (settings.photos) {
      // A waypoint's photos stay with it: the waypoints that hold photos come along.
      CAIRN_RETURN_IF_ERROR(Run(c,
                                "UPDATE waypoints SET trail = ?, updated = ? WHERE trail = ? AND "
                                "photos NOT IN ('', '[]')",
                                {target.id, at, source.id}));
    }
    if (settings.likes) {
      // Delete and insert rather than update: the triggers that keep like_count count those.
      CAIRN_ASSIGN_OR_RETURN(
          storage::QueryResult likes,
          c.Query("SELECT user, created FROM trail_likes WHERE trail = ? AND user NOT IN "
                  "(SELECT user FROM trail_likes WHERE trail = ?)",
                  {source.id, target.id}));
      for (const auto& like : likes.rows) {
        CAIRN_RETURN_IF_ERROR(Run(c,
                                  "INSERT INTO trail_likes (id, created, updated, trail, user) "
                                  "VALUES (?, ?, ?, ?, ?)",
                                  {util::NewRecordId(), like[1], at, target.id, like[0]}));
      }
    }
    if (settings.likes || settings.remove) {
      CAIRN_RETURN_IF_ERROR(Run(c, "DELETE FROM trail_likes WHERE trail = ?", {source.id}));
    }

    // The kept trail: the source's tags after its own, through the trails' rules (an edit share
    // may change tags)...
    if (settings.tags) {
      Json tags = target.tags;
      bool added = false;
      for (const Json& tag : source.tags) {
        if (std::find(tags.begin(), tags.end(), tag) == tags.end()) {
          tags.push_back(tag);
          added = true;
        }
      }
      if (added) {
        CAIRN_RETURN_IF_ERROR(records_.UpdateIn(c, caller, kTrails, target.id,
                                                {{"name", target.name}, {"tags", tags}}));
      }
    }
    // ... and the copied photos after its own, with their places (the caller may edit it).
    if (!copies.photos.empty()) {
      CAIRN_ASSIGN_OR_RETURN(
          storage::QueryResult stored,
          c.Query("SELECT photos, coalesce(photo_positions, 'null') FROM trails WHERE id = ?",
                  {target.id}));
      if (stored.rows.empty()) return errors::Invalid(errors::kTargetNotFound);
      Json photos = ParsedOr(Text(stored.rows[0][0]), Json::array());
      Json positions = Json::parse(Text(stored.rows[0][1]), nullptr, false);
      for (const auto& [from, copy] : copies.photos) {
        photos.push_back(copy);
        if (source.photo_positions.contains(from)) {
          if (!positions.is_object()) positions = Json::object();
          positions[copy] = source.photo_positions[from];
        }
      }
      if (photos.size() > kMaxPhotosPerTrail) return errors::Invalid(errors::kTooManyPhotos);
      CAIRN_RETURN_IF_ERROR(
          Run(c,
              "UPDATE trails SET photos = ?, photo_positions = ?, updated = ? "
              "WHERE id = ?",
              {photos.dump(),
               positions.is_object() ? storage::SqlValue(positions.dump()) : storage::SqlValue(),
               at, target.id}));
    }

    if (settings.remove) {
      CAIRN_ASSIGN_OR_RETURN(
          out.deleted, DeleteWithDependents(c, records_.families(), *trail_family, source.id, at));
    } else if (!copies.photos.empty()) {
      // The source keeps no copy: its photos were all moved (checked above).
      CAIRN_RETURN_IF_ERROR(Run(c,
                                "UPDATE trails SET photos = '[]', photo_positions = NULL, "
                                "thumbnail = 0, updated = ? WHERE id = ?",
                                {at, source.id}));
      out.dropped = source.photos;
    }
    return out;
  });
  if (!committed.ok()) {
    copies.Discard(blobs_);
    return std::move(committed).error();
  }
  // The rows are gone or point elsewhere: now the source's files may go.
  RemoveStoredFiles(blobs_, committed->deleted);
  for (const std::string& name : committed->dropped) {
    if (auto removed = blobs_.Remove(trails->id, before.source.id, name); !removed.ok()) {
      util::LogWarning("a merged photo was not removed: " + removed.error().message);
    }
  }
  return util::OkStatus();
}

}  // namespace cairn::services
