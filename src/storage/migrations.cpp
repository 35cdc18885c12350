// Forward migrations of data.db. A fresh file gets schema.sql instead; tests check that both
// paths end with the same schema.
#include "storage/schema.h"

namespace cairn::storage {

const std::vector<Migration>& Migrations() {
  static const std::vector<Migration> kMigrations = {
      // 2: public indexes on (public) alone, so pages of public trails and lists come in rowid
      // order without sorting every public row first.
      {2,
       "DROP INDEX trails_public; CREATE INDEX trails_public ON trails (public);"
       "DROP INDEX lists_public; CREATE INDEX lists_public ON lists (public);"},
  };
  return kMigrations;
}

}  // namespace cairn::storage
