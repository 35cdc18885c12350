// Trail likes: one per user and trail, counted in `trails.like_count` by schema.sql's triggers in
// the statement that writes the like. A like is its user's alone: only they see, list and remove
// it. It is made on a trail they can see (not through a link), and stays, still counted, when the
// trail is hidden from them later; the trail then no longer expands through it. PUT and
// POST /trail-like/delete are the social routes' (services/social/trail_likes.h).
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition TrailLikeFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"trailikes000001",
                     kTrailLikes,
                     {Required(Relation("trail", kTrails, OnDelete::kCascade)),
                      Projected(Required(Relation("user", kUsers, OnDelete::kCascade)),
                                ShareUserFields())}},
      .access = {.view = OwnRow("user"),
                 .create =
                     AllOf({ValueIsCaller("user"),
                            RelatedValue("trail", Access::kViewIgnoringLinks, WhenEmpty::kRefuse)}),
                 .update = Nobody(),
                 .remove = OwnRow("user"),
                 .create_denied = "You can only like a trail as yourself.",
                 .update_denied = "A like cannot be changed; remove it instead.",
                 .delete_denied = "Only the user who liked the trail can remove the like."},
      .owner_field = "user",
      .owner_defaults_to_caller = true,
      .immutable_fields = {"trail"},
      .uniqueness = {{.fields = {"user", "trail"}, .message = "You like this trail already."}},
      .routes = {.path = "/api/v1/trail-like",
                 .list_shape = ListShape::kPage,
                 // PUT is the social routes' (a trail the caller cannot see is a 404 there).
                 .operations = kList | kShow | kDelete,
                 .extra = {"likes"}},
  };
}

}  // namespace cairn::services
