// Account operations over the users family, plus passwords, people search and the admin CLI.
#include "services/accounts/account_service.h"

#include <algorithm>

#include "records/validation.h"
#include "services/families/names.h"
#include "util/random.h"
#include "util/text.h"

namespace cairn::services {

using records::Json;

namespace {

constexpr size_t kTokenKeyLength = 50;
constexpr char kSignUpFailed[] = "Failed to create record.";
constexpr char kUpdateFailed[] = "Failed to update record.";

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

// The members of `body` named in `names` (the record fields an account form may set).
Json Pick(const Json& body, std::initializer_list<const char*> names) {
  Json out = Json::object();
  for (const char* name : names) {
    if (auto it = body.find(name); it != body.end()) out[name] = *it;
  }
  return out;
}

// Adds the field errors of a failed check to `failure`; other errors are returned.
util::Status Merge(util::Status status, util::Error& failure) {
  if (status.ok()) return util::OkStatus();
  util::Error error = std::move(status).error();
  if (error.field_errors.empty()) return error;
  for (auto& [field, field_error] : error.field_errors)
    failure.field_errors.emplace(field, field_error);
  return util::OkStatus();
}

}  // namespace

AccountService::AccountService(storage::Database& database, RecordService& records,
                               PasswordHasher& hasher, const AuthService& auth, Options options)
    : database_(database), records_(records), hasher_(hasher), auth_(auth), options_(options) {}

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
  // Every bad field at once: the record's (through the users family) and the password's.
  util::Error failure = util::Error::InvalidArgument(kSignUpFailed);
  const Json profile = Pick(body, {"username", "email"});
  CAIRN_RETURN_IF_ERROR(
      Merge(records_.CheckValues(kUsers, profile, records::WriteMode::kCreate), failure));
  const std::string password = StringField(body, "password", failure);
  const std::string confirm = StringField(body, "passwordConfirm", failure);
  CheckPasswordRules(password, "password", failure);
  if (!failure.field_errors.count("passwordConfirm") && confirm != password) {
    failure.field_errors["passwordConfirm"] = {"validation_values_mismatch", "Values don't match."};
  }
  if (!failure.field_errors.empty()) return failure;

  WriteOptions write;
  write.hidden_columns = {{"password_hash", hasher_.Hash(password)},
                          {"token_key", util::RandomString(kTokenKeyLength)}};
  // Anonymous: the new user sees their record as anyone would (no email) until they log in.
  CAIRN_ASSIGN_OR_RETURN(WriteResult created,
                         records_.CreateWith(Caller{}, kUsers, profile, "", write));
  return std::move(created.record);
}

util::Result<Json> AccountService::Show(const Caller& caller, std::string_view id,
                                        std::string_view expand) {
  return records_.Show(caller, kUsers, id, expand);
}

util::Result<Json> AccountService::Update(const Caller& caller, std::string_view id,
                                          const Json& body) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change your profile.");
  if (caller.method == AuthMethod::kApiKey && body.is_object() && body.contains("password")) {
    return util::Error::Forbidden("An API token cannot change the password; sign in instead.");
  }
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, kUsers, id));
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
  // The profile fields go through the users family; the email changes only with a confirmation
  // Cairn does not send yet, so it is not among them.
  const Json profile = Pick(body, {"username", "bio", "emailVisibility"});
  CAIRN_RETURN_IF_ERROR(
      Merge(records_.CheckValues(kUsers, profile, records::WriteMode::kUpdate, std::string(id)),
            failure));
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
  WriteOptions write;
  if (new_hash) {
    write.hidden_columns = {{"password_hash", *new_hash}};
    // Every older token stops working with the password that made it.
    write.after = [&](storage::Connection& c, const Json&) -> util::Status {
      CAIRN_ASSIGN_OR_RETURN(new_key, RotateTokenKey(c, std::string(id)));
      return util::OkStatus();
    };
  }
  CAIRN_ASSIGN_OR_RETURN(WriteResult updated,
                         records_.UpdateWith(caller, kUsers, id, profile, "", write));
  if (new_hash) updated.record["token"] = auth_.IssueToken(std::string(id), new_key);
  return std::move(updated.record);
}

