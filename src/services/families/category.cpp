// Categories: the kinds of activity a trail is filed under, six seeded (schema.sql, each with a
// pictogram), read by all, changed by nobody through the API; the admin adds, renames and
// deletes them with `cairn category` (services/categories/category_admin.h).
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "util/text.h"

namespace cairn::services {

FamilyDefinition CategoryFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"kjxvi8asj2igqwf",
                     kCategories,
                     {Required(Text("name", 100), /*on_update=*/true), File("img")}},
      .access = {.view = Everyone(), .create = Nobody(), .update = Nobody()},
      .owner_field = "",
      .read_only = true,
      .uniqueness = {{.fields = {"name"},
                      .folded_column = "name_folded",
                      .message = "A category with this name exists already."}},
      .validate = [](const records::Json& values, records::WriteMode mode) -> util::Status {
        auto it = values.find("name");
        if (it == values.end()) return util::OkStatus();
        const std::string& name = it->get_ref<const std::string&>();
        if (util::TrimWhitespace(name).size() != name.size()) {
          return util::Error::InvalidField(records::FailureMessage(mode), "name",
                                           "validation_invalid_value",
                                           "A category needs a name without spaces around it.");
        }
        return util::OkStatus();
      },
      .files = {{"img", UploadKind::kImage, SizeLimit::kAvatar}},
      .routes = {.path = "/api/v1/category", .operations = kReadOnly},
  };
}

}  // namespace cairn::services
