// List link shares: a secret link that shows one list, and the trails of the list's own author
// in it, to whoever holds it. Only the list's author sees, makes and revokes them; a link never
// grants changes.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "util/random.h"

namespace cairn::services {
namespace {

constexpr size_t kLinkTokenLength = 32;  // [a-z0-9]: 165 bits, as trail links

}  // namespace

FamilyDefinition ListLinkShareFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"listlinkshare01",
                     kListLinkShare,
                     {Required(Relation("list", kLists, OnDelete::kCascade)),
                      ServerOnly(Text("token")),
                      Required(Select("permission", {"view", "edit"}), /*on_update=*/true)}},
      .access = {.view = Related("list", Access::kOwn),
                 .create = RelatedValue("list", Access::kOwn, WhenEmpty::kRefuse),
                 .update = Related("list", Access::kOwn),
                 .create_denied = "Only the list's author can create links to it."},
      .owner_field = "",
      .immutable_fields = {"list"},
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
      .routes = {.path = "/api/v1/list-link-share"},
  };
}

}  // namespace cairn::services
