// Two-phase body validation: JSON types first (Form B), then field rules (Form A).
#include "records/validation.h"

#include <cmath>
#include <unordered_set>

#include "util/timestamp.h"

namespace cairn::records {
namespace {

constexpr size_t kDefaultMaxTextLength = 20000;
// Enough for any real list of trails; bounds the work one request can ask for.
// Integers beyond 2^53 lose precision in every JavaScript client, so integer fields stop there.
constexpr double kMaxSafeInteger = 9007199254740991.0;

const char* JsonTypeName(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "boolean";
    case Json::value_t::string:
      return "string";
    case Json::value_t::array:
      return "array";
    case Json::value_t::object:
      return "object";
    case Json::value_t::number_float:
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "number";
    default:
      return "unknown";
  }
}

const char* ExpectedType(const FieldSpec& field) {
  if (field.IsMultiValued()) return "array of strings";
  switch (field.type) {
    case FieldType::kNumber:
      return field.only_int ? "integer" : "number";
    case FieldType::kBool:
      return "boolean";
    case FieldType::kJson:
      return "json";
    default:
      return "string";
  }
}

util::ParamIssue InvalidType(const FieldSpec& field, const Json& v, std::string received = "") {
  std::string expected = ExpectedType(field);
  if (received.empty()) received = JsonTypeName(v);
  if (received == "array" && field.IsMultiValued()) received = "array with a non-string item";
  return {"invalid_type",
          "Expected " + expected + ", received " + received,
          {field.name},
          {{"expected", expected}, {"received", received}}};
}

bool HasType(const FieldSpec& field, const Json& v) {
  if (field.IsMultiValued()) {
    if (!v.is_array()) return false;
    for (const auto& item : v) {
      if (!item.is_string()) return false;
    }
    return true;
  }
  switch (field.type) {
    case FieldType::kNumber:
      return v.is_number();
    case FieldType::kBool:
      return v.is_boolean();
    case FieldType::kJson:
      return true;
    default:
      return v.is_string();
  }
}

bool IsEmptyValue(const Json& v) {
  return v.is_null() || (v.is_string() && v.get<std::string>().empty()) ||
         (v.is_array() && v.empty());
}

// A date field's stored form: "YYYY-MM-DD", or with `with_time` the record timestamp layout.
std::optional<std::string> NormaliseDate(const std::string& text, bool with_time) {
  if (!with_time) return util::ParseCalendarDate(text);
  auto millis = util::ParseTimestampMillis(text);
  if (!millis) return std::nullopt;
  return util::FormatTimestamp(*millis);
}

std::string FormatNumber(double d) {
  if (std::floor(d) == d) return std::to_string(static_cast<int64_t>(d));
  return std::to_string(d);
}

}  // namespace

size_t CountCharacters(std::string_view utf8) {
  size_t count = 0;
  for (unsigned char c : utf8) count += (c & 0xC0) != 0x80;
  return count;
}

std::vector<util::ParamIssue> TypeIssues(
    const Json& body, const std::vector<std::pair<const char*, const char*>>& expected_types) {
  std::vector<util::ParamIssue> issues;
  for (const auto& [name, expected] : expected_types) {
    auto it = body.find(name);
    if (it == body.end() || it->is_null()) continue;
    const std::string received = JsonTypeName(*it);
    if (received == expected) continue;
    issues.push_back({"invalid_type",
                      std::string("Expected ") + expected + ", received " + received,
                      {name},
                      {{"expected", std::string(expected)}, {"received", received}}});
  }
  return issues;
}

const char* FailureMessage(WriteMode mode) {
  return mode == WriteMode::kCreate ? "Failed to create record." : "Failed to update record.";
}

