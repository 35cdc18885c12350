// Reading one's notifications and marking them seen. The rows are written by schema.sql's
// triggers (migration 20); this service only shows them, and takes out of each what its
// recipient may no longer see.
#pragma once

#include <string_view>
#include <vector>

#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

// Thread-safe.
class NotificationService {
 public:
  NotificationService(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // One page of the caller's notifications, newest first unless `params.sort` says otherwise;
  // PocketBase's filter (`seen=false`) and `expand=author` apply. Unauthorized when anonymous;
  // InvalidArgument for a bad filter, sort or expand.
  util::Result<ListPage> List(const Caller& caller, ListParams params);

  // Marks notification `id` seen. The body must be exactly {"seen": true}: anything else is an
  // InvalidArgument naming the field. Unauthorized when anonymous, NotFound when it is not the
  // caller's. Returns the record with `expand`.
  util::Result<Json> MarkSeen(const Caller& caller, std::string_view id, const Json& body,
                              std::string_view expand);

  // Empties the metadata of each rendered notification whose trail or list `recipient` may no
  // longer see (a share taken back, a trail made private after a comment), so neither its name
  // nor a comment's text shows. Reads on `connection`.
  util::Status Redact(storage::Connection& connection, const Caller& recipient,
                      const std::vector<Json*>& notifications) const;

 private:
  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services
