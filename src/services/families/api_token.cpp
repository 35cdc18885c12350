// API tokens: keys for scripts, stored only as their hash and shown once. Their user alone sees
// and revokes them; only a signed-in person (not another key) creates them; never changed.
#include "services/accounts/api_keys.h"
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "util/timestamp.h"

namespace cairn::services {

FamilyDefinition ApiTokenFamily(const util::Clock& clock) {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"cairnapitokens1",
                     kApiTokens,
                     {Relation("user", kUsers, OnDelete::kCascade),
                      Required(Text("name", 100), true), DateTime("expiration"),
                      ServerOnly(DateTime("last_used"))}},
      .access = {.view = OwnRow("user"),
                 // A key must not be able to mint further keys.
                 .create = AllOf({NotWithApiKey(), ValueIsCaller("user")}),
                 .update = Nobody(),
                 .remove = OwnRow("user"),
                 .create_denied = "API tokens are created by a signed-in user for themselves."},
      .owner_field = "user",
      .owner_defaults_to_caller = true,
      .validate = [&clock](const records::Json& values, records::WriteMode mode) -> util::Status {
        const std::string expiration = values.value("expiration", "");
        if (!expiration.empty() &&
            util::ParseTimestampMillis(expiration).value_or(0) <= clock.NowMillis()) {
          return util::Error::InvalidField(records::FailureMessage(mode), "expiration",
                                           "validation_date_in_past",
                                           "The expiration must be in the future.");
        }
        return util::OkStatus();
      },
      .prepare_insert = [](storage::Connection&, const Caller&, NewRecord& record) -> util::Status {
        const std::string key = NewApiKey();
        record.hidden_columns.emplace_back("token_hash", HashApiKey(key));
        record.response_extras["token"] = key;  // shown this once, never again
        return util::OkStatus();
      },
      // Keys are never changed, only created and revoked.
      .routes = {.path = "/api/v1/api-token", .operations = kList | kCreate | kDelete},
  };
}

}  // namespace cairn::services
