// User shares: seen by the item's owner and by the user it is shared with; created, changed and
// deleted by the owner only; gone with the item or the user.
#include "services/families/shares.h"

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition UserShareFamily(std::string id, std::string name, std::string item,
                                 std::string item_collection, std::string path) {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  FieldSpec permission = Required(Select("permission", {"view", "edit"}), /*on_update=*/true);
  return {
      .collection = {std::move(id),
                     std::move(name),
                     {Required(Relation(item, item_collection, OnDelete::kCascade)),
                      Projected(Required(Relation("user", kUsers, OnDelete::kCascade)),
                                ShareUserFields()),
                      permission}},
      .access = {.view = AnyOf({OwnRow("user"), Related(item, Access::kOwn)}),
                 .create = RelatedValue(item, Access::kOwn, WhenEmpty::kRefuse),
                 .update = Related(item, Access::kOwn),
                 .create_denied = "Only the owner can share this " + item + "."},
      .owner_field = "",
      .immutable_fields = {item, "user"},
      .uniqueness = {{.fields = {item, "user"},
                      .message = "The " + item + " is already shared with this user."}},
      // A share naming its own owner would be meaningless and confusing in the share dialog.
      .prepare_insert = [](storage::Connection&, const Caller& caller,
                           NewRecord& record) -> util::Status {
        if (record.values.value("user", "") == caller.user_id) {
          return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kCreate),
                                           "user", "validation_invalid_value",
                                           "You cannot share with yourself.");
        }
        return util::OkStatus();
      },
      .show_expand = "user",
      .list_expand = "user",
      .create_expand = "user",
      .update_expand = "user",
      .routes = {.path = std::move(path)},
  };
}

FamilyDefinition TrailShareFamily() {
  return UserShareFamily("1mns8mlal6uf9ku", kTrailShare, "trail", kTrails, "/api/v1/trail-share");
}

FamilyDefinition ListShareFamily() {
  return UserShareFamily("1kot7t9na3hi0gl", kListShare, "list", kLists, "/api/v1/list-share");
}

}  // namespace cairn::services
