// Account operations. Username and email uniqueness ignore case, as people type them.
#include "services/accounts/account_service.h"

#include <regex>

#include "records/validation.h"
#include "services/core/access_policy.h"
#include "services/core/cascade.h"
#include "services/core/collections.h"
#include "util/random.h"

namespace cairn::services {

using records::Json;

namespace {

constexpr size_t kTokenKeyLength = 50;
constexpr char kSignUpFailed[] = "Failed to create record.";
constexpr char kUpdateFailed[] = "Failed to update record.";

bool IsValidUsername(const std::string& s) {
  if (s.size() < 3 || s.size() > 48) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) {
      return false;
    }
  }
  return true;
}

bool IsValidEmail(const std::string& s) {
  static const std::regex kEmail(R"(^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$)");
  return s.size() <= 254 && std::regex_match(s, kEmail);
}

// Reads a string member (types were checked by TypeIssues); records validation_required when it
// is missing, null or empty.
std::string StringField(const Json& body, const char* name, util::Error& failure) {
  auto it = body.find(name);
  if (it == body.end() || !it->is_string() || it->get<std::string>().empty()) {
    failure.field_errors[name] = {"validation_required", "Missing required value."};
    return "";
  }
  return it->get<std::string>();
}

}  // namespace

AccountService::AccountService(storage::Database& database, const records::RecordEngine& engine,
                               PasswordHasher& hasher, const AuthService& auth,
                               storage::BlobStore& blobs, Options options)
    : database_(database),
      engine_(engine),
      hasher_(hasher),
      auth_(auth),
      blobs_(blobs),
      options_(options),
      users_(*engine.registry().Find(kUsers)) {}

util::Result<Json> AccountService::SignUp(const Json& body) {
  if (!options_.signup_enabled) {
    return util::Error::Forbidden(
        "Sign-up is disabled on this server; ask its administrator for an account.");
  }
  return CreateAccount(body);
}

util::Result<Json> AccountService::CreateAccount(const Json& body) {
  if (!body.is_object())
    return util::Error::InvalidArgument("The request body must be a JSON object.");
  if (auto issues = records::TypeIssues(body, {{"username", "string"},
                                               {"email", "string"},
                                               {"password", "string"},
                                               {"passwordConfirm", "string"}});
      !issues.empty()) {
    return util::Error::InvalidParams(std::move(issues));
  }
  util::Error failure = util::Error::InvalidArgument(kSignUpFailed);
  const std::string username = StringField(body, "username", failure);
  const std::string email = StringField(body, "email", failure);
  const std::string password = StringField(body, "password", failure);
  const std::string confirm = StringField(body, "passwordConfirm", failure);
  if (!failure.field_errors.count("username") && !IsValidUsername(username)) {
    failure.field_errors["username"] = {
        "validation_invalid_username",
        "Must be 3 to 48 characters of letters, digits, '_', '.' or '-'."};
  }
  if (!failure.field_errors.count("email") && !IsValidEmail(email)) {
    failure.field_errors["email"] = {"validation_is_email", "Must be a valid email address."};
  }
  CheckPasswordRules(password, "password", failure);
  if (!failure.field_errors.count("passwordConfirm") && confirm != password) {
    failure.field_errors["passwordConfirm"] = {"validation_values_mismatch", "Values don't match."};
  }
  // Uniqueness is checked before hashing so an obvious duplicate fails fast.
  auto taken = database_.Read<std::pair<bool, bool>>(
      [&](storage::Connection& c) -> util::Result<std::pair<bool, bool>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto u, c.Query("SELECT 1 FROM users WHERE username = ? COLLATE NOCASE", {username}));
        CAIRN_ASSIGN_OR_RETURN(
            auto e, c.Query("SELECT 1 FROM users WHERE email = ? COLLATE NOCASE", {email}));
        return std::make_pair(!u.rows.empty(), !e.rows.empty());
      });
  if (!taken.ok()) return std::move(taken).error();
  auto not_unique = [&](const char* field) {
    if (!failure.field_errors.count(field)) {
      failure.field_errors[field] = {"validation_not_unique", "The value is already in use."};
    }
  };
  if (taken->first) not_unique("username");
  if (taken->second) not_unique("email");
  if (!failure.field_errors.empty()) return failure;

  const std::string hash = hasher_.Hash(password);
  Json values = {
      {"username", username}, {"email", email}, {"emailVisibility", false}, {"verified", false}};
  auto created = database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // Checked again under the writer: a concurrent sign-up may have taken the name meanwhile.
    CAIRN_ASSIGN_OR_RETURN(auto u, c.Query("SELECT 1 FROM users WHERE username = ? COLLATE "
                                           "NOCASE OR email = ? COLLATE NOCASE",
                                           {username, email}));
    if (!u.rows.empty()) {
      return util::Error::InvalidField(kSignUpFailed, "username", "validation_not_unique",
                                       "The value is already in use.");
    }
    // Users have no relations to filter; the response is redacted below.
    return engine_.Insert(
        c, users_, values, records::Unrestricted(),
        {{"password_hash", hash}, {"token_key", util::RandomString(kTokenKeyLength)}});
  });
  if (!created.ok()) return std::move(created).error();
  Json record = std::move(created).value();
  record.erase("email");
  return record;
}

