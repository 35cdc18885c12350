// Login, token and API key authentication, and password resets.
#include "services/accounts/auth_service.h"

#include "records/validation.h"
#include "services/accounts/api_keys.h"
#include "services/families/names.h"
#include "util/random.h"
#include "util/timestamp.h"

namespace cairn::services {

using records::Json;

namespace {

constexpr size_t kMinPasswordLength = 8;
constexpr size_t kMaxPasswordLength = 1024;
constexpr size_t kTokenKeyLength = 50;
constexpr size_t kResetTokenLength = 32;  // [a-z0-9]: 165 bits
// API keys record when they were last used, but at most once a minute: a script polling the API
// should not turn every read into a write.
constexpr int64_t kLastUsedResolutionMillis = 60 * 1000;

util::Error Invalid() { return util::Error::Unauthorized("The token is invalid."); }

std::string AddressKey(const std::string& address) { return "ip:" + address; }
// Reset traffic has its own budget, so asking for a code never costs login attempts.
std::string ResetKey(const std::string& address) { return "reset:" + address; }
std::string AccountKey(const std::string& identity) {
  std::string lower = identity;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return "account:" + lower;
}

util::Error Throttled(int64_t seconds) {
  return util::Error::TooManyRequests("Too many failed attempts; try again in " +
                                          std::to_string((seconds + 59) / 60) + " minute(s).",
                                      seconds);
}

// The first of `keys` that names a non-empty string member of `body`, or "".
std::string FirstString(const Json& body, std::initializer_list<const char*> keys) {
  for (const char* key : keys) {
    auto it = body.find(key);
    if (it != body.end() && it->is_string() && !it->get<std::string>().empty()) {
      return it->get<std::string>();
    }
  }
  return "";
}

}  // namespace

void CheckPasswordRules(const std::string& password, const char* field, util::Error& failure) {
  if (failure.field_errors.count(field)) return;
  if (password.size() < kMinPasswordLength) {
    failure.field_errors[field] = {"validation_min_text_constraint",
                                   "Must be at least 8 character(s)."};
  } else if (password.size() > kMaxPasswordLength) {
    failure.field_errors[field] = {"validation_max_text_constraint",
                                   "Must be no more than 1024 character(s)."};
  }
}

util::Result<std::string> RotateTokenKey(storage::Connection& connection,
                                         const std::string& user_id) {
  std::string key = util::RandomString(kTokenKeyLength);
  CAIRN_RETURN_IF_ERROR(
      connection.Execute("UPDATE users SET token_key = ? WHERE id = ?", {key, user_id}));
  return key;
}

AuthService::AuthService(storage::Database& database, RecordService& records,
                         PasswordHasher& hasher, const TokenSigner& signer, LoginThrottle& throttle,
                         mail::MailOutbox& outbox, const util::Clock& clock)
    : database_(database),
      records_(records),
      hasher_(hasher),
      signer_(signer),
      throttle_(throttle),
      outbox_(outbox),
      clock_(clock),
      users_id_((*records.SpecOf(kUsers))->id) {}

std::string AuthService::IssueToken(const std::string& user_id,
                                    const std::string& token_key) const {
  TokenClaims claims{user_id, users_id_, clock_.NowMillis() / 1000 + kAuthTokenLifetimeSeconds,
                     "auth"};
  return signer_.Sign(claims, token_key);
}

util::Result<Json> AuthService::Login(const Json& body, const std::string& client_address) {
  const util::Error failed = util::Error::InvalidArgument("Failed to authenticate.");
  if (!body.is_object()) return failed;
  const std::string identity = FirstString(body, {"username", "email", "identity"});
  if (int64_t wait = throttle_.RetryAfterSeconds(AddressKey(client_address)); wait > 0) {
    return Throttled(wait);
  }
  if (!identity.empty()) {
    if (int64_t wait = throttle_.RetryAfterSeconds(AccountKey(identity)); wait > 0) {
      return Throttled(wait);
    }
  }
  auto fail = [&] {
    throttle_.RecordFailure(AddressKey(client_address));
    if (!identity.empty()) throttle_.RecordFailure(AccountKey(identity));
    return failed;
  };
  auto pw = body.find("password");
  const std::string password = pw != body.end() && pw->is_string() ? pw->get<std::string>() : "";
  if (identity.empty() || password.empty() || password.size() > kMaxPasswordLength) {
    hasher_.BurnVerify(password);
    return fail();
  }
  struct Found {
    std::string id, hash, token_key;
  };
  auto found = database_.Read<std::optional<Found>>(
      [&](storage::Connection& c) -> util::Result<std::optional<Found>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows, c.Query("SELECT id, password_hash, token_key FROM users WHERE (username = ? "
                               "COLLATE NOCASE OR email = ? COLLATE NOCASE) AND remote_actor = '' "
                               "LIMIT 1",
                               {identity, identity}));
        if (rows.rows.empty()) return std::optional<Found>();
        return std::optional<Found>(Found{std::get<std::string>(rows.rows[0][0]),
                                          std::get<std::string>(rows.rows[0][1]),
                                          std::get<std::string>(rows.rows[0][2])});
      });
  if (!found.ok()) return std::move(found).error();
  if (!found->has_value()) {
    hasher_.BurnVerify(password);
    return fail();
  }
  if (!hasher_.Verify((*found)->hash, password)) return fail();
  throttle_.Clear(AccountKey(identity));
  const std::string token = IssueToken((*found)->id, (*found)->token_key);
  // The record as its owner sees it, token included.
  auto record = records_.Show(Caller{(*found)->id, token, "", AuthMethod::kBearerToken}, kUsers,
                              (*found)->id, "");
  if (!record.ok()) return std::move(record).error();
  return Json{{"token", token}, {"record", std::move(record).value()}};
}

