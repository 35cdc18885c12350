// Link shares: a secret link that shows one trail (and its waypoints and photos) to whoever holds
// it. Only the trail's author sees, makes and revokes them; a link never grants changes.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "util/random.h"

namespace cairn::services {
namespace {

constexpr size_t kLinkTokenLength = 32;  // [a-z0-9]: 165 bits

}  // namespace

FamilyDefinition TrailLinkShareFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"trailinkshares1",
                     kTrailLinkShare,
                     {Required(Relation("trail", kTrails, OnDelete::kCascade)),
                      ServerOnly(Text("token")),
                      Required(Select("permission", {"view", "edit"}), /*on_update=*/true)}},
      .access = {.view = Related("trail", Access::kOwn),
                 .create = RelatedValue("trail", Access::kOwn, WhenEmpty::kRefuse),
                 .update = Related("trail", Access::kOwn),
                 .create_denied = "Only the trail's author can create links to it."},
      .owner_field = "",
      .immutable_fields = {"trail"},
      // A link can travel anywhere (chats, browser histories), so it never grants changes.
      .validate = [](const records::Json& values, records::WriteMode mode) -> util::Status {
        if (values.value("permission", "view") != "view") {
          return util::Error::InvalidField(
              records::FailureMessage(mode), "permission", "validation_invalid_value",
              "Link shares grant view access only; share with a user to let them edit.");
        }
        return util::OkStatus();
      },
      .prepare_insert =
          [](storage::Connection&, const Caller&, NewRecord& record) {
            record.values["token"] = util::RandomString(kLinkTokenLength, util::kLowerAlnum);
            return util::OkStatus();
          },
      .routes = {.path = "/api/v1/trail-link-share"},
  };
}

}  // namespace cairn::services
