// Reading plugin_instances rows for the server's own use.
#include "services/plugins/plugin_instances.h"

#include "util/timestamp.h"

namespace cairn::services::plugins {

using records::Json;

util::Result<OpenedInstance> PluginInstances::OpenOwned(const Caller& caller,
                                                        const std::string& id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  return OpenWhere(id, caller.user_id);
}

util::Result<OpenedInstance> PluginInstances::Open(const std::string& id) {
  return OpenWhere(id, "");
}

util::Result<OpenedInstance> PluginInstances::OpenWhere(const std::string& id,
                                                        const std::string& user) {
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, database_.Read<storage::QueryResult>([&](storage::Connection& c) {
        return c.Query(
            "SELECT id, user, plugin_id, enabled, config, auth FROM plugin_instances WHERE id = ? "
            "AND (? = '' OR user = ?)",
            {id, user, user});
      }));
  if (rows.rows.empty()) return util::Error::NotFound("No such plugin connection.");
  const auto& row = rows.rows[0];
  OpenedInstance out{.id = storage::AsText(row[0]),
                     .user = storage::AsText(row[1]),
                     .plugin_id = storage::AsText(row[2]),
                     .enabled = storage::AsNumber(row[3]) != 0};
  Json config = Json::parse(storage::AsText(row[4]), nullptr, false);
  if (config.is_object()) out.config = std::move(config);
  const Json auth = Json::parse(storage::AsText(row[5]), nullptr, false);
  if (auth.is_object()) {
    for (const auto& [name, sealed] : auth.items()) {
      if (!sealed.is_string()) continue;
      auto plain = sealer_.Open(sealed.get<std::string>());
      if (!plain.ok()) {
        return util::Error::Internal("the secret \"" + name + "\" of plugin connection " + id +
                                     " does not open: " + plain.error().message);
      }
      out.secrets[name] = std::move(plain).value();
    }
  }
  return out;
}

util::Status PluginInstances::RecordOutcome(const std::string& id, const std::string& status,
                                            const std::string& message, bool synced) {
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  auto written = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("UPDATE plugin_instances SET status = ?, message = ?, updated = ?, last_sync = "
                  "CASE WHEN ? THEN ? ELSE last_sync END WHERE id = ?",
                  {status, message.substr(0, 2000), now, int64_t{synced ? 1 : 0}, now, id}));
    return true;
  });
  if (!written.ok()) return std::move(written).error();
  return util::OkStatus();
}

util::Status PluginInstances::Store(const std::string& id, const Learnt& learnt) {
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  auto written = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           c.Query("SELECT auth, config FROM plugin_instances WHERE id = ?", {id}));
    if (rows.rows.empty()) return util::Error::NotFound("No such plugin connection.");
    Json auth = Json::parse(storage::AsText(rows.rows[0][0]), nullptr, false);
    Json config = Json::parse(storage::AsText(rows.rows[0][1]), nullptr, false);
    if (!auth.is_object()) auth = Json::object();
    if (!config.is_object()) config = Json::object();
    for (const auto& [name, value] : learnt.secrets.items()) {
      if (value.is_string()) {
        auth[name] = sealer_.Seal(value.get<std::string>());
      } else {
        auth.erase(name);
      }
    }
    config.update(learnt.config);
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "UPDATE plugin_instances SET auth = ?, config = ?, status = CASE WHEN ? = '' THEN status "
        "ELSE ? END, message = CASE WHEN ? = '' THEN message ELSE ? END, updated = ? WHERE id = ?",
        {auth.dump(), config.dump(), learnt.status, learnt.status, learnt.status,
         learnt.message.substr(0, 2000), now, id}));
    return true;
  });
  if (!written.ok()) return std::move(written).error();
  return util::OkStatus();
}

}  // namespace cairn::services::plugins