util::Result<Caller> AuthService::Authenticate(std::string_view credential, AuthMethod method) {
  if (LooksLikeApiKey(credential)) {
    // Keys belong in the Authorization header of scripts, never in a browser cookie.
    if (method != AuthMethod::kBearerToken) return Invalid();
    return AuthenticateApiKey(credential);
  }
  CAIRN_ASSIGN_OR_RETURN(TokenClaims claims, signer_.Decode(credential));
  if (claims.type != "auth" || claims.collection_id != users_id_) return Invalid();
  auto key = database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           c.Query("SELECT token_key FROM users WHERE id = ?", {claims.user_id}));
    if (rows.rows.empty()) return Invalid();
    return std::get<std::string>(rows.rows[0][0]);
  });
  if (!key.ok()) return std::move(key).error();
  CAIRN_RETURN_IF_ERROR(signer_.Verify(credential, *key, clock_.NowMillis() / 1000));
  return Caller{claims.user_id, std::string(credential), "", method};
}

util::Result<Caller> AuthService::AuthenticateApiKey(std::string_view key) {
  const std::string hash = HashApiKey(key);
  struct Found {
    std::string id, user, expiration, last_used;
  };
  auto found = database_.Read<Found>([&](storage::Connection& c) -> util::Result<Found> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query("SELECT a.id, a.user, a.expiration, a.last_used FROM api_tokens a JOIN "
                           "users u ON u.id = a.user WHERE a.token_hash = ?",
                           {hash}));
    if (rows.rows.empty()) {
      return util::Error::Unauthorized("The API token is invalid or has been revoked.");
    }
    const auto& row = rows.rows[0];
    return Found{std::get<std::string>(row[0]), std::get<std::string>(row[1]),
                 std::get<std::string>(row[2]), std::get<std::string>(row[3])};
  });
  if (!found.ok()) return std::move(found).error();
  const int64_t now = clock_.NowMillis();
  if (!found->expiration.empty() &&
      util::ParseTimestampMillis(found->expiration).value_or(0) <= now) {
    return util::Error::Unauthorized("The API token has expired.");
  }
  if (util::ParseTimestampMillis(found->last_used).value_or(0) + kLastUsedResolutionMillis <= now) {
    auto noted = database_.Write<int64_t>([&](storage::Connection& c) {
      return c.Execute("UPDATE api_tokens SET last_used = ? WHERE id = ?",
                       {util::FormatTimestamp(now), found->id});
    });
    // Only bookkeeping: a busy writer must not turn a valid key into a failed request.
    (void)noted;
  }
  return Caller{found->user, "", "", AuthMethod::kApiKey};
}

