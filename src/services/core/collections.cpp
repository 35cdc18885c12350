// Collection declarations. Column names in schema.sql equal these field names.
#include "services/core/collections.h"

namespace cairn::services {
namespace {

using records::FieldSpec;
using records::FieldType;

// The public profile of a user (spec 2.9), shown when a trail's or list's author is expanded.
const std::vector<std::string> kProfileFields = {"avatar",  "bio", "collectionId", "collectionName",
                                                 "created", "id",  "private",      "username"};
// The user fields shown on a share's expanded `user` (spec 2.4).
const std::vector<std::string> kShareUserFields = {"avatar", "collectionId", "collectionName", "id",
                                                   "username"};

FieldSpec Text(std::string name, size_t max_length = 0) {
  return {.name = std::move(name), .type = FieldType::kText, .max_length = max_length};
}
FieldSpec Number(std::string name, std::optional<double> min = std::nullopt,
                 std::optional<double> max = std::nullopt) {
  return {.name = std::move(name), .type = FieldType::kNumber, .min = min, .max = max};
}
FieldSpec Bool(std::string name) { return {.name = std::move(name), .type = FieldType::kBool}; }
FieldSpec Json(std::string name) { return {.name = std::move(name), .type = FieldType::kJson}; }
FieldSpec Relation(std::string name, std::string target, bool multiple = false) {
  return {.name = std::move(name),
          .type = FieldType::kRelation,
          .multiple = multiple,
          .relation_target = std::move(target)};
}
// Photos per record: wanderer's limit, enough for a long tour, small enough for one page.
constexpr size_t kMaxPhotos = 99;

FieldSpec File(std::string name, bool multiple = false) {
  return {.name = std::move(name),
          .type = FieldType::kFile,
          .multiple = multiple,
          .max_select = multiple ? kMaxPhotos : 1};
}
FieldSpec ServerOnly(FieldSpec f) {
  f.server_only = true;
  return f;
}
FieldSpec Required(FieldSpec f, bool on_update = false) {
  f.required = true;
  f.required_on_update = on_update;
  return f;
}
FieldSpec Projected(FieldSpec f, const std::vector<std::string>& keys) {
  f.expand_projection = keys;
  return f;
}
FieldSpec Derived(std::string name, std::string collection, std::string field) {
  return {.name = std::move(name),
          .type = FieldType::kRelation,
          .relation_target = collection,
          .derived_from_collection = collection,
          .derived_from_field = std::move(field)};
}

}  // namespace

records::CollectionRegistry BuildCollectionRegistry() {
  records::CollectionRegistry registry;

  FieldSpec email = Text("email", 254);
  email.private_field = true;
  registry.Add({"_pb_users_auth_",
                kUsers,
                {Text("username", 48), email, Bool("emailVisibility"), Bool("verified"),
                 File("avatar"), Text("bio", 10000),
                 // Follows settings.privacy.account (schema.sql's triggers).
                 ServerOnly(Bool("private"))}});

  registry.Add({"kjxvi8asj2igqwf", kCategories, {Text("name"), File("img")}});

  FieldSpec difficulty{.name = "difficulty",
                       .type = FieldType::kSelect,
                       .select_values = {"easy", "moderate", "hard"}};
  FieldSpec thumbnail = Number("thumbnail", 0);
  thumbnail.only_int = true;
  registry.Add({"e864strfxo14pm4",
                kTrails,
                {Projected(Required(Relation("author", kUsers)), kProfileFields),
                 Relation("category", kCategories),
                 Required(Text("name", 500), /*on_update=*/true),
                 Required(Bool("public")),
                 {.name = "date", .type = FieldType::kDate},
                 Text("description", 20000),
                 difficulty,
                 Number("distance", 0),
                 Number("duration", 0),
                 Number("elevation_gain", 0),
                 Number("elevation_loss", 0),
                 Number("lat", -90, 90),
                 Number("lon", -180, 180),
                 Text("location", 500),
                 File("gpx"),
                 File("photos", true),
                 thumbnail,
                 Derived("waypoints", kWaypoints, "trail"),
                 Derived("summit_logs", kSummitLogs, "trail"),
                 // Computed from the track file; never written by a JSON body.
                 ServerOnly(Text("polyline", 0)),
                 ServerOnly(Text("preview", 0)),
                 ServerOnly(Text("sketch", 0)),
                 ServerOnly(Number("min_lat")),
                 ServerOnly(Number("min_lon")),
                 ServerOnly(Number("max_lat")),
                 ServerOnly(Number("max_lon")),
                 Number("moving_duration", 0),
                 ServerOnly(Json("device_totals"))}});

  registry.Add({"r6gu2ajyidy1x69",
                kLists,
                {Projected(Required(Relation("author", kUsers)), kProfileFields),
                 Required(Text("name", 500), /*on_update=*/true), Text("description", 20000),
                 File("avatar"), Bool("public"), Relation("trails", kTrails, true)}});

  registry.Add(
      {"goeo2ubp103rzp9",
       kWaypoints,
       {Projected(Required(Relation("author", kUsers)), kProfileFields), Relation("trail", kTrails),
        Text("name", 500), Text("description", 20000), Required(Number("lat", -90, 90), true),
        Required(Number("lon", -180, 180), true), Text("icon", 100), File("photos", true)}});

  FieldSpec rating = Number("rating", 0, 5);
  rating.only_int = true;
  registry.Add(
      {"lf06qip3f4d11yk",
       kComments,
       {Required(Relation("author", kUsers), true), Required(Relation("trail", kTrails), true),
        Required(Text("text", 20000), true), rating}});

  registry.Add({"dd2l9a4vxpy2ni8",
                kSummitLogs,
                {Projected(Relation("author", kUsers), kProfileFields), Relation("trail", kTrails),
                 Required({.name = "date", .type = FieldType::kDate}, true), Text("text", 20000),
                 Number("distance", 0), Number("duration", 0), Number("elevation_gain", 0),
                 Number("elevation_loss", 0), File("gpx"), File("photos", true)}});

  FieldSpec permission{.name = "permission",
                       .type = FieldType::kSelect,
                       .required = true,
                       .required_on_update = true,
                       .select_values = {"view", "edit"}};
  registry.Add({"1kot7t9na3hi0gl",
                kListShare,
                {Required(Relation("list", kLists)),
                 Projected(Required(Relation("user", kUsers)), kShareUserFields), permission}});
  registry.Add({"1mns8mlal6uf9ku",
                kTrailShare,
                {Required(Relation("trail", kTrails)),
                 Projected(Required(Relation("user", kUsers)), kShareUserFields), permission}});

  FieldSpec token = Text("token");
  token.server_only = true;
  registry.Add({"trailinkshares1",
                kTrailLinkShare,
                {Required(Relation("trail", kTrails)), token, permission}});

  FieldSpec last_used{.name = "last_used", .type = FieldType::kDateTime, .server_only = true};
  registry.Add({"cairnapitokens1",
                kApiTokens,
                {Relation("user", kUsers),
                 Required(Text("name", 100), true),
                 {.name = "expiration", .type = FieldType::kDateTime},
                 last_used}});

  FieldSpec unit{
      .name = "unit", .type = FieldType::kSelect, .select_values = {"metric", "imperial"}};
  FieldSpec map_focus{
      .name = "mapFocus", .type = FieldType::kSelect, .select_values = {"trails", "location"}};
  registry.Add({"uavt73rsqcn1n13",
                kSettings,
                {Relation("user", kUsers), unit, Text("language", 16), map_focus, Json("location"),
                 Relation("category", kCategories), Json("privacy"), Json("notifications"),
                 Json("tilesets"), Json("terrain")}});
  return registry;
}

}  // namespace cairn::services
