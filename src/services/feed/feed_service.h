// The home feed: new trails, lists and summit logs of the people the caller follows, and their
// own, newest first, read from the items' own tables when it is asked for (nothing is written
// ahead per reader), each item judged by its family's list rule in the same statement, so an item
// made private later is gone from the feed at once and an unfollow empties it of that author.
#pragma once

#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

// The most feed items one page holds.
inline constexpr int kMaxFeedPerPage = 100;

// Thread-safe.
class FeedService {
 public:
  FeedService(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // Page `page` (from 1) of `per_page` (1 to kMaxFeedPerPage) items of the caller's feed that the
  // caller may see now, by the families' view rules (a link token does not count). Each item is
  // {id, type: trail|list|summit_log, item, author, created, expand: {item}}, the item expanded
  // with its author (a trail also with its category, a summit log with its trail). Totals count
  // the visible items only.
  // Unauthorized when anonymous.
  util::Result<ListPage> Feed(const Caller& caller, int page, int per_page);

 private:
  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services
