// Waypoints: named points of a trail. They follow their trail (link shares included); changed by
// their author or the trail's author; added to trails the caller may edit.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition WaypointFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"goeo2ubp103rzp9",
                     kWaypoints,
                     {Projected(Required(Relation("author", kUsers, OnDelete::kCascade)),
                                ProfileFields()),
                      Relation("trail", kTrails, OnDelete::kCascade), Text("name", 500),
                      Text("description", 20000), Required(Number("lat", -90, 90), true),
                      Required(Number("lon", -180, 180), true), Text("icon", 100),
                      Files("photos")}},
      .access = {.view = AnyOf({Related("trail", Access::kView), OwnRow("author")}),
                 .create = AllOf({ValueIsCaller("author"),
                                  RelatedValue("trail", Access::kEdit, WhenEmpty::kAllow)}),
                 .update = AnyOf({OwnRow("author"), Related("trail", Access::kOwn)}),
                 .create_denied = "Waypoints can only be added to trails you may edit."},
      .files = {{"photos", UploadKind::kImage, SizeLimit::kPhoto}},
      .routes = {.path = "/api/v1/waypoint", .file_uploads = true},
  };
}

}  // namespace cairn::services