util::Result<Json> AccountService::Show(const Caller& caller, std::string_view id,
                                        std::string_view expand) {
  AccessPolicy policy(caller);
  const records::ExpandTree tree = records::ParseExpand(expand, users_, engine_.registry());
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json record, engine_.FindById(c, users_, id, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, users_, {&record}, tree, policy));
    return record;
  });
}

util::Result<Json> AccountService::Update(const Caller& caller, std::string_view id,
                                          const Json& body) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change your profile.");
  if (caller.method == AuthMethod::kApiKey && body.is_object() && body.contains("password")) {
    return util::Error::Forbidden("An API token cannot change the password; sign in instead.");
  }
  CAIRN_ASSIGN_OR_RETURN(Json current, Show(caller, id));
  if (caller.user_id != id)
    return util::Error::Forbidden("Only the owner can change this account.");
  if (!body.is_object())
    return util::Error::InvalidArgument("The request body must be a JSON object.");
  if (auto issues = records::TypeIssues(body, {{"username", "string"},
                                               {"bio", "string"},
                                               {"emailVisibility", "boolean"},
                                               {"password", "string"},
                                               {"passwordConfirm", "string"},
                                               {"oldPassword", "string"}});
      !issues.empty()) {
    return util::Error::InvalidParams(std::move(issues));
  }

  util::Error failure = util::Error::InvalidArgument(kUpdateFailed);
  Json changes = Json::object();
  if (auto it = body.find("username"); it != body.end()) {
    if (!it->is_string() || !IsValidUsername(it->get<std::string>())) {
      failure.field_errors["username"] = {
          "validation_invalid_username",
          "Must be 3 to 48 characters of letters, digits, '_', '.' or '-'."};
    } else {
      changes["username"] = *it;
    }
  }
  if (auto it = body.find("bio"); it != body.end() && it->is_null()) {
    changes["bio"] = "";
  } else if (it != body.end()) {
    if (records::CountCharacters(it->get_ref<const std::string&>()) > 10000) {
      failure.field_errors["bio"] = {"validation_max_text_constraint",
                                     "Must be a string of no more than 10000 characters."};
    } else {
      changes["bio"] = *it;
    }
  }
  if (auto it = body.find("emailVisibility"); it != body.end() && it->is_boolean()) {
    changes["emailVisibility"] = *it;
  }
  std::optional<std::string> new_hash;
  if (body.contains("password")) {
    const std::string password = StringField(body, "password", failure);
    const std::string confirm = StringField(body, "passwordConfirm", failure);
    const std::string old_password = StringField(body, "oldPassword", failure);
    CheckPasswordRules(password, "password", failure);
    if (!failure.field_errors.count("passwordConfirm") && confirm != password) {
      failure.field_errors["passwordConfirm"] = {"validation_values_mismatch",
                                                 "Values don't match."};
    }
    if (failure.field_errors.empty()) {
      auto stored =
          database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
            CAIRN_ASSIGN_OR_RETURN(
                auto rows,
                c.Query("SELECT password_hash FROM users WHERE id = ?", {std::string(id)}));
            if (rows.rows.empty()) return util::Error::NotFound();
            return std::get<std::string>(rows.rows[0][0]);
          });
      if (!stored.ok()) return std::move(stored).error();
      if (!hasher_.Verify(*stored, old_password)) {
        failure.field_errors["oldPassword"] = {"validation_invalid_old_password",
                                               "Missing or invalid old password."};
      } else {
        new_hash = hasher_.Hash(password);
      }
    }
  }
  if (!failure.field_errors.empty()) return failure;

  std::string new_key;
  auto updated = database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    if (changes.contains("username")) {
      CAIRN_ASSIGN_OR_RETURN(auto rows,
                             c.Query("SELECT 1 FROM users WHERE username = ? COLLATE "
                                     "NOCASE AND id != ?",
                                     {changes["username"].get<std::string>(), std::string(id)}));
      if (!rows.rows.empty()) {
        return util::Error::InvalidField(kUpdateFailed, "username", "validation_not_unique",
                                         "The value is already in use.");
      }
    }
    if (new_hash) {
      CAIRN_RETURN_IF_ERROR(c.Execute("UPDATE users SET password_hash = ? WHERE id = ?",
                                      {*new_hash, std::string(id)}));
      CAIRN_ASSIGN_OR_RETURN(new_key, RotateTokenKey(c, std::string(id)));
    }
    return engine_.Update(c, users_, id, changes, records::Unrestricted());
  });
  if (!updated.ok()) return std::move(updated).error();
  Caller fresh = caller;
  if (new_hash) fresh.token = auth_.IssueToken(std::string(id), new_key);
  Json record = std::move(updated).value();
  AccessPolicy(fresh).Redact(users_, record);
  return record;
}