util::Status AccountService::Delete(const Caller& caller, std::string_view id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to delete your account.");
  return records_.Delete(caller, kUsers, id);
}

util::Result<std::vector<Json>> AccountService::SearchUsers(const Caller& caller,
                                                            const std::string& text, int limit) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to look up users.");
  // "@ada" is ada; "@ada@example.org" is a person on another server.
  const std::string_view name =
      !text.empty() && text[0] == '@' ? std::string_view(text).substr(1) : std::string_view(text);
  const size_t at = name.find('@');
  const bool handle =
      remote_lookup_ && at != std::string_view::npos && at > 0 && at + 1 < name.size();
  if (name.empty() || name.size() > (handle ? 300 : 48)) {
    return util::Error::InvalidField("Failed to search users.", "q",
                                     "validation_length_out_of_range",
                                     "Type 1 to 48 characters of a username.");
  }
  std::string remote_id;
  if (handle) {
    auto found = remote_lookup_(name);
    if (found.ok()) {
      remote_id = std::move(*found);
    } else if (found.error().kind != util::ErrorKind::kNotFound) {
      return std::move(found).error();
    }
  }
  std::string pattern;
  for (char ch : name) {
    if (ch == '%' || ch == '_' || ch == '\\') pattern += '\\';
    pattern += ch;
  }
  pattern += '%';
  // Prefix matches among the accounts the users list shows (private ones are never browsed),
  // and the account of exactly that name if the caller may view it.
  ListParams first{.per_page = limit, .order_by = "t.username COLLATE NOCASE"};
  CAIRN_ASSIGN_OR_RETURN(
      ListPage prefixed,
      records_.List(caller, kUsers, first, {"t.username LIKE ? ESCAPE '\\'", {pattern}}));
  ListParams one{.per_page = 1, .rows = Rows::kViewable};
  CAIRN_ASSIGN_OR_RETURN(
      ListPage exact,
      records_.List(caller, kUsers, one,
                    remote_id.empty()
                        ? storage::SqlFragment{"t.username = ? COLLATE NOCASE", {std::string(name)}}
                        : storage::SqlFragment{"t.id = ?", {remote_id}}));
  std::vector<Json> users = std::move(prefixed.items);
  for (Json& user : exact.items) {
    const bool listed = std::any_of(users.begin(), users.end(),
                                    [&](const Json& u) { return u["id"] == user["id"]; });
    if (!listed) users.push_back(std::move(user));
  }
  std::sort(users.begin(), users.end(), [](const Json& a, const Json& b) {
    return util::LowercaseAscii(a.value("username", "")) <
           util::LowercaseAscii(b.value("username", ""));
  });
  if (users.size() > static_cast<size_t>(limit)) users.resize(static_cast<size_t>(limit));
  return users;
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
  WriteOptions write;
  write.hidden_columns = {{"password_hash", hasher_.Hash(password)}};
  write.after = [&](storage::Connection& c, const Json&) -> util::Status {
    CAIRN_RETURN_IF_ERROR(RotateTokenKey(c, id));
    return util::OkStatus();
  };
  CAIRN_RETURN_IF_ERROR(records_.AdminUpdate(kUsers, id, Json::object(), write));
  return util::OkStatus();
}

util::Status AccountService::AdminDelete(const std::string& identity) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, FindUserId(identity));
  return records_.AdminDelete(kUsers, id);
}

util::Result<std::vector<AccountService::Summary>> AccountService::AdminList() {
  return database_.Read<std::vector<Summary>>(
      [&](storage::Connection& c) -> util::Result<std::vector<Summary>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT id, username, email, created FROM users WHERE remote_actor = '' "
                    "ORDER BY rowid"));
        std::vector<Summary> out;
        for (const auto& row : rows.rows) {
          out.push_back({std::get<std::string>(row[0]), std::get<std::string>(row[1]),
                         std::get<std::string>(row[2]), std::get<std::string>(row[3])});
        }
        return out;
      });
}

}  // namespace cairn::services
