// Shares of trails and lists. User shares: seen by the item's owner and by the user it is shared
// with; created, changed and deleted by the owner only; gone with the item or the user. Link
// shares: a token that shows the item to whoever holds it; only the owner sees, makes and revokes
// them.
#include "services/families/shares.h"

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/names.h"
#include "util/random.h"

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

namespace {

constexpr size_t kLinkTokenLength = 32;  // [a-z0-9]: 165 bits

}  // namespace

FamilyDefinition LinkShareFamily(std::string id, std::string name, std::string item,
                                 std::string item_collection, std::string path) {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {std::move(id),
                     std::move(name),
                     {Required(Relation(item, item_collection, OnDelete::kCascade)),
                      ServerOnly(Text("token")),
                      Required(Select("permission", {"view", "edit"}), /*on_update=*/true)}},
      .access = {.view = Related(item, Access::kOwn),
                 .create = RelatedValue(item, Access::kOwn, WhenEmpty::kRefuse),
                 .update = Related(item, Access::kOwn),
                 .create_denied = "Only the " + item + "'s author can create links to it."},
      .owner_field = "",
      .immutable_fields = {item},
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
      .routes = {.path = std::move(path)},
  };
}

FamilyDefinition TrailShareFamily() {
  return UserShareFamily("1mns8mlal6uf9ku", kTrailShare, "trail", kTrails, "/api/v1/trail-share");
}

FamilyDefinition ListShareFamily() {
  return UserShareFamily("1kot7t9na3hi0gl", kListShare, "list", kLists, "/api/v1/list-share");
}

// A trail link also shows the trail's waypoints and photos.
FamilyDefinition TrailLinkShareFamily() {
  return LinkShareFamily("trailinkshares1", kTrailLinkShare, "trail", kTrails,
                         "/api/v1/trail-link-share");
}

// A list link also shows the trails of the list's own author in it.
FamilyDefinition ListLinkShareFamily() {
  return LinkShareFamily("listlinkshare01", kListLinkShare, "list", kLists,
                         "/api/v1/list-link-share");
}

}  // namespace cairn::services
