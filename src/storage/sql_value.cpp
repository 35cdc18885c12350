// SQL fragment helpers.
#include "storage/sql_value.h"

#include <nlohmann/json.hpp>

namespace cairn::storage {

SqlFragment IdIn(std::string_view column, const std::vector<std::string>& ids) {
  if (ids.empty()) return {"0", {}};
  return {std::string(column) + " IN (SELECT value FROM json_each(?))",
          {nlohmann::json(ids).dump()}};
}

}  // namespace cairn::storage
