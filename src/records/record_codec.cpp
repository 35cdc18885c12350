// Row <-> record conversion; multi-valued columns hold JSON arrays as text.
#include "records/record_codec.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace cairn::records {
namespace {

Json ParseArray(const storage::SqlValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) {
    Json parsed = Json::parse(*s, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_array()) return parsed;
  }
  return Json::array();
}

Json NumberValue(const FieldSpec& field, const storage::SqlValue& v) {
  if (field.nullable && std::holds_alternative<std::monostate>(v)) return nullptr;
  double d = 0;
  if (const auto* i = std::get_if<int64_t>(&v)) {
    return field.only_int ? Json(*i) : Json(static_cast<double>(*i));
  }
  if (const auto* r = std::get_if<double>(&v)) d = *r;
  if (field.only_int) return Json(static_cast<int64_t>(std::llround(d)));
  // Whole numbers print without a fraction, as PocketBase does.
  if (std::floor(d) == d && std::fabs(d) < 9e15) return Json(static_cast<int64_t>(d));
  return Json(d);
}

}  // namespace

storage::SqlFragment VisibleFieldExpression(const CollectionSpec& collection,
                                            const FieldSpec& field, std::string_view alias,
                                            const CollectionRegistry& registry,
                                            const Visibility& visibility) {
  const bool derived = field.IsDerived();
  if (!derived && !(field.type == FieldType::kRelation && field.multiple)) {
    return {ColumnExpression(field, alias), {}};
  }
  const CollectionSpec* target =
      registry.Find(derived ? field.derived_from_collection : field.relation_target);
  if (!target) return {"'[]'", {}};  // a declaration error; shows nothing rather than everything
  const std::string v = "v_" + field.name + "_" + std::string(alias);
  storage::SqlFragment view = visibility.ViewCondition(*target, v);
  const std::string visible = view.sql == "1" ? "" : " AND (" + view.sql + ")";
  storage::SqlFragment out;
  if (derived) {
    // The ids of the visible records pointing here, oldest first.
    out.sql = "(SELECT json_group_array(d.id) FROM (SELECT " + v + ".id AS id FROM " +
              QuoteIdentifier(target->name) + " " + v + " WHERE " + v + "." +
              QuoteIdentifier(field.derived_from_field) + " = " + std::string(alias) + ".id" +
              visible + " ORDER BY " + v + ".rowid) d)";
  } else if (visible.empty()) {
    out.sql = ColumnExpression(field, alias);
  } else {
    // The stored ids in their order, less those of records the caller may not see.
    out.sql = "(SELECT json_group_array(j.value) FROM (SELECT je.value AS value FROM json_each(" +
              ColumnExpression(field, alias) + ") je WHERE EXISTS (SELECT 1 FROM " +
              QuoteIdentifier(target->name) + " " + v + " WHERE " + v + ".id = je.value" + visible +
              ") ORDER BY je.key) j)";
  }
  out.params = std::move(view.params);
  return out;
}

storage::SqlFragment SelectList(const CollectionSpec& collection, std::string_view alias,
                                const CollectionRegistry& registry, const Visibility& visibility,
                                const std::vector<std::string>* wanted) {
  storage::SqlFragment out;
  for (const auto& field : collection.fields) {
    if (wanted && std::find(wanted->begin(), wanted->end(), field.name) == wanted->end()) continue;
    if (!out.sql.empty()) out.sql += ", ";
    storage::SqlFragment value =
        VisibleFieldExpression(collection, field, alias, registry, visibility);
    out.sql += value.sql + " AS " + QuoteIdentifier(field.name);
    out.params.insert(out.params.end(), value.params.begin(), value.params.end());
  }
  return out;
}

std::vector<bool> FieldsRead(const CollectionSpec& collection,
                             const std::vector<std::string>& wanted) {
  std::vector<bool> read;
  read.reserve(collection.fields.size());
  for (const auto& field : collection.fields) {
    read.push_back(std::find(wanted.begin(), wanted.end(), field.name) != wanted.end());
  }
  return read;
}

Json RowToRecord(const CollectionSpec& collection, const std::vector<storage::SqlValue>& row,
                 const std::vector<bool>* read) {
  Json record = Json::object();
  size_t column = 0;  // the row holds the fields read, in their order
  for (size_t i = 0; i < collection.fields.size() && column < row.size(); ++i) {
    const FieldSpec& field = collection.fields[i];
    if (read && !(*read)[i]) continue;
    const storage::SqlValue& v = row[column++];
    if (field.IsMultiValued()) {
      record[field.name] = ParseArray(v);
      continue;
    }
    switch (field.type) {
      case FieldType::kNumber:
        record[field.name] = NumberValue(field, v);
        break;
      case FieldType::kBool: {
        const auto* b = std::get_if<int64_t>(&v);
        record[field.name] = b && *b != 0;
        break;
      }
      case FieldType::kJson: {
        const auto* s = std::get_if<std::string>(&v);
        record[field.name] = s ? Json::parse(*s, nullptr, false) : Json(nullptr);
        if (record[field.name].is_discarded()) record[field.name] = nullptr;
        break;
      }
      default: {
        const auto* s = std::get_if<std::string>(&v);
        record[field.name] = s ? *s : std::string();
      }
    }
  }
  record["collectionId"] = collection.id;
  record["collectionName"] = collection.name;
  return record;
}

storage::SqlValue ToColumnValue(const FieldSpec& field, const Json& value) {
  if (field.IsMultiValued()) {
    return value.is_array() ? value.dump() : std::string("[]");
  }
  switch (field.type) {
    case FieldType::kNumber:
      if (value.is_number_integer()) return value.get<int64_t>();
      if (value.is_number()) return value.get<double>();
      if (field.nullable) return std::monostate{};
      return int64_t{0};
    case FieldType::kBool:
      return int64_t{value.is_boolean() && value.get<bool>() ? 1 : 0};
    case FieldType::kJson:
      if (value.is_null()) return std::monostate{};
      return value.dump();
    default:
      return value.is_string() ? value.get<std::string>() : std::string();
  }
}

Json ZeroValue(const FieldSpec& field) {
  if (field.IsMultiValued()) return Json::array();
  switch (field.type) {
    case FieldType::kNumber:
      return field.nullable ? Json(nullptr) : Json(0);
    case FieldType::kBool:
      return false;
    case FieldType::kJson:
      return nullptr;
    default:
      return "";
  }
}

}  // namespace cairn::records
