// Collection registry and the mapping from fields to SQL expressions.
#include "records/collection.h"

namespace cairn::records {

const FieldSpec* CollectionSpec::FindField(std::string_view field_name) const {
  for (const auto& f : fields) {
    if (f.name == field_name) return &f;
  }
  return nullptr;
}

std::string QuoteIdentifier(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string ColumnExpression(const FieldSpec& field, std::string_view alias) {
  return std::string(alias) + "." + QuoteIdentifier(field.name);
}

const CollectionSpec* CollectionRegistry::Add(CollectionSpec collection) {
  std::vector<FieldSpec> fields;
  FieldSpec id{.name = "id", .type = FieldType::kText, .system = true};
  FieldSpec created{.name = "created", .type = FieldType::kDateTime, .system = true};
  FieldSpec updated{.name = "updated", .type = FieldType::kDateTime, .system = true};
  fields.push_back(id);
  fields.push_back(created);
  fields.push_back(updated);
  for (auto& f : collection.fields) fields.push_back(std::move(f));
  collection.fields = std::move(fields);
  collections_.push_back(std::make_unique<CollectionSpec>(std::move(collection)));
  return collections_.back().get();
}

const CollectionSpec* CollectionRegistry::Find(std::string_view name_or_id) const {
  for (const auto& c : collections_) {
    if (c->name == name_or_id || c->id == name_or_id) return c.get();
  }
  return nullptr;
}

}  // namespace cairn::records
