// Statistics typed by hand beside the computed ones: see trail_overrides.h.
#include "services/tracks/trail_overrides.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

namespace cairn::services {

using records::Json;

namespace {

// The web app writes metres and seconds in tenths: a number this close to the computed one is
// the computed one, not a correction.
constexpr double kSameNumber = 0.05;

std::string ComputedField(std::string_view field) { return "computed_" + std::string(field); }

bool IsNone(const Json& value) {
  return value.is_null() || (value.is_string() && value.get_ref<const std::string&>().empty());
}

bool SameValue(const Json& a, const Json& b) {
  if (a.is_number() && b.is_number()) {
    return std::fabs(a.get<double>() - b.get<double>()) < kSameNumber;
  }
  if (IsNone(a) || IsNone(b)) return IsNone(a) && IsNone(b);
  return a == b;
}

std::vector<std::string> FieldNames(const Json& list) {
  std::vector<std::string> names;
  if (!list.is_array()) return names;
  for (const Json& item : list) {
    if (item.is_string()) names.push_back(item.get<std::string>());
  }
  return names;
}

}  // namespace

Json MergeTrailStatistics(const Json& current, const Json& derived, const Json& written) {
  Json values = derived;
  values.update(written);
  const bool new_track = derived.contains("computed_distance");
  const Json& computed_from = new_track ? derived : current;
  auto computed = [&](std::string_view field) {
    auto found = computed_from.find(ComputedField(field));
    return found == computed_from.end() ? Json(nullptr) : *found;
  };
  const std::vector<std::string> stored = FieldNames(current.value("overrides", Json::array()));
  if (computed("distance").is_null()) {  // no track (any more): plain values
    if (!stored.empty() || written.contains("overrides")) values["overrides"] = Json::array();
    return values;
  }
  std::vector<std::string> overrides =
      written.contains("overrides") ? FieldNames(written["overrides"]) : stored;
  auto overridden = [&](std::string_view field) {
    return std::find(overrides.begin(), overrides.end(), field) != overrides.end();
  };
  auto set_override = [&](const std::string& field, bool on) {
    std::erase(overrides, field);
    if (on) overrides.push_back(field);
  };
  const bool creating = current.empty();
  for (const char* name : kOverridableTrailFields) {
    const std::string field = name;
    const Json value_in_effect = computed(field);
    auto typed = written.find(field);
    const bool edited = typed != written.end() && (creating || !current.contains(field) ||
                                                   !SameValue(*typed, current[field]));
    if (edited) {
      set_override(field, !SameValue(*typed, value_in_effect));
      continue;
    }
    if (overridden(field)) {
      // The value in effect stays, whatever the track says.
      if (!creating) values.erase(field);
      continue;
    }
    const bool was_overridden = std::find(stored.begin(), stored.end(), field) != stored.end();
    if (!new_track && !was_overridden) continue;
    if (field == "date" && IsNone(value_in_effect) && new_track &&
        !IsNone(current.value(field, Json(nullptr)))) {
      // A track without a time says nothing about the day: the date known so far stays, as a
      // value of the person's own.
      set_override(field, true);
      values.erase(field);
      continue;
    }
    values[field] = IsNone(value_in_effect) && field == "date" ? Json("") : value_in_effect;
  }
  // In a fixed order, so a record reads the same however its overrides came about.
  Json ordered = Json::array();
  for (const char* name : kOverridableTrailFields) {
    if (overridden(name)) ordered.push_back(name);
  }
  values["overrides"] = std::move(ordered);
  return values;
}

}  // namespace cairn::services
