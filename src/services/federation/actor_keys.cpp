// Key pairs made once per person and read back from ap_keys.
#include "services/federation/actor_keys.h"

#include <optional>

#include "util/timestamp.h"

namespace cairn::services {

util::Result<std::optional<crypto::RsaKeyPair>> ActorKeys::Stored(const std::string& user_id) {
  return database_.Read<std::optional<crypto::RsaKeyPair>>(
      [&](storage::Connection& c) -> util::Result<std::optional<crypto::RsaKeyPair>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT private_pem, public_pem FROM ap_keys WHERE user = ?", {user_id}));
        if (rows.rows.empty()) return std::optional<crypto::RsaKeyPair>();
        return std::optional<crypto::RsaKeyPair>(crypto::RsaKeyPair{
            std::get<std::string>(rows.rows[0][0]), std::get<std::string>(rows.rows[0][1])});
      });
}

util::Result<crypto::RsaKeyPair> ActorKeys::KeysOf(const std::string& user_id) {
  CAIRN_ASSIGN_OR_RETURN(std::optional<crypto::RsaKeyPair> stored, Stored(user_id));
  if (stored) return *stored;
  CAIRN_ASSIGN_OR_RETURN(crypto::RsaKeyPair made, crypto::GenerateRsaKeyPair());
  CAIRN_RETURN_IF_ERROR(database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute(
        "INSERT INTO ap_keys (user, created, public_pem, private_pem) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (user) DO NOTHING",
        {user_id, util::FormatTimestamp(clock_.NowMillis()), made.public_pem, made.private_pem});
  }));
  CAIRN_ASSIGN_OR_RETURN(stored, Stored(user_id));
  if (!stored) return util::Error::Internal("the key pair of " + user_id + " was not stored");
  return *stored;
}

}  // namespace cairn::services
