// The comments of one trail, for its page: paged, newest first, with their authors.
#pragma once

#include <string>

#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

class RemoteTrailCopies;

// Thread-safe.
class TrailComments {
 public:
  TrailComments(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // Page `page` of `per_page` (1 to kMaxPerPage) comments of trail `trail_id`, newest first,
  // each with expand.author. NotFound when the caller may not see the trail (a link token does
  // not open comments, as with the comment family's own rules).
  util::Result<ListPage> List(const Caller& caller, const std::string& trail_id, int page,
                              int per_page);

  // With federation on: a stale copy of a remote trail is read again in the background, so the
  // list merges the comments made on its own server with those made here.
  void SetTrailCopies(RemoteTrailCopies* copies) { copies_ = copies; }

 private:
  storage::Database& database_;
  RecordService& records_;
  RemoteTrailCopies* copies_ = nullptr;
};

}  // namespace cairn::services
