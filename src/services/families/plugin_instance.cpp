// Plugin instances: a person's configured plugin (a server to send trails to, a Strava connection)
// with its settings in `config` and its secrets in `auth`, sealed at rest and never shown: an
// answer names the secrets it holds with empty values. Their user alone sees and changes them.
#include "services/accounts/secret_sealer.h"
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "services/plugins/plugin_catalog.h"

namespace cairn::services {
namespace {

using records::Json;
using records::WriteMode;

constexpr size_t kMaxAuthEntries = 20;
constexpr size_t kMaxSecretBytes = 8192;
constexpr size_t kMaxConfigBytes = 16 * 1024;

const std::vector<std::string> kStatuses = {"configured", "needs_auth",           "needs_reauth",
                                            "syncing",    "rate_limited",         "unavailable",
                                            "error",      "unsupported_protocol", "disabled"};

util::Status ValidateInstance(const plugins::PluginCatalog* catalog, const Json& values,
                              WriteMode mode) {
  util::Error failure = util::Error::InvalidArgument(records::FailureMessage(mode));
  auto reject = [&](const char* field, const std::string& message) {
    failure.field_errors[field] = {"validation_invalid_value", message};
  };
  if (auto it = values.find("plugin_id"); it != values.end()) {
    const std::string id = it->get<std::string>();
    if (!plugins::IsPluginId(id)) {
      reject("plugin_id", "Must be a plugin id: lower-case letters, digits, '-' and '_'.");
    } else if (catalog != nullptr && catalog->Find(id) == nullptr) {
      reject("plugin_id", "No plugin \"" + id + "\" is installed.");
    }
  }
  if (auto it = values.find("auth"); it != values.end() && !it->is_null()) {
    bool ok = it->is_object() && it->size() <= kMaxAuthEntries;
    for (auto entry = it->begin(); ok && entry != it->end(); ++entry) {
      ok = entry->is_null() ||
           (entry->is_string() && entry->get_ref<const std::string&>().size() <= kMaxSecretBytes);
    }
    if (!ok) reject("auth", "Must be an object of at most 20 texts (or null to remove one).");
  }
  if (auto it = values.find("config"); it != values.end() && !it->is_null()) {
    if (!it->is_object() || it->dump().size() > kMaxConfigBytes) {
      reject("config", "Must be an object of at most 16 KB.");
    }
  }
  if (!failure.field_errors.empty()) return failure;
  return util::OkStatus();
}

// `incoming` over `stored`: a new value is sealed, an empty one keeps what is stored (answers
// show secrets empty, so a form sent back unchanged changes nothing), null removes the entry.
Json MergeSecrets(const SecretSealer* sealer, const Json& stored, const Json& incoming) {
  Json merged = stored.is_object() ? stored : Json::object();
  if (!incoming.is_object()) return merged;
  for (const auto& [key, value] : incoming.items()) {
    if (value.is_null()) {
      merged.erase(key);
    } else if (!value.get_ref<const std::string&>().empty() && sealer != nullptr) {
      merged[key] = sealer->Seal(value.get_ref<const std::string&>());
    }
  }
  return merged;
}

// configured when every required setting of the plugin has a value (and, for a service reached
// through OAuth, a token was granted); needs_auth otherwise.
std::string StatusOf(const plugins::PluginCatalog* catalog, const Json& values) {
  if (!values.value("enabled", true)) return "disabled";
  const plugins::InstalledPlugin* plugin =
      catalog ? catalog->Find(values.value("plugin_id", "")) : nullptr;
  if (plugin == nullptr) return "unavailable";
  if (plugin->status != "available") return "unavailable";
  const Json auth = values.value("auth", Json::object());
  const Json config = values.value("config", Json::object());
  for (const plugins::SettingField& field : plugin->manifest.settings) {
    const Json& where = field.secret ? auth : config;
    const Json value = where.is_object() ? where.value(field.name, Json()) : Json();
    if (field.required && (!value.is_string() || value.get<std::string>().empty())) {
      return "needs_auth";
    }
  }
  if (plugin->manifest.oauth && !(auth.is_object() && auth.contains("refresh_token"))) {
    return "needs_auth";
  }
  return "configured";
}

// Every secret shown as an empty text: the client learns which are set, never their values.
void HideSecrets(const Caller&, Json& record) {
  auto it = record.find("auth");
  if (it == record.end() || !it->is_object()) return;
  for (auto& [key, value] : it->items()) value = "";
}

}  // namespace

FamilyDefinition PluginInstanceFamily(const SecretSealer* sealer,
                                      const plugins::PluginCatalog* catalog) {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"cairnplugininst",
                     kPluginInstances,
                     {Relation("user", kUsers, OnDelete::kCascade), Required(Text("plugin_id", 64)),
                      Bool("enabled"), Private(JsonField("auth")), JsonField("config"),
                      ServerOnly(Select("status", kStatuses)), ServerOnly(DateTime("last_sync")),
                      ServerOnly(Text("message", 2000))}},
      .access = {.view = OwnRow("user"),
                 .create = ValueIsCaller("user"),
                 .update = OwnRow("user"),
                 .remove = OwnRow("user"),
                 .create_denied = "Plugin instances are configured by their user.",
                 .redact = HideSecrets,
                 .redact_reads = {"auth"}},
      .owner_field = "user",
      .owner_defaults_to_caller = true,
      .immutable_fields = {"plugin_id"},
      .validate = [catalog](const Json& values,
                            WriteMode mode) { return ValidateInstance(catalog, values, mode); },
      .prepare_insert = [sealer, catalog](storage::Connection&, const Caller&,
                                          NewRecord& record) -> util::Status {
        Json& values = record.values;
        values["auth"] = MergeSecrets(sealer, Json::object(), values.value("auth", Json()));
        values["status"] = StatusOf(catalog, values);
        return util::OkStatus();
      },
      .adjust_update =
          [sealer, catalog](const Json& current, Json& values) {
            if (values.contains("auth")) {
              values["auth"] =
                  MergeSecrets(sealer, current.value("auth", Json::object()), values["auth"]);
            }
            Json after = current;
            after.update(values);
            values["status"] = StatusOf(catalog, after);
          },
      .routes = {.path = "/api/v1/plugin-instance"},
  };
}

}  // namespace cairn::services
