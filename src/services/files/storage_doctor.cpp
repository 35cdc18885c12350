// Storage check: one pass over the rows' file fields, one over the storage folder.
#include "services/files/storage_doctor.h"

#include <map>
#include <set>

namespace cairn::services {

using records::Json;

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

// The names a file field's stored text holds: one name, or a JSON array of names.
std::vector<std::string> NamesOf(const records::FieldSpec& field, const storage::SqlValue& value) {
  std::vector<std::string> names;
  const auto* text = std::get_if<std::string>(&value);
  if (!text || text->empty()) return names;
  if (!field.multiple) return {*text};
  Json parsed = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_array()) return names;
  for (const auto& item : parsed) {
    if (item.is_string()) names.push_back(item.get<std::string>());
  }
  return names;
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
  // (collection id, record id) → names held, and which records exist at all.
  std::map<std::pair<std::string, std::string>, std::map<std::string, Reference>> held;
  std::set<std::pair<std::string, std::string>> records;
  std::vector<std::string> collection_ids;
  std::map<std::string, std::string> names_by_id;
  for (const auto& collection : engine_.registry().All()) {
    names_by_id[collection->id] = collection->name;
    std::vector<const records::FieldSpec*> file_fields;
    for (const auto& field : collection->fields) {
      if (field.type == records::FieldType::kFile) file_fields.push_back(&field);
    }
    if (file_fields.empty()) continue;
    collection_ids.push_back(collection->id);
    std::string sql = "SELECT id";
    for (const auto* field : file_fields) sql += ", " + records::QuoteIdentifier(field->name);
    sql += " FROM " + records::QuoteIdentifier(collection->name);
    auto rows = database_.Read<storage::QueryResult>(
        [&](storage::Connection& c) { return c.Query(sql, {}); });
    if (!rows.ok()) return std::move(rows).error();
    for (const auto& row : rows->rows) {
      const std::string id = std::get<std::string>(row[0]);
      records.insert({collection->id, id});
      for (size_t i = 0; i < file_fields.size(); ++i) {
        for (const auto& name : NamesOf(*file_fields[i], row[i + 1])) {
          ++report.references;
          held[{collection->id, id}][name] = {file_fields[i]->name};
          if (!blobs_.Exists(collection->id, id, name)) {
            report.problems.push_back(
                {Kind::kMissingFile, collection->name, id, name, "", file_fields[i]->name});
          }
        }
      }
    }
  }
  std::set<std::string> orphan_folders;
  for (const Entry& entry : blobs_.Scan(collection_ids)) {
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
