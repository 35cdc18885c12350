// Lists: an ordered selection of trails. Seen by their author, by everyone when public and by
// those they are shared with (by user or by link); changed by their author and by edit shares (not
// who sees them).
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "services/families/privacy.h"
#include "services/families/words_parameter.h"

namespace cairn::services {
namespace {

// Anyone presenting one of the list's link-share tokens (`?share=`), signed in or not.
Rule LinkSharedWithCaller() {
  return [](const RuleInput& in) -> storage::SqlFragment {
    if (in.caller.share_token.empty()) return {"0", {}};
    return {std::string(in.alias) + ".id IN (SELECT list FROM list_link_share WHERE token = ?)",
            {in.caller.share_token}};
  };
}

}  // namespace

FamilyDefinition ListFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"r6gu2ajyidy1x69",
                     kLists,
                     {Projected(Required(Relation("author", kUsers, OnDelete::kCascade)),
                                ProfileFields()),
                      Required(Text("name", 500), /*on_update=*/true), Text("description", 20000),
                      File("avatar"), Bool("public"),
                      // A deleted trail leaves the lists it was in; the lists stay.
                      Relations("trails", kTrails, OnDelete::kUnlink)}},
      .access = {.view = AnyOf({FlagSet("public"), OwnRow("author"),
                                SharedWithCaller(kListShare, "list", Permission::kAny),
                                LinkSharedWithCaller()}),
                 .create = ValueIsCaller("author"),
                 .update = OwnRow("author"),
                 .edit = SharedWithCaller(kListShare, "list", Permission::kEdit),
                 .create_denied = "The author of a new list must be the signed-in user."},
      .editor_fields = {"name", "description", "trails", "avatar"},
      .prepare_insert = [](storage::Connection& c, const Caller& caller,
                           NewRecord& record) -> util::Status {
        if (record.values.contains("public")) return util::OkStatus();
        CAIRN_ASSIGN_OR_RETURN(bool open, DefaultPublic(c, caller.user_id, "lists"));
        record.values["public"] = open;
        return util::OkStatus();
      },
      .files = {{"avatar", UploadKind::kImage, SizeLimit::kAvatar}},
      .list_parameters = {WordsParameter(search::ListSearchIndex())},
      .show_expand = "trails,trails.category,trails.waypoints,author",
      .routes = {.path = "/api/v1/list", .file_uploads = true, .forms = true},
  };
}

}  // namespace cairn::services
