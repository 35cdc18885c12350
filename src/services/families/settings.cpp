// Settings: one record per user with their units, language, map, default privacy, notification
// choices, tile sets and terrain, and
// when uploads take their heights from the terrain model. Their user alone sees and changes them.
#include <cmath>
#include <regex>

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

using records::Json;
using records::WriteMode;

// True when `v` is an object whose every member satisfies `ok(key, value)`.
template <class Predicate>
bool EveryMember(const Json& v, Predicate ok) {
  if (!v.is_object()) return false;
  for (const auto& [key, value] : v.items()) {
    if (!ok(key, value)) return false;
  }
  return true;
}

bool IsHttpUrl(const Json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return s.rfind("https://", 0) == 0 || s.rfind("http://", 0) == 0;
}

bool IsNumberIn(const Json& v, double low, double high) {
  return v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= low &&
         v.get<double>() <= high;
}

// The JSON members of settings have fixed shapes; anything else would break the web UI later.
util::Status ValidateSettings(const Json& values, WriteMode mode) {
  util::Error failure = util::Error::InvalidArgument(records::FailureMessage(mode));
  auto reject = [&](const char* field, const char* message) {
    failure.field_errors[field] = {"validation_invalid_value", message};
  };
  if (auto it = values.find("language"); it != values.end() && !it->get<std::string>().empty()) {
    static const std::regex kLanguage("^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$");
    if (!std::regex_match(it->get<std::string>(), kLanguage)) {
      reject("language", "Must be a language tag such as \"en\" or \"de-CH\".");
    }
  }
  if (auto it = values.find("privacy"); it != values.end() && !it->is_null()) {
    const bool ok = EveryMember(*it, [](const std::string& key, const Json& value) {
      return (key == "account" || key == "trails" || key == "lists") &&
             (value == "public" || value == "private");
    });
    if (!ok) {
      reject("privacy",
             "Must be an object with account, trails and lists, each \"public\" or \"private\".");
    }
  }
  if (auto it = values.find("notifications"); it != values.end() && !it->is_null()) {
    const bool ok = EveryMember(*it, [](const std::string&, const Json& channels) {
      return EveryMember(channels, [](const std::string& channel, const Json& on) {
        return (channel == "web" || channel == "email") && on.is_boolean();
      });
    });
    if (!ok) reject("notifications", "Must map notification types to {web, email} booleans.");
  }
  if (auto it = values.find("location"); it != values.end() && !it->is_null()) {
    const Json& l = *it;
    if (!l.is_object() || !l.value("name", Json()).is_string() ||
        !IsNumberIn(l.value("lat", Json()), -90, 90) ||
        !IsNumberIn(l.value("lon", Json()), -180, 180)) {
      reject("location", "Must be {name, lat, lon} with lat in [-90, 90] and lon in [-180, 180].");
    }
  }
  if (auto it = values.find("tilesets"); it != values.end() && !it->is_null()) {
    bool ok = it->is_array() && it->size() <= 50;
    for (size_t i = 0; ok && i < it->size(); ++i) {
      const Json& t = (*it)[i];
      ok =
          t.is_object() && t.value("name", Json()).is_string() && IsHttpUrl(t.value("url", Json()));
    }
    if (!ok) reject("tilesets", "Must be a list of {name, url} with http(s) URLs.");
  }
  if (auto it = values.find("terrain"); it != values.end() && !it->is_null()) {
    const bool ok = EveryMember(*it, [](const std::string& key, const Json& value) {
      return (key == "terrain" || key == "hillshading") && (value == "" || IsHttpUrl(value));
    });
    if (!ok) reject("terrain", "Must be {terrain, hillshading} with http(s) URLs or \"\".");
  }
  if (!failure.field_errors.empty()) return failure;
  return util::OkStatus();
}

}  // namespace

FamilyDefinition SettingsFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"uavt73rsqcn1n13",
                     kSettings,
                     {Relation("user", kUsers, OnDelete::kCascade),
                      Select("unit", {"metric", "imperial"}), Text("language", 16),
                      Select("mapFocus", {"trails", "location"}), JsonField("location"),
                      Relation("category", kCategories, OnDelete::kUnlink), JsonField("privacy"),
                      JsonField("notifications"), JsonField("tilesets"), JsonField("terrain"),
                      // When an upload's figures come from the terrain model ("" is "never"):
                      // services/tracks/terrain_elevation.h.
                      Select("terrain_elevation", {"never", "missing", "gps"}),
                      // "off": the person keeps out of federation ("" is on):
                      // services/federation/federated_people.h.
                      Select("federation", {"on", "off"})}},
      .access = {.view = OwnRow("user"),
                 .create = ValueIsCaller("user"),
                 .update = OwnRow("user"),
                 .create_denied = "Settings are created by a signed-in user for themselves."},
      .owner_field = "user",
      .owner_defaults_to_caller = true,
      .uniqueness = {{.fields = {"user"},
                      .message = "Settings exist already; update them instead."}},
      .validate = ValidateSettings,
      .routes = {.path = "/api/v1/settings"},
  };
}

}  // namespace cairn::services
