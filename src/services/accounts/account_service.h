// Accounts: sign-up, the owner's profile operations, and the admin's account management.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "services/accounts/auth_service.h"
#include "services/accounts/password_hasher.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

// The users family's records (services/families/user.cpp) written through the record service,
// with what only accounts have: passwords, the sign-up switch, people search and the admin CLI.
// Thread-safe. Password hashing runs outside the database writer so it never stalls writes.
class AccountService {
 public:
  struct Options {
    bool signup_enabled = true;  // --disable-signup: accounts come from the admin CLI only
  };

  AccountService(storage::Database& database, RecordService& records, PasswordHasher& hasher,
                 const AuthService& auth, Options options);

  // Creates an account from {username, email, password, passwordConfirm} and returns the user
  // record without email. Every bad field is reported at once (Form A; wrong JSON types Form B).
  // Forbidden when sign-up is disabled.
  util::Result<records::Json> SignUp(const records::Json& body);

  // A user record as the caller may see it (others: no email unless emailVisibility), with the
  // relations named in `expand` (e.g. trails_via_author) as visible to the caller.
  util::Result<records::Json> Show(const Caller& caller, std::string_view id,
                                   std::string_view expand = "");

  // Owner only: username, bio, emailVisibility, and a password change with oldPassword (which
  // rotates the token key, so every older token stops working; the response carries a new one).
  // An API key may change the profile but not the password.
  util::Result<records::Json> Update(const Caller& caller, std::string_view id,
                                     const records::Json& body);

  // Owner only, and not with an API key: removes the account and everything it authored in one
  // transaction.
  util::Status Delete(const Caller& caller, std::string_view id);

  // Signed-in callers only: up to `limit` users whose username starts with `text`
  // (case-insensitive), for the share dialog. Private profiles match only their exact username,
  // so they cannot be browsed by prefix. Each record as Show would give it.
  // Finds a person on another server by handle (federation on): "@ada@example.org" ->
  // the id of the users row kept for them. NotFound when their server knows no such person.
  using RemoteLookup = std::function<util::Result<std::string>(std::string_view handle)>;
  void SetRemoteLookup(RemoteLookup lookup) { remote_lookup_ = std::move(lookup); }

  util::Result<std::vector<records::Json>> SearchUsers(const Caller& caller,
                                                       const std::string& text, int limit);

  // --- The admin CLI (`cairn user ...`): no caller, no sign-up switch. ---
  struct Summary {
    std::string id, username, email, created;
  };
  util::Result<Summary> AdminCreate(const std::string& username, const std::string& email,
                                    const std::string& password);
  // Sets the password of the account named by username or email and signs out its sessions.
  util::Status AdminSetPassword(const std::string& identity, const std::string& password);
  util::Status AdminDelete(const std::string& identity);
  util::Result<std::vector<Summary>> AdminList();

  // The id of the account named by username or email (case-insensitive). NotFound otherwise.
  util::Result<std::string> FindUserId(const std::string& identity);

 private:
  util::Result<records::Json> CreateAccount(const records::Json& body);

  storage::Database& database_;
  RecordService& records_;
  PasswordHasher& hasher_;
  const AuthService& auth_;
  const Options options_;
  RemoteLookup remote_lookup_;
};

}  // namespace cairn::services
