// Tags: words anyone signed in can put on trails ("via ferrata", "with kids"). Shared by the
// whole instance: anyone signed in may list, view and create one; renaming or deleting one is
// refused while another user's trail uses it, so nobody changes someone else's trails; deleting
// one that only the caller's trails use takes it off them (trails.tags unlinks).
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

// No trail of another author holds this tag.
Rule UnusedByOthers() {
  return [](const RuleInput& in) -> storage::SqlFragment {
    if (in.caller.IsAnonymous()) return {"0", {}};
    return {"NOT EXISTS (SELECT 1 FROM trails o, json_each(o.tags) j WHERE j.value = " +
                std::string(in.alias) + ".id AND o.author != ?)",
            {in.caller.user_id}};
  };
}

}  // namespace

FamilyDefinition TagFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"cairntagsglobal", "tags", {Required(Text("name", 100), true)}},
      .access = {.view = SignedIn(),
                 .create = SignedIn(),
                 .update = AllOf({SignedIn(), UnusedByOthers()}),
                 .update_denied = "Other people's trails use this tag; it cannot be renamed.",
                 .delete_denied = "Other people's trails use this tag; it cannot be deleted."},
      .owner_field = "",
      .uniqueness = {{.fields = {"name"},
                      .folded_column = "name_folded",
                      .message = "A tag with this name exists already."}},
      .validate = [](const records::Json& values, records::WriteMode mode) -> util::Status {
        auto it = values.find("name");
        if (it == values.end()) return util::OkStatus();
        const std::string& name = it->get_ref<const std::string&>();
        if (name.find_first_not_of(" \t\r\n") == std::string::npos || name.front() == ' ' ||
            name.back() == ' ') {
          return util::Error::InvalidField(records::FailureMessage(mode), "name",
                                           "validation_invalid_value",
                                           "A tag needs a name without spaces around it.");
        }
        return util::OkStatus();
      },
      .routes = {.path = "/api/v1/tag"},
  };
}

}  // namespace cairn::services
