// Row <-> record conversion; multi-valued columns hold JSON arrays as text.
#include "records/record_codec.h"

#include <cmath>

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

std::string SelectList(const CollectionSpec& collection, std::string_view alias) {
  std::string out;
  for (const auto& field : collection.fields) {
    if (!out.empty()) out += ", ";
    out += FieldSqlExpression(collection, field, alias);
    out += " AS ";
    out += QuoteIdentifier(field.name);
  }
  return out;
}

Json RowToRecord(const CollectionSpec& collection, const std::vector<storage::SqlValue>& row) {
  Json record = Json::object();
  for (size_t i = 0; i < collection.fields.size() && i < row.size(); ++i) {
    const FieldSpec& field = collection.fields[i];
    const storage::SqlValue& v = row[i];
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
      return 0;
    case FieldType::kBool:
      return false;
    case FieldType::kJson:
      return nullptr;
    default:
      return "";
  }
}

}  // namespace cairn::records
