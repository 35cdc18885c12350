// Trails: a track with its statistics, photos and words. Seen by its author, by everyone when
// public, by those it is shared with (directly, through a list of its author's, or by a link to
// it or to such a list); changed by its author, and by edit shares except for who may see it.
#include <algorithm>

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/discovery/trail_area.h"
#include "services/families/families.h"
#include "services/families/names.h"
#include "services/families/photo_positions.h"
#include "services/families/words_parameter.h"
#include "services/tracks/track_fields.h"
#include "services/tracks/trail_overrides.h"

namespace cairn::services {
namespace {

using records::Json;
using storage::SqlFragment;

// A list share opens the trails of the list's own author only: a list can't pass on a trail
// someone else shared with its author.
Rule InListSharedWithCaller() {
  return [](const RuleInput& in) -> SqlFragment {
    if (in.caller.IsAnonymous()) return {"0", {}};
    const std::string a(in.alias);
    return {"(" + a + ".id, " + a +
                ".author) IN (SELECT je.value, l.author FROM list_share ls JOIN lists l ON l.id = "
                "ls.list, json_each(l.trails) je WHERE ls.user = ?)",
            {in.caller.user_id}};
  };
}

// Anyone presenting one of the trail's link-share tokens (`?share=`), signed in or not, or the
// token of a list link share of a list holding the trail (of the list's own author only, as
// with user shares of lists).
Rule LinkSharedWithCaller() {
  return [](const RuleInput& in) -> SqlFragment {
    if (in.caller.share_token.empty()) return {"0", {}};
    const std::string a(in.alias);
    return {"(" + a + ".id IN (SELECT trail FROM trail_link_share WHERE token = ?) OR (" + a +
                ".id, " + a +
                ".author) IN (SELECT je.value, l.author FROM list_link_share lls JOIN lists l ON "
                "l.id = lls.list, json_each(l.trails) je WHERE lls.token = ?))",
            {in.caller.share_token, in.caller.share_token}};
  };
}

// `?bbox=minLon,minLat,maxLon,maxLat`: the trails any part of whose track lies in the box.
util::Result<records::ListCondition> CrossingBoxParameter(std::string_view value, const Caller&,
                                                          storage::Connection&) {
  CAIRN_ASSIGN_OR_RETURN(geo::BoundingBox box, ParseBboxParameter(value));
  return TrailsCrossingBox("t", box);
}

// `?completed=true|false`: the trails the caller has (not) logged a summit log for.
util::Result<records::ListCondition> CompletedParameter(std::string_view value,
                                                        const Caller& caller,
                                                        storage::Connection&) {
  if (value != "true" && value != "false" && value != "1" && value != "0") {
    return util::Error::InvalidArgument("completed must be true or false.");
  }
  return records::ListCondition::Same(
      TrailsCompletedBy("t", caller.user_id, value == "true" || value == "1"));
}

// A trail's `thumbnail` is an index into its photos: when photos before it are removed, it moves
// with its photo; when its photo is removed, the first photo takes over.
void KeepThumbnailPhoto(const Json& current, Json& values) {
  if (!values.contains("photos") || values.contains("thumbnail")) return;
  const Json& before = current.value("photos", Json::array());
  const Json& after = values["photos"];
  const int64_t index = current.value("thumbnail", int64_t{0});
  if (index < 0 || static_cast<size_t>(index) >= before.size() || !after.is_array()) return;
  auto found = std::find(after.begin(), after.end(), before[index]);
  values["thumbnail"] = found == after.end() ? 0 : static_cast<int64_t>(found - after.begin());
}

}  // namespace

FamilyDefinition TrailFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection =
          {"e864strfxo14pm4",
           kTrails,
           {Projected(Required(Relation("author", kUsers, OnDelete::kCascade)), ProfileFields()),
            Relation("category", kCategories, OnDelete::kUnlink),
            // A deleted tag comes off the trails (the tag family refuses the delete while
            // someone else's trail uses it).
            Relations("tags", "tags", OnDelete::kUnlink, 999),
            Required(Text("name", 500), /*on_update=*/true), Required(Bool("public")), Date("date"),
            Text("description", 20000), Select("difficulty", {"easy", "moderate", "hard"}),
            Number("distance", 0), Number("duration", 0), Number("elevation_gain", 0),
            Number("elevation_loss", 0), Number("lat", -90, 90), Number("lon", -180, 180),
            Text("location", 500), File("gpx"), Files("photos"), Integer("thumbnail", 0),
            Derived("waypoints", kWaypoints, "trail"), Derived("summit_logs", kSummitLogs, "trail"),
            // Computed from the track file; never written by a JSON body.
            ServerOnly(Text("polyline", 0)), ServerOnly(Text("preview", 0)),
            ServerOnly(Text("sketch", 0)),
            // Where the parts of polyline, preview and sketch start (null: one part).
            ServerOnly(JsonField("line_breaks")), ServerOnly(Number("min_lat")),
            ServerOnly(Number("min_lon")), ServerOnly(Number("max_lat")),
            ServerOnly(Number("max_lon")), Number("moving_duration", 0),
            ServerOnly(JsonField("device_totals")),
            // The device's own totals beside ours (null when the file has none).
            ServerOnly(OptionalNumber("device_distance")),
            ServerOnly(OptionalNumber("device_elevation_gain")),
            ServerOnly(OptionalNumber("device_elevation_loss")),
            ServerOnly(OptionalNumber("device_duration")),
            // The track's highest point (null without one), for profile statistics.
            ServerOnly(OptionalNumber("max_elevation")),
            // A kind of the trail's category ("Day hike" under Hiking); gone with it.
            Relation("subcategory", kSubcategories, OnDelete::kUnlink),
            // The track's own figures beside the ones in effect, and which of those a person
            // typed over them (trail_overrides.h); null without a track.
            ServerOnly(OptionalNumber("computed_distance")),
            ServerOnly(OptionalNumber("computed_duration")),
            ServerOnly(OptionalNumber("computed_elevation_gain")),
            ServerOnly(OptionalNumber("computed_elevation_loss")),
            ServerOnly(Date("computed_date")),
            Selects("overrides", {kOverridableTrailFields.begin(), kOverridableTrailFields.end()}),
            JsonField(kPhotoPositions),
            // How many people like it: trail_likes' triggers count, nobody writes it.
            ServerOnly(Integer("like_count", 0)),
            // The lowest point beside the highest, and where both and the gain and loss come
            // from: the file's altitudes or the terrain model's heights (terrain_elevation.h).
            ServerOnly(OptionalNumber("min_elevation")),
            ServerOnly(Select("elevation_source", {"device", "terrain"}))}},
      .access = {.view = AnyOf({FlagSet("public"), OwnRow("author"),
                                SharedWithCaller(kTrailShare, "trail", Permission::kAny),
                                InListSharedWithCaller(), LinkSharedWithCaller()}),
                 .create = ValueIsCaller("author"),
                 .update = OwnRow("author"),
                 .edit = SharedWithCaller(kTrailShare, "trail", Permission::kEdit),
                 .create_denied = "The author of a new trail must be the signed-in user."},
      // Everything but `public` (and the author): who sees a trail is the owner's decision alone.
      .editor_fields = {"name", "description", "category", "date", "difficulty", "distance",
                        "duration", "elevation_gain", "elevation_loss", "lat", "lon", "location",
                        "thumbnail", "gpx", "photos", "tags", "subcategory", "overrides",
                        kPhotoPositions},
      // A change of category alone drops a subcategory of the old one.
      .agreements = {{.field = "subcategory",
                      .target_field = "category",
                      .equals_field = "category",
                      .message = "This subcategory belongs to another category; choose one of "
                                 "the trail's category, or none."}},
      .validate = CheckPhotoPositions,
      .prepare_insert =
          [](storage::Connection&, const Caller&, NewRecord& record) {
            SettlePhotoPositions(nullptr, record.values);
            return util::OkStatus();
          },
      .adjust_update =
          [](const Json& current, Json& values) {
            KeepThumbnailPhoto(current, values);
            SettlePhotoPositions(&current, values);
          },
      .merge_derived = MergeTrailStatistics,
      .files = {{"gpx", UploadKind::kTrack, SizeLimit::kTrack,
                 [](const geo::Track* track) {
                   return track ? TrailFieldsFromTrack(*track) : TrailFieldsWithoutTrack();
                 }},
                {"photos", UploadKind::kImage, SizeLimit::kPhoto, nullptr, kPhotoPositions}},
      .list_parameters = {{"bbox", CrossingBoxParameter},
                          {"completed", CompletedParameter},
                          WordsParameter(search::TrailSearchIndex())},
      .show_expand = "author",
      .update_expand = "category,waypoints",
      .routes = {.path = "/api/v1/trail",
                 .list_shape = ListShape::kPage,
                 .file_uploads = true,
                 .forms = true,
                 .extra = {"tracks", "discovery", "bulk"}},
  };
}

}  // namespace cairn::services