util::Status ValidateFields(const CollectionSpec& collection, const Json& body, WriteMode mode,
                            Json& values) {
  values = Json::object();
  if (!body.is_object()) {
    return util::Error::InvalidArgument("The request body must be a JSON object.");
  }
  std::vector<util::ParamIssue> issues;
  std::unordered_set<std::string> nulled_required;
  std::unordered_set<std::string> too_many;  // multi-valued fields over their item limit
  for (const auto& field : collection.fields) {
    // File names are set by uploads only, so a JSON body can never point a record at a blob.
    if (field.system || field.server_only || field.IsDerived() || field.type == FieldType::kFile) {
      continue;
    }
    auto it = body.find(field.name);
    if (it == body.end()) continue;
    const Json& v = *it;
    if (v.is_null()) {
      // null clears an optional field; a required one cannot be cleared, so it counts as missing.
      if (field.required || field.required_on_update) {
        nulled_required.insert(field.name);
      } else {
        values[field.name] = ZeroValue(field);
      }
      continue;
    }
    if (!HasType(field, v)) {
      issues.push_back(InvalidType(field, v));
      continue;
    }
    if (field.type == FieldType::kNumber && field.only_int) {
      const double d = v.get<double>();
      if (std::floor(d) != d || !std::isfinite(d)) {
        issues.push_back(InvalidType(field, v, "float"));
        continue;
      }
      // Out-of-range values are kept as a double so the range check below reports them.
      values[field.name] =
          std::fabs(d) <= kMaxSafeInteger ? Json(static_cast<int64_t>(d)) : Json(d);
      continue;
    }
    if (field.type == FieldType::kNumber) {
      values[field.name] = v.get<double>();  // one representation, whatever the client sent
      continue;
    }
    if ((field.type == FieldType::kDate || field.type == FieldType::kDateTime) &&
        !v.get<std::string>().empty()) {
      const bool with_time = field.type == FieldType::kDateTime;
      auto normalised = NormaliseDate(v.get<std::string>(), with_time);
      if (!normalised) {
        const char* validation = with_time ? "datetime" : "date";
        issues.push_back({"invalid_string",
                          with_time ? "Invalid date-time" : "Invalid date",
                          {field.name},
                          {{"validation", std::string(validation)}}});
        issues.push_back({"custom", "invalid-date", {field.name}, {}});
        continue;
      }
      values[field.name] = *normalised;
      continue;
    }
    if (field.IsMultiValued()) {
      const size_t limit = field.max_select ? field.max_select : kDefaultMaxSelect;
      if (v.size() > limit) {
        too_many.insert(field.name);
        continue;
      }
      // Keep the client's order, drop repeats.
      Json unique = Json::array();
      std::unordered_set<std::string> seen;
      for (const auto& item : v) {
        if (seen.insert(item.get<std::string>()).second) unique.push_back(item);
      }
      values[field.name] = std::move(unique);
      continue;
    }
    values[field.name] = v;
  }
  if (!issues.empty()) return util::Error::InvalidParams(std::move(issues));

  util::Error failure = util::Error::InvalidArgument(FailureMessage(mode));
  for (const auto& field : collection.fields) {
    if (field.system || field.server_only || field.IsDerived() || field.type == FieldType::kFile) {
      continue;
    }
    if (too_many.count(field.name)) {
      const size_t limit = field.max_select ? field.max_select : kDefaultMaxSelect;
      failure.field_errors[field.name] = {
          "validation_too_many_values",
          "Must have no more than " + std::to_string(limit) + " item(s)."};
      continue;
    }
    const bool present = values.contains(field.name);
    const bool must_be_present =
        mode == WriteMode::kCreate ? field.required : field.required_on_update;
    if (!present) {
      if (must_be_present || nulled_required.count(field.name)) {
        failure.field_errors[field.name] = {"validation_required", "Missing required value."};
      }
      continue;
    }
    const Json& v = values[field.name];
    // A bool that must be present may be false; other required values must be non-empty.
    if ((field.required || must_be_present) && field.type != FieldType::kBool &&
        field.type != FieldType::kNumber && IsEmptyValue(v)) {
      failure.field_errors[field.name] = {"validation_required", "Missing required value."};
      continue;
    }
    if (field.type == FieldType::kSelect && !IsEmptyValue(v)) {
      auto check = [&](const std::string& s) {
        for (const auto& allowed : field.select_values) {
          if (allowed == s) return true;
        }
        return false;
      };
      bool ok = true;
      if (v.is_array()) {
        for (const auto& item : v) ok = ok && check(item.get<std::string>());
      } else {
        ok = check(v.get<std::string>());
      }
      if (!ok) {
        std::string allowed;
        for (const auto& a : field.select_values) allowed += (allowed.empty() ? "" : ", ") + a;
        failure.field_errors[field.name] = {"validation_invalid_value",
                                            "Must be one of: " + allowed + "."};
      }
    }
    if (field.type == FieldType::kNumber && v.is_number()) {
      double d = v.get<double>();
      if (!std::isfinite(d)) {
        failure.field_errors[field.name] = {"validation_not_a_number", "Must be a finite number."};
      } else if (field.only_int && std::fabs(d) > kMaxSafeInteger) {
        failure.field_errors[field.name] = {"validation_max_number_constraint",
                                            "Must be a whole number of at most 2^53 - 1."};
      } else if (field.min && d < *field.min) {
        failure.field_errors[field.name] = {
            "validation_min_number_constraint",
            "Must be no less than " + FormatNumber(*field.min) + "."};
      } else if (field.max && d > *field.max) {
        failure.field_errors[field.name] = {
            "validation_max_number_constraint",
            "Must be no more than " + FormatNumber(*field.max) + "."};
      }
    }
    if ((field.type == FieldType::kText) && v.is_string()) {
      size_t limit = field.max_length ? field.max_length : kDefaultMaxTextLength;
      if (CountCharacters(v.get_ref<const std::string&>()) > limit) {
        failure.field_errors[field.name] = {
            "validation_max_text_constraint",
            "Must be no more than " + std::to_string(limit) + " character(s)."};
      }
    }
  }
  if (failure.field_errors.empty()) return util::OkStatus();
  for (const auto& [field, error] : failure.field_errors) values.erase(field);
  return failure;
}

util::Result<Json> ValidateBody(const CollectionSpec& collection, const Json& body,
                                WriteMode mode) {
  Json values;
  CAIRN_RETURN_IF_ERROR(ValidateFields(collection, body, mode, values));
  return values;
}

}  // namespace cairn::records
