// A plugin instance as the server uses it (not as the API shows it): its secrets opened, its
// settings read, and its status written back after the plugin ran.
#pragma once

#include <string>

#include "records/record_codec.h"
#include "services/accounts/secret_sealer.h"
#include "services/core/caller.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services::plugins {

struct OpenedInstance {
  std::string id;
  std::string user;
  std::string plugin_id;
  bool enabled = false;
  records::Json config = records::Json::object();
  records::Json secrets = records::Json::object();  // auth, opened: name -> plain text
};

// Thread-safe.
class PluginInstances {
 public:
  PluginInstances(storage::Database& database, const SecretSealer& sealer, const util::Clock& clock)
      : database_(database), sealer_(sealer), clock_(clock) {}

  // The caller's instance `id` with its secrets opened. NotFound (as for someone else's) when it
  // is not theirs; Internal when a secret does not open (the installation secret changed).
  util::Result<OpenedInstance> OpenOwned(const Caller& caller, const std::string& id);
  // Instance `id` whoever's it is, for the server acting for its owner (a sync); NotFound when
  // it is gone.
  util::Result<OpenedInstance> Open(const std::string& id);

  // What the server learnt for an instance: `secrets` sealed into its auth (a null value removes
  // one), `config` merged into its config, then its status and message (both kept when status
  // is "").
  struct Learnt {
    records::Json secrets = records::Json::object();
    records::Json config = records::Json::object();
    std::string status;
    std::string message;
  };
  util::Status Store(const std::string& id, const Learnt& learnt);

  // Records how the plugin last went: `status` (configured, needs_reauth, error ...), a message
  // for the person (never a secret), and now as its last_sync when `synced`.
  util::Status RecordOutcome(const std::string& id, const std::string& status,
                             const std::string& message, bool synced);

 private:
  util::Result<OpenedInstance> OpenWhere(const std::string& id, const std::string& user);

  storage::Database& database_;
  const SecretSealer& sealer_;
  const util::Clock& clock_;
};

}  // namespace cairn::services::plugins