util::Status AuthService::RequestPasswordReset(const Json& body, const std::string& client_address,
                                               const std::string& reset_url) {
  if (int64_t wait = throttle_.RetryAfterSeconds(ResetKey(client_address)); wait > 0) {
    return Throttled(wait);
  }
  // Each request counts against the address, so the endpoint cannot be used to flood inboxes.
  throttle_.RecordFailure(ResetKey(client_address));
  const std::string email = body.is_object() ? FirstString(body, {"email"}) : "";
  if (email.empty()) {
    return util::Error::InvalidField("Failed to request a password reset.", "email",
                                     "validation_required", "Missing required value.");
  }
  const std::string token = util::RandomString(kResetTokenLength);
  const std::string expires =
      util::FormatTimestamp(clock_.NowMillis() + kPasswordResetLifetimeSeconds * 1000);
  struct Account {
    std::string username, email;
  };
  auto issued = database_.Write<std::optional<Account>>(
      [&](storage::Connection& c) -> util::Result<std::optional<Account>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT id, username, email FROM users WHERE email = ? COLLATE NOCASE "
                    "AND remote_actor = ''",
                    {email}));
        if (rows.rows.empty()) return std::optional<Account>();
        const std::string user = std::get<std::string>(rows.rows[0][0]);
        // One live reset per account: asking again makes the previous link useless.
        CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM password_resets WHERE user = ?", {user}));
        CAIRN_RETURN_IF_ERROR(
            c.Execute("INSERT INTO password_resets (token_hash, user, expires) VALUES (?, ?, ?)",
                      {HashApiKey(token), user, expires}));
        return std::optional<Account>(Account{std::get<std::string>(rows.rows[0][1]),
                                              std::get<std::string>(rows.rows[0][2])});
      });
  if (!issued.ok()) return std::move(issued).error();
  if (!issued->has_value()) return util::OkStatus();  // same answer, nothing sent
  const Account& account = **issued;
  outbox_.Send({account.email, "Reset your Cairn password",
                "Hello " + account.username +
                    ",\n\nsomeone (hopefully you) asked to reset the password of your Cairn "
                    "account.\nOpen this link within an hour to choose a new one:\n\n" +
                    reset_url + token + "\n\nor enter this code: " + token +
                    "\n\nIf it was not you, ignore this message; your password stays as it is.\n"});
  return util::OkStatus();
}

util::Status AuthService::ConfirmPasswordReset(const Json& body,
                                               const std::string& client_address) {
  if (int64_t wait = throttle_.RetryAfterSeconds(ResetKey(client_address)); wait > 0) {
    return Throttled(wait);
  }
  if (!body.is_object()) {
    return util::Error::InvalidArgument("The request body must be a JSON object.");
  }
  if (auto issues = records::TypeIssues(
          body, {{"token", "string"}, {"password", "string"}, {"passwordConfirm", "string"}});
      !issues.empty()) {
    return util::Error::InvalidParams(std::move(issues));
  }
  util::Error failure = util::Error::InvalidArgument("Failed to reset the password.");
  const std::string token = FirstString(body, {"token"});
  const std::string password = FirstString(body, {"password"});
  const std::string confirm = FirstString(body, {"passwordConfirm"});
  for (const auto& [name, value] : {std::pair{"token", &token}, std::pair{"password", &password},
                                    std::pair{"passwordConfirm", &confirm}}) {
    if (value->empty())
      failure.field_errors[name] = {"validation_required", "Missing required value."};
  }
  CheckPasswordRules(password, "password", failure);
  if (!failure.field_errors.count("passwordConfirm") && confirm != password) {
    failure.field_errors["passwordConfirm"] = {"validation_values_mismatch", "Values don't match."};
  }
  if (!failure.field_errors.empty()) return failure;
  const std::string hash = hasher_.Hash(password);
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  const std::string token_hash = HashApiKey(token);
  auto user_of_token = [&](storage::Connection& c) -> util::Result<std::string> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query("SELECT user FROM password_resets WHERE token_hash = ? AND expires > ?",
                           {token_hash, now}));
    if (rows.rows.empty()) {
      return util::Error::InvalidField("Failed to reset the password.", "token",
                                       "validation_invalid_token",
                                       "The reset code is invalid, used or expired; ask for a new "
                                       "one.");
    }
    return std::get<std::string>(rows.rows[0][0]);
  };
  auto user = database_.Read<std::string>(user_of_token);
  if (user.ok()) {
    // The new password goes through the users family like any account change; the code is
    // checked again in the write, so two requests cannot both spend it.
    WriteOptions write;
    write.hidden_columns = {{"password_hash", hash}};
    write.before = [&](storage::Connection& c) -> util::Status {
      CAIRN_ASSIGN_OR_RETURN(std::string still, user_of_token(c));
      if (still != *user) return util::Error::NotFound();
      return util::OkStatus();
    };
    write.after = [&](storage::Connection& c, const Json&) -> util::Status {
      CAIRN_RETURN_IF_ERROR(RotateTokenKey(c, *user));
      CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM password_resets WHERE user = ?", {*user}));
      return util::OkStatus();
    };
    auto reset = records_.AdminUpdate(kUsers, *user, Json::object(), write);
    if (reset.ok()) return util::OkStatus();
    user = std::move(reset).error();
  }
  if (!user.error().field_errors.count("token")) return std::move(user).error();
  throttle_.RecordFailure(ResetKey(client_address));
  return std::move(user).error();
}

}  // namespace cairn::services
