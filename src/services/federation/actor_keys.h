// Each local person's ActivityPub key pair (RSA 2048): made the first time it is needed, kept in
// ap_keys, and never handed out but for its public half.
#pragma once

#include <optional>
#include <string>

#include "crypto/rsa_keys.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

// Thread-safe; the references must outlive it.
class ActorKeys {
 public:
  ActorKeys(storage::Database& database, const util::Clock& clock)
      : database_(database), clock_(clock) {}

  // The person's key pair, made and stored first when they have none. A key is made outside the
  // write (it takes a while, longer on a Raspberry Pi); when two requests make one at once, the
  // first stored wins and both answer it. The caller checks that `user_id` is a local person.
  util::Result<crypto::RsaKeyPair> KeysOf(const std::string& user_id);

 private:
  util::Result<std::optional<crypto::RsaKeyPair>> Stored(const std::string& user_id);

  storage::Database& database_;
  const util::Clock& clock_;
};

}  // namespace cairn::services
