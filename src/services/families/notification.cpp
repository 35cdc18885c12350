// Notifications: one event for one recipient (a share, a comment, a like, a follower...), written
// by schema.sql's triggers, never through the API. Seen and marked seen by their recipient only;
// `{seen: true}` is the only change there is. What the recipient may no longer see is taken out
// of their metadata when read (services/feed/notification_service.h).
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition NotificationFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection =
          {"notifications01",
           kNotifications,
           {ServerOnly(Relation("recipient", kUsers, OnDelete::kCascade)),
            ServerOnly(Projected(Relation("author", kUsers, OnDelete::kCascade), ProfileFields())),
            ServerOnly(Select("type",
                              {"new_follower", "follow_request", "trail_like", "trail_comment",
                               "comment_reply", "summit_log_create", "trail_share", "list_share"})),
            ServerOnly(JsonField("metadata")), Required(Bool("seen"), true)}},
      .access = {.view = OwnRow("recipient"),
                 .create = Nobody(),
                 .update = OwnRow("recipient"),
                 .remove = Nobody(),
                 .update_denied = "Only the recipient can mark a notification seen."},
      .owner_field = "recipient",
      // A notification once seen stays seen (wanderer takes the literal true only).
      .validate = [](const records::Json& values, records::WriteMode) -> util::Status {
        if (values.value("seen", false) != true) {
          return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kUpdate),
                                           "seen", "validation_invalid_value",
                                           "Only {\"seen\": true} can be set.");
        }
        return util::OkStatus();
      },
      .list_expand = "author",
      .update_expand = "author",
      // GET /notification and POST /notification/{id} are services/feed's (they redact).
      .routes = {.path = "/api/v1/notification", .list_shape = ListShape::kPage, .operations = 0},
  };
}

}  // namespace cairn::services
