// The admin CLI's writes: the record service's checks, hooks and cascades without a caller or
// an access rule.
#include "services/core/cascade.h"
#include "services/core/record_service.h"

namespace cairn::services {

util::Result<WriteResult> RecordService::AdminCreate(const std::string& collection,
                                                     const Json& body,
                                                     const WriteOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  CAIRN_ASSIGN_OR_RETURN(Json validated,
                         ValidateValues(*family, body, records::WriteMode::kCreate));
  Json values = MergeDerived(family->definition, Json::object(), options.derived, validated);
  return database_.Write<WriteResult>(
      [&](storage::Connection& c) { return CreateOn(c, nullptr, *family, values, {}, options); });
}

util::Result<Json> RecordService::AdminUpdate(const std::string& collection, std::string_view id,
                                              const Json& changes, const WriteOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  CAIRN_ASSIGN_OR_RETURN(WriteResult result,
                         database_.Write<WriteResult>([&](storage::Connection& c) {
                           return UpdateOn(c, nullptr, *family, id, changes, {}, options);
                         }));
  return std::move(result.record);
}

util::Status RecordService::AdminDelete(const std::string& collection, std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  auto deleted = database_.Write<std::vector<FileOwner>>(
      [&](storage::Connection& c) -> util::Result<std::vector<FileOwner>> {
        CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindByIdUnchecked(c, *family->spec, id));
        return DeleteWithDependents(c, families_, *family, id, engine_.Now());
      });
  if (!deleted.ok()) return std::move(deleted).error();
  RemoveStoredFiles(blobs_, *deleted);
  return util::OkStatus();
}

}  // namespace cairn::services
