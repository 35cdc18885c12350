// Family declarations: ownership fields, editor fields, uniqueness, generated values, checks.
#include "services/core/families.h"

#include <cmath>
#include <regex>

#include "services/accounts/api_keys.h"
#include "services/core/collections.h"
#include "util/random.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

using records::Json;
using records::WriteMode;

constexpr size_t kLinkTokenLength = 32;  // [a-z0-9]: 165 bits

util::Error FieldError(WriteMode mode, const std::string& field, const std::string& code,
                       const std::string& message) {
  return util::Error::InvalidField(records::FailureMessage(mode), field, code, message);
}

// A share naming its own owner would be meaningless and confusing in the share dialog.
util::Status NotWithYourself(const Caller& caller, const Json& values) {
  if (values.value("user", "") == caller.user_id) {
    return util::Error::InvalidField(records::FailureMessage(WriteMode::kCreate), "user",
                                     "validation_invalid_value", "You cannot share with yourself.");
  }
  return util::OkStatus();
}

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

// A trail's `thumbnail` is an index into its photos: when photos before it are removed, it moves
// with its photo; when its photo is removed, the first photo takes over.
void KeepThumbnailPhoto(const Json& current, Json& values) {
  if (!values.contains("photos") || values.contains("thumbnail")) return;
  const Json& before = current.value("photos", Json::array());
  const Json& after = values["photos"];
  const int64_t index = current.value("thumbnail", int64_t{0});
  if (index < 0 || static_cast<size_t>(index) >= before.size() || !after.is_array()) return;
  auto found = std::find(after.begin(), after.end(), before[index]);
  values["thumbnail"] = found == after.end() ? 0 : static_cast<int64_t>(found - after.begin());
}

}  // namespace

util::Result<bool> DefaultPublic(storage::Connection& connection, const std::string& user_id,
                                 std::string_view kind) {
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, connection.Query("SELECT json_extract(privacy, '$.' || ?) FROM settings WHERE "
                                  "user = ? AND json_valid(privacy)",
                                  {std::string(kind), user_id}));
  if (rows.rows.empty()) return false;
  const auto* value = std::get_if<std::string>(&rows.rows[0][0]);
  return value && *value == "public";
}

void RegisterFamilies(RecordService& service, const util::Clock& clock) {
  service.AddFamily({.collection = kTrails,
                     // Everything but `public` (and the author): who sees a trail is the
                     // owner's decision alone.
                     .editor_fields = {"name", "description", "category", "date", "difficulty",
                                       "distance", "duration", "elevation_gain", "elevation_loss",
                                       "lat", "lon", "location", "thumbnail", "gpx", "photos"},
                     .create_denied = "The author of a new trail must be the signed-in user.",
                     .adjust_update = KeepThumbnailPhoto,
                     .show_expand = "author",
                     .update_expand = "category,waypoints"});
  service.AddFamily({.collection = kLists,
                     .editor_fields = {"name", "description", "trails", "avatar"},
                     .create_denied = "The author of a new list must be the signed-in user.",
                     .prepare_insert = [](storage::Connection& c, const Caller& caller,
                                          NewRecord& record) -> util::Status {
                       if (record.values.contains("public")) return util::OkStatus();
                       CAIRN_ASSIGN_OR_RETURN(bool open, DefaultPublic(c, caller.user_id, "lists"));
                       record.values["public"] = open;
                       return util::OkStatus();
                     },
                     .show_expand = "trails,trails.category,trails.waypoints,author"});
  service.AddFamily({.collection = kWaypoints,
                     .create_denied = "Waypoints can only be added to trails you may edit."});
  service.AddFamily({.collection = kComments,
                     .immutable_fields = {"trail"},
                     .create_denied = "Sign in and open the trail to comment on it.",
                     .show_expand = "author",
                     .list_expand = "author",
                     .create_expand = "author",
                     .update_expand = "author"});
  service.AddFamily({.collection = kSummitLogs,
                     .owner_defaults_to_caller = true,
                     .create_denied = "Summit logs can only be added to trails you can see."});
  for (const auto& [collection, item] :
       {std::pair{kListShare, "list"}, std::pair{kTrailShare, "trail"}}) {
    service.AddFamily(
        {.collection = collection,
         .owner_field = "",
         .immutable_fields = {item, "user"},
         .unique_fields = {item, "user"},
         .unique_message = std::string("The ") + item + " is already shared with this user.",
         .create_denied = std::string("Only the owner can share this ") + item + ".",
         .prepare_insert = [](storage::Connection&, const Caller& caller,
                              NewRecord& record) { return NotWithYourself(caller, record.values); },
         .show_expand = "user",
         .list_expand = "user",
         .create_expand = "user",
         .update_expand = "user"});
  }
  service.AddFamily(
      {.collection = kTrailLinkShare,
       .owner_field = "",
       .immutable_fields = {"trail"},
       .create_denied = "Only the trail's author can create links to it.",
       // A link can travel anywhere (chats, browser histories), so it never grants changes.
       .validate = [](const Json& values, WriteMode mode) -> util::Status {
         if (values.value("permission", "view") != "view") {
           return FieldError(mode, "permission", "validation_invalid_value",
                             "Link shares grant view access only; share with a user to let "
                             "them edit.");
         }
         return util::OkStatus();
       },
       .prepare_insert =
           [](storage::Connection&, const Caller&, NewRecord& record) {
             record.values["token"] = util::RandomString(kLinkTokenLength, util::kLowerAlnum);
             return util::OkStatus();
           }});
  service.AddFamily({.collection = kApiTokens,
                     .owner_field = "user",
                     .owner_defaults_to_caller = true,
                     .create_denied = "API tokens are created by a signed-in user for themselves.",
                     .validate = [&clock](const Json& values, WriteMode mode) -> util::Status {
                       const std::string expiration = values.value("expiration", "");
                       if (!expiration.empty() &&
                           util::ParseTimestampMillis(expiration).value_or(0) <=
                               clock.NowMillis()) {
                         return FieldError(mode, "expiration", "validation_date_in_past",
                                           "The expiration must be in the future.");
                       }
                       return util::OkStatus();
                     },
                     .prepare_insert = [](storage::Connection&, const Caller&,
                                          NewRecord& record) -> util::Status {
                       const std::string key = NewApiKey();
                       record.hidden_columns.emplace_back("token_hash", HashApiKey(key));
                       record.response_extras["token"] = key;  // shown this once, never again
                       return util::OkStatus();
                     }});
  service.AddFamily({.collection = kSettings,
                     .owner_field = "user",
                     .owner_defaults_to_caller = true,
                     .unique_fields = {"user"},
                     .unique_message = "Settings exist already; update them instead.",
                     .create_denied = "Settings are created by a signed-in user for themselves.",
                     .validate = ValidateSettings});
  service.AddFamily({.collection = kCategories, .read_only = true});
}

}  // namespace cairn::services
