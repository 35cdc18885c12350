// Federation's schema steps: what a data dir of an older Cairn gains to speak ActivityPub.
#include "storage/migrations_federation.h"

namespace cairn::storage {

const std::vector<Migration>& FederationMigrations() {
  static const std::vector<Migration> kSteps = {
      // 23: each local person's ActivityPub key pair (services/federation/actor_keys.h), made
      // when first needed, so nothing is generated for existing people until then; and each
      // person's choice to keep out of federation (settings.federation 'off').
      {23, R"sql(CREATE TABLE ap_keys (
  user         TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  public_pem   TEXT NOT NULL,
  private_pem  TEXT NOT NULL
);
CREATE TRIGGER users_delete_ap_keys AFTER DELETE ON users BEGIN
  DELETE FROM ap_keys WHERE user = OLD.id;
END;
ALTER TABLE settings ADD COLUMN federation TEXT NOT NULL DEFAULT '';
)sql",
       nullptr},
  };
  return kSteps;
}

}  // namespace cairn::storage
