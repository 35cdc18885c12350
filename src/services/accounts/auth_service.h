// Proving who a caller is: password login, login tokens, API keys, and password resets.
#pragma once

#include <string_view>

#include "mail/outbox.h"
#include "services/accounts/login_throttle.h"
#include "services/accounts/password_hasher.h"
#include "services/accounts/token_signer.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services {

inline constexpr int64_t kAuthTokenLifetimeSeconds = 14 * 24 * 3600;
inline constexpr int64_t kPasswordResetLifetimeSeconds = 3600;

// Thread-safe. Password hashing runs outside the database writer so logins never stall writes.
class AuthService {
 public:
  AuthService(storage::Database& database, RecordService& records, PasswordHasher& hasher,
              const TokenSigner& signer, LoginThrottle& throttle, mail::MailOutbox& outbox,
              const util::Clock& clock);

  // Checks {username|email, password} from `client_address` and returns {token, record} with
  // record.token == token. Unknown users and wrong passwords fail alike ("Failed to
  // authenticate.") and take the same time. After 10 failures in 15 minutes from one address or
  // against one account: TooManyRequests with the seconds to wait.
  util::Result<records::Json> Login(const records::Json& body, const std::string& client_address);

  // Resolves a credential to its caller: a login token (`method` says whether it came as a
  // bearer token or a cookie) or an API key (`cairn_...`). Unauthorized when it is malformed,
  // forged, expired, revoked, or the user changed their password or was deleted.
  util::Result<Caller> Authenticate(std::string_view credential, AuthMethod method);

  // A login token for `user_id` signed with their current `token_key`.
  std::string IssueToken(const std::string& user_id, const std::string& token_key) const;

  // POST /auth/reset: succeeds whatever `email` is (no account enumeration). For an account with
  // that email, issues a single-use token valid one hour (older reset tokens stop working) and
  // mails it, or writes it to the log when no SMTP server is configured. `reset_url` is the
  // address of the web page that takes the token. Throttled per client address (10 requests
  // and failed confirmations in 15 minutes), separately from logins.
  util::Status RequestPasswordReset(const records::Json& body, const std::string& client_address,
                                    const std::string& reset_url);

  // POST /auth/confirm-reset {token, password, passwordConfirm}: sets the new password, signs out
  // every session of the account (its token key rotates) and spends every reset token of the
  // account. A bad or expired token is a Form A error on `token`. Throttled per address.
  util::Status ConfirmPasswordReset(const records::Json& body, const std::string& client_address);

 private:
  util::Result<Caller> AuthenticateApiKey(std::string_view key);

  storage::Database& database_;
  RecordService& records_;
  PasswordHasher& hasher_;
  const TokenSigner& signer_;
  LoginThrottle& throttle_;
  mail::MailOutbox& outbox_;
  const util::Clock& clock_;
  const std::string users_id_;  // the users collection's id, named in every login token
};

// Rotates `user_id`'s token key inside the caller's write transaction, so every login token
// issued before stops working; returns the new key.
util::Result<std::string> RotateTokenKey(storage::Connection& connection,
                                         const std::string& user_id);

// Password rules shared by sign-up, profile changes and resets: records a Form A error on
// `field` for a password shorter than 8 or longer than 1024 characters.
void CheckPasswordRules(const std::string& password, const char* field, util::Error& failure);

}  // namespace cairn::services