util::Status AccountService::Delete(const Caller& caller, std::string_view id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to delete your account.");
  if (caller.method == AuthMethod::kApiKey) {
    return util::Error::Forbidden("An API token cannot delete the account; sign in instead.");
  }
  auto current = Show(caller, id);
  if (!current.ok()) return std::move(current).error();
  if (caller.user_id != id)
    return util::Error::Forbidden("Only the owner can delete this account.");
  auto deleted = database_.Write<std::vector<FileOwner>>(
      [&](storage::Connection& c) { return DeleteWithDependents(c, engine_, users_, id); });
  if (!deleted.ok()) return std::move(deleted).error();
  RemoveStoredFiles(blobs_, *deleted);
  return util::OkStatus();
}

util::Result<std::vector<Json>> AccountService::SearchUsers(const Caller& caller,
                                                            const std::string& text, int limit) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to look up users.");
  if (text.empty() || text.size() > 48) {
    return util::Error::InvalidField("Failed to search users.", "q",
                                     "validation_length_out_of_range",
                                     "Type 1 to 48 characters of a username.");
  }
  std::string pattern;
  for (char ch : text) {
    if (ch == '%' || ch == '_' || ch == '\\') pattern += '\\';
    pattern += ch;
  }
  pattern += '%';
  AccessPolicy policy(caller);
  return database_.Read<std::vector<Json>>(
      [&](storage::Connection& c) -> util::Result<std::vector<Json>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT id FROM users WHERE (private = 0 AND username LIKE ? ESCAPE '\\') "
                    "OR username = ? COLLATE NOCASE ORDER BY username COLLATE NOCASE LIMIT ?",
                    {pattern, text, static_cast<int64_t>(limit)}));
        std::vector<Json> users;
        for (const auto& row : rows.rows) {
          auto record = engine_.FindById(c, users_, std::get<std::string>(row[0]), policy);
          if (record.ok()) users.push_back(std::move(*record));
        }
        return users;
      });
}

util::Result<std::string> AccountService::FindUserId(const std::string& identity) {
  return database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT id FROM users WHERE username = ? COLLATE "
                                              "NOCASE OR email = ? COLLATE NOCASE LIMIT 1",
                                              {identity, identity}));
    if (rows.rows.empty())
      return util::Error::NotFound("No account is named \"" + identity + "\".");
    return std::get<std::string>(rows.rows[0][0]);
  });
}

util::Result<AccountService::Summary> AccountService::AdminCreate(const std::string& username,
                                                                  const std::string& email,
                                                                  const std::string& password) {
  CAIRN_ASSIGN_OR_RETURN(Json record, CreateAccount({{"username", username},
                                                     {"email", email},
                                                     {"password", password},
                                                     {"passwordConfirm", password}}));
  return Summary{record["id"], record["username"], email, record["created"]};
}

util::Status AccountService::AdminSetPassword(const std::string& identity,
                                              const std::string& password) {
  util::Error failure = util::Error::InvalidArgument("Failed to set the password.");
  CheckPasswordRules(password, "password", failure);
  if (!failure.field_errors.empty()) return failure;
  CAIRN_ASSIGN_OR_RETURN(std::string id, FindUserId(identity));
  const std::string hash = hasher_.Hash(password);
  auto done = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute("UPDATE users SET password_hash = ?, updated = ? WHERE id = ?",
                                    {hash, engine_.Now(), id}));
    CAIRN_RETURN_IF_ERROR(RotateTokenKey(c, id));
    return true;
  });
  if (!done.ok()) return std::move(done).error();
  return util::OkStatus();
}

util::Status AccountService::AdminDelete(const std::string& identity) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, FindUserId(identity));
  auto deleted = database_.Write<std::vector<FileOwner>>(
      [&](storage::Connection& c) { return DeleteWithDependents(c, engine_, users_, id); });
  if (!deleted.ok()) return std::move(deleted).error();
  RemoveStoredFiles(blobs_, *deleted);
  return util::OkStatus();
}

util::Result<std::vector<AccountService::Summary>> AccountService::AdminList() {
  return database_.Read<std::vector<Summary>>(
      [&](storage::Connection& c) -> util::Result<std::vector<Summary>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows, c.Query("SELECT id, username, email, created FROM users ORDER BY rowid"));
        std::vector<Summary> out;
        for (const auto& row : rows.rows) {
          out.push_back({std::get<std::string>(row[0]), std::get<std::string>(row[1]),
                         std::get<std::string>(row[2]), std::get<std::string>(row[3])});
        }
        return out;
      });
}

}  // namespace cairn::services
