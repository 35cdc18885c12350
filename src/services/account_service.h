// Accounts: sign-up, login, bearer-token authentication, and the owner's profile operations.
#pragma once

#include <string_view>

#include "records/record_engine.h"
#include "services/caller.h"
#include "services/password_hasher.h"
#include "services/token_signer.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services {

inline constexpr int64_t kAuthTokenLifetimeSeconds = 14 * 24 * 3600;

// Thread-safe. Password hashing runs outside the database writer so logins never stall writes.
class AccountService {
 public:
  AccountService(storage::Database& database, const records::RecordEngine& engine,
                 PasswordHasher& hasher, const TokenSigner& signer, const util::Clock& clock);

  // Creates an account from {username, email, password, passwordConfirm} and returns the user
  // record without email. Every bad field is reported at once (Form A).
  util::Result<records::Json> SignUp(const records::Json& body);

  // Checks {username|email, password} and returns {token, record} with record.token == token.
  // Unknown users and wrong passwords fail alike and take the same time.
  util::Result<records::Json> Login(const records::Json& body);

  // Resolves a bearer token to its caller. Unauthorized when it is malformed, forged, expired,
  // or the user has changed their password or been deleted.
  util::Result<Caller> Authenticate(std::string_view token);

  // A user record as the caller may see it (others: no email unless emailVisibility).
  util::Result<records::Json> Show(const Caller& caller, std::string_view id);

  // Owner only: username, bio, emailVisibility, and a password change with oldPassword (which
  // rotates the token key, so every older token stops working; the response carries a new one).
  util::Result<records::Json> Update(const Caller& caller, std::string_view id,
                                     const records::Json& body);

  // Owner only: removes the account and everything it authored in one transaction.
  util::Status Delete(const Caller& caller, std::string_view id);

 private:
  std::string IssueToken(const std::string& user_id, const std::string& token_key) const;

  storage::Database& database_;
  const records::RecordEngine& engine_;
  PasswordHasher& hasher_;
  const TokenSigner& signer_;
  const util::Clock& clock_;
  const records::CollectionSpec& users_;
};

}  // namespace cairn::services
