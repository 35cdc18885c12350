// Which stored files the records name: every value of every file field, read from the rows.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "records/record_engine.h"
#include "storage/database.h"

namespace cairn::services {

// One file name a record holds in one of its file fields.
struct FileReference {
  std::string collection_id;
  std::string collection_name;
  std::string record_id;
  std::string field;
  std::string name;  // as stored in the row; not checked against the stored-name shape
};

struct FileReferences {
  std::vector<FileReference> names;
  // Every record of a collection with file fields, named or not (an empty folder of one is no
  // orphan), as (collection id, record id).
  std::set<std::pair<std::string, std::string>> records;
  // The collections that have file fields: the folders storage/ may hold.
  std::vector<std::string> collection_ids;
};

// Reads every file field of every collection of `engine`'s registry from `database`, all in one
// read transaction, so the answer is one snapshot of the rows. Errors are the database's.
util::Result<FileReferences> ListFileReferences(storage::Database& database,
                                                const records::RecordEngine& engine);

}  // namespace cairn::services
