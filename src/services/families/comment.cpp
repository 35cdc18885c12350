// Comments: what people say about a trail, with a rating. They follow their trail (not through
// link shares); written by signed-in users who can see it; changed by their author; deleted by
// their author or the trail's author.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition CommentFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"lf06qip3f4d11yk",
                     kComments,
                     {Required(Relation("author", kUsers, OnDelete::kCascade), true),
                      Required(Relation("trail", kTrails, OnDelete::kCascade), true),
                      Required(Text("text", 20000), true), Integer("rating", 0, 5)}},
      .access = {.view = AnyOf({Related("trail", Access::kViewIgnoringLinks), OwnRow("author")}),
                 .create =
                     AllOf({ValueIsCaller("author"),
                            RelatedValue("trail", Access::kViewIgnoringLinks, WhenEmpty::kRefuse)}),
                 .update = OwnRow("author"),
                 // The trail's author keeps their trail's page clean.
                 .remove = AnyOf({OwnRow("author"), Related("trail", Access::kOwn)}),
                 .create_denied = "Sign in and open the trail to comment on it."},
      .immutable_fields = {"trail"},
      .show_expand = "author",
      .list_expand = "author",
      .create_expand = "author",
      .update_expand = "author",
      .routes = {.path = "/api/v1/comment"},
  };
}

}  // namespace cairn::services
