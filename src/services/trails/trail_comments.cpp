// A trail's comments: the trail's own visibility first (one indexed test), then the comment
// family's list, which applies its rules again.
#include "services/trails/trail_comments.h"

#include "services/families/names.h"
#include "services/federation/remote_trail_copies.h"

namespace cairn::services {

util::Result<ListPage> TrailComments::List(const Caller& caller, const std::string& trail_id,
                                           int page, int per_page) {
  Caller reader = caller;
  reader.share_token.clear();
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const storage::SqlFragment view = records_.PolicyFor(reader).ViewCondition(*trails, "t");
  storage::SqlParams params{trail_id};
  params.insert(params.end(), view.params.begin(), view.params.end());
  CAIRN_ASSIGN_OR_RETURN(
      bool visible, database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
        CAIRN_ASSIGN_OR_RETURN(
            storage::QueryResult rows,
            c.Query("SELECT 1 FROM trails t WHERE t.id = ? AND " + view.sql, params));
        return !rows.rows.empty();
      }));
  if (!visible) return util::Error::NotFound();
  // A stale copy of a remote trail is read again in the background: its comments made there
  // join the list at the next reading, and no reader waits for another server.
  if (copies_) copies_->ScheduleIfStale(trail_id);
  ListParams list;
  list.page = page;
  list.per_page = per_page;
  list.expand = "author";
  list.order_by = "t.created DESC";
  return records_.List(reader, kComments, list, {"t.trail = ?", {trail_id}});
}

}  // namespace cairn::services
