// Storage check: one pass over the rows' file fields, one over the storage folder.
#include "services/files/storage_doctor.h"

#include <map>
#include <set>

#include "services/files/file_references.h"

namespace cairn::services {

namespace {

using Kind = StorageProblem::Kind;
using Entry = storage::StoredEntry;

struct Reference {
  std::string field;
};

const char* KindText(Kind kind) {
  switch (kind) {
    case Kind::kOrphanFile:
      return "orphan file (no record names it)";
    case Kind::kOrphanThumbnails:
      return "orphan thumbnails (their photo is gone)";
    case Kind::kOrphanFolder:
      return "orphan folder (its record is gone)";
    case Kind::kMissingFile:
      return "missing file (a record names it)";
    case Kind::kTemporary:
      return "temporary file of an interrupted upload";
    case Kind::kUnexpected:
      return "unexpected entry (not written by Cairn; left alone)";
  }
  return "";
}

}  // namespace

std::string DescribeProblem(const StorageProblem& problem) {
  std::string line = KindText(problem.kind);
  line += ": " + problem.collection;
  if (!problem.record_id.empty()) line += "/" + problem.record_id;
  if (!problem.name.empty()) line += "/" + problem.name;
  if (!problem.field.empty()) line += " (field " + problem.field + ")";
  return line;
}

StorageDoctor::StorageDoctor(storage::Database& database, const records::RecordEngine& engine,
                             storage::BlobStore& blobs)
    : database_(database), engine_(engine), blobs_(blobs) {}

util::Result<StorageReport> StorageDoctor::Check() {
  StorageReport report;
  CAIRN_ASSIGN_OR_RETURN(FileReferences references, ListFileReferences(database_, engine_));
  // (collection id, record id) → names held.
  std::map<std::pair<std::string, std::string>, std::map<std::string, Reference>> held;
  const auto& records = references.records;
  std::map<std::string, std::string> names_by_id;
  for (const auto& collection : engine_.registry().All()) {
    names_by_id[collection->id] = collection->name;
  }
  for (const FileReference& reference : references.names) {
    ++report.references;
    held[{reference.collection_id, reference.record_id}][reference.name] = {reference.field};
    if (!blobs_.Exists(reference.collection_id, reference.record_id, reference.name)) {
      report.problems.push_back({Kind::kMissingFile, reference.collection_name, reference.record_id,
                                 reference.name, "", reference.field});
    }
  }
  std::set<std::string> orphan_folders;
  for (const Entry& entry : blobs_.Scan(references.collection_ids)) {
    const std::string collection = names_by_id.count(entry.collection_id)
                                       ? names_by_id[entry.collection_id]
                                       : entry.collection_id;
    StorageProblem problem{Kind::kUnexpected, collection, entry.record_id,
                           entry.name,        entry.path, ""};
    const auto key = std::pair{entry.collection_id, entry.record_id};
    const bool record_exists = records.count(key) > 0;
    const auto holder = held.find(key);
    const bool named = holder != held.end() && holder->second.count(entry.name);
    switch (entry.kind) {
      case Entry::Kind::kFile:
        ++report.files;
        if (named) continue;
        problem.kind = Kind::kOrphanFile;
        break;
      case Entry::Kind::kThumbnails:
        if (named) continue;
        problem.kind = Kind::kOrphanThumbnails;
        break;
      case Entry::Kind::kTemporary:
        problem.kind = Kind::kTemporary;
        break;
      case Entry::Kind::kRecordFolder:
        problem.kind = Kind::kOrphanFolder;
        break;
      case Entry::Kind::kUnexpected:
      case Entry::Kind::kUnknownFolder:
        break;
    }
    // A whole folder of a deleted record is one problem, not one per file.
    if (!record_exists && entry.kind != Entry::Kind::kUnknownFolder &&
        problem.kind != Kind::kTemporary && !entry.record_id.empty()) {
      problem.kind = Kind::kOrphanFolder;
      problem.name.clear();
      problem.path = blobs_.root() + "/" + entry.collection_id + "/" + entry.record_id;
      if (!orphan_folders.insert(problem.path).second) continue;
    }
    report.problems.push_back(std::move(problem));
  }
  return report;
}

util::Result<size_t> StorageDoctor::Fix(const StorageReport& report) {
  size_t repaired = 0;
  for (const auto& problem : report.problems) {
    if (problem.kind == Kind::kUnexpected) continue;
    if (problem.kind == Kind::kMissingFile) {
      const records::CollectionSpec* collection = engine_.registry().Find(problem.collection);
      const records::FieldSpec* field = collection ? collection->FindField(problem.field) : nullptr;
      if (!field) continue;
      const std::string table = records::QuoteIdentifier(collection->name);
      const std::string column = records::QuoteIdentifier(field->name);
      // Only the name goes; the record and its other files stay.
      const std::string sql =
          field->multiple
              ? "UPDATE " + table + " SET " + column +
                    " = (SELECT coalesce(json_group_array(value), '[]') FROM json_each(" + column +
                    ") WHERE value != ?) WHERE id = ? AND json_valid(" + column + ")"
              : "UPDATE " + table + " SET " + column + " = '' WHERE " + column + " = ? AND id = ?";
      auto updated = database_.Write<int64_t>([&](storage::Connection& c) {
        return c.Execute(sql, {problem.name, problem.record_id});
      });
      if (!updated.ok()) return std::move(updated).error();
      ++repaired;
      continue;
    }
    storage::StoredEntry entry;
    entry.path = problem.path;
    entry.kind = problem.kind == Kind::kOrphanFolder ? storage::StoredEntry::Kind::kRecordFolder
                                                     : storage::StoredEntry::Kind::kFile;
    const records::CollectionSpec* collection = engine_.registry().Find(problem.collection);
    entry.collection_id = collection ? collection->id : "";
    entry.record_id = problem.record_id;
    CAIRN_RETURN_IF_ERROR(blobs_.RemoveEntry(entry));
    ++repaired;
  }
  return repaired;
}

size_t StorageDoctor::RemoveTemporaries() {
  std::vector<std::string> collection_ids;
  for (const auto& collection : engine_.registry().All()) collection_ids.push_back(collection->id);
  size_t removed = 0;
  for (const auto& entry : blobs_.Scan(collection_ids)) {
    if (entry.kind == storage::StoredEntry::Kind::kTemporary && blobs_.RemoveEntry(entry).ok()) {
      ++removed;
    }
  }
  return removed;
}

}  // namespace cairn::services
