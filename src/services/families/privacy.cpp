// settings.privacy, read inside the caller's transaction.
#include "services/families/privacy.h"

namespace cairn::services {

util::Result<bool> DefaultPublic(storage::Connection& connection, const std::string& user_id,
                                 std::string_view kind) {
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, connection.Query("SELECT json_extract(privacy, '$.' || ?) FROM settings WHERE "
                                  "user = ? AND json_valid(privacy)",
                                  {std::string(kind), user_id}));
  if (rows.rows.empty()) return false;
  const auto* value = std::get_if<std::string>(&rows.rows[0][0]);
  return value && *value == "public";
}

}  // namespace cairn::services
