// One grouped read over ap_deliveries.
#include "services/federation/delivery_backlog.h"

namespace cairn::services {

util::Result<std::vector<InboxBacklog>> DeliveryBacklog(storage::Database& database) {
  return database.Read<std::vector<InboxBacklog>>(
      [](storage::Connection& c) -> util::Result<std::vector<InboxBacklog>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT inbox, count(*), min(created), min(next_attempt), max(attempts), "
                    "(SELECT d2.last_error FROM ap_deliveries d2 WHERE d2.inbox = d.inbox "
                    "ORDER BY d2.attempts DESC LIMIT 1) FROM ap_deliveries d GROUP BY inbox "
                    "ORDER BY count(*) DESC, inbox LIMIT 50"));
        std::vector<InboxBacklog> out;
        for (const auto& row : rows.rows) {
          const auto number = [](const storage::SqlValue& v) {
            return static_cast<int64_t>(storage::AsNumber(v));
          };
          out.push_back({std::get<std::string>(row[0]), number(row[1]), number(row[2]),
                         number(row[3]), number(row[4]),
                         std::holds_alternative<std::string>(row[5]) ? std::get<std::string>(row[5])
                                                                     : std::string()});
        }
        return out;
      });
}

}  // namespace cairn::services
