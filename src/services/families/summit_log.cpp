// Summit logs: one outing on a trail (or on none), with its own figures, track and photos. They
// follow their trail (not through link shares); written on trails the caller can see; changed by
// their author; deleted by their author or the trail's author.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "services/tracks/track_fields.h"

namespace cairn::services {

FamilyDefinition SummitLogFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"dd2l9a4vxpy2ni8",
                     kSummitLogs,
                     {Projected(Relation("author", kUsers, OnDelete::kCascade), ProfileFields()),
                      Relation("trail", kTrails, OnDelete::kCascade), Required(Date("date"), true),
                      Text("text", 20000), Number("distance", 0), Number("duration", 0),
                      Number("elevation_gain", 0), Number("elevation_loss", 0), File("gpx"),
                      Files("photos")}},
      .access = {.view = AnyOf({Related("trail", Access::kViewIgnoringLinks), OwnRow("author")}),
                 .create =
                     AllOf({ValueIsCaller("author"),
                            RelatedValue("trail", Access::kViewIgnoringLinks, WhenEmpty::kAllow)}),
                 .update = OwnRow("author"),
                 .remove = AnyOf({OwnRow("author"), Related("trail", Access::kOwn)}),
                 .create_denied = "Summit logs can only be added to trails you can see."},
      .owner_defaults_to_caller = true,
      .files = {{"gpx", UploadKind::kTrack, SizeLimit::kTrack,
                 // A removed track leaves the figures: they may have been typed in.
                 [](const geo::Track* track) {
                   return track ? SummitLogFieldsFromTrack(*track) : records::Json::object();
                 }},
                {"photos", UploadKind::kImage, SizeLimit::kPhoto}},
      .routes = {.path = "/api/v1/summit-log", .file_uploads = true, .forms = true},
  };
}

}  // namespace cairn::services
