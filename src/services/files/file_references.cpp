// One SELECT of the file columns per collection, inside one read transaction.
#include "services/files/file_references.h"

namespace cairn::services {
namespace {

using records::Json;

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

util::Result<FileReferences> ListFileReferences(storage::Database& database,
                                                const records::RecordEngine& engine) {
  return database.Read<FileReferences>([&](storage::Connection& c) -> util::Result<FileReferences> {
    FileReferences references;
    for (const auto& collection : engine.registry().All()) {
      std::vector<const records::FieldSpec*> file_fields;
      for (const auto& field : collection->fields) {
        if (field.type == records::FieldType::kFile) file_fields.push_back(&field);
      }
      if (file_fields.empty()) continue;
      references.collection_ids.push_back(collection->id);
      std::string sql = "SELECT id";
      for (const auto* field : file_fields) sql += ", " + records::QuoteIdentifier(field->name);
      sql += " FROM " + records::QuoteIdentifier(collection->name);
      CAIRN_ASSIGN_OR_RETURN(storage::QueryResult rows, c.Query(sql, {}));
      for (const auto& row : rows.rows) {
        const std::string id = std::get<std::string>(row[0]);
        references.records.insert({collection->id, id});
        for (size_t i = 0; i < file_fields.size(); ++i) {
          for (auto& name : NamesOf(*file_fields[i], row[i + 1])) {
            references.names.push_back(
                {collection->id, collection->name, id, file_fields[i]->name, std::move(name)});
          }
        }
      }
    }
    return references;
  });
}

}  // namespace cairn::services
