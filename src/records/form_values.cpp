// Form text → typed JSON values.
#include "records/form_values.h"

#include <cmath>
#include <cstdlib>
#include <map>

namespace cairn::records {
namespace {

bool IsPlainNumber(const std::string& text) {
  if (text.empty() || text.size() > 64) return false;
  // Only what a person or a form writes: optional '-', digits, optional fraction and exponent.
  for (char c : text) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == 'e' ||
          c == 'E' || c == '+')) {
      return false;
    }
  }
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(value);
}

Json Converted(const FieldSpec* field, const std::vector<std::string>& values) {
  if (!field) return values.size() == 1 ? Json(values[0]) : Json(values);
  if (field->IsMultiValued()) {
    if (values.size() == 1) {
      const std::string& only = values[0];
      if (only.empty()) return Json::array();
      if (only.front() == '[') {
        Json parsed = Json::parse(only, nullptr, /*allow_exceptions=*/false);
        if (parsed.is_array()) return parsed;
      }
    }
    return Json(values);
  }
  if (values.size() != 1) return Json(values);
  const std::string& text = values[0];
  switch (field->type) {
    case FieldType::kNumber:
      if (text.empty()) return nullptr;
      if (IsPlainNumber(text)) return std::strtod(text.c_str(), nullptr);
      return text;
    case FieldType::kBool:
      if (text == "true" || text == "on" || text == "1") return true;
      if (text == "false" || text == "off" || text == "0" || text.empty()) return false;
      return text;
    default:
      return text;
  }
}

}  // namespace

util::Result<Json> FormFieldsToJson(const CollectionSpec& collection,
                                    const std::vector<std::pair<std::string, std::string>>& parts) {
  Json body = Json::object();
  // Grouped by name, in the order names first appear.
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> grouped;
  for (const auto& [name, value] : parts) {
    if (name == "@jsonPayload") {
      Json payload = Json::parse(value, nullptr, /*allow_exceptions=*/false);
      if (!payload.is_object()) {
        return util::Error::InvalidField("Invalid form.", "@jsonPayload", "validation_invalid_json",
                                         "Must be a JSON object.");
      }
      for (auto& [key, member] : payload.items()) body[key] = member;
      continue;
    }
    if (!grouped.count(name)) order.push_back(name);
    grouped[name].push_back(value);
  }
  for (const auto& name : order) {
    const FieldSpec* field = collection.FindField(name);
    if (field && field->type == FieldType::kFile) continue;
    const std::vector<std::string>& values = grouped[name];
    if (field && field->type == FieldType::kJson && values.size() == 1) {
      if (values[0].empty()) {
        body[name] = nullptr;
        continue;
      }
      Json parsed = Json::parse(values[0], nullptr, /*allow_exceptions=*/false);
      if (parsed.is_discarded()) {
        return util::Error::InvalidField("Invalid form.", name, "validation_invalid_json",
                                         "Must be JSON.");
      }
      body[name] = std::move(parsed);
      continue;
    }
    body[name] = Converted(field, values);
  }
  return body;
}

}  // namespace cairn::records
