// Users: accounts and their public profiles. Sign-up, login and password changes are the account
// service's (routes group "accounts"); what a user record is, who sees what of it and what goes
// with a deleted account is declared here.
#include <regex>

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

using namespace fields;  // NOLINT: the declaration language
using records::Json;

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

util::Status ValidateUser(const Json& values, records::WriteMode mode) {
  util::Error failure = util::Error::InvalidArgument(records::FailureMessage(mode));
  if (auto it = values.find("username");
      it != values.end() && !IsValidUsername(it->get<std::string>())) {
    failure.field_errors["username"] = {
        "validation_invalid_username",
        "Must be 3 to 48 characters of letters, digits, '_', '.' or '-'."};
  }
  if (auto it = values.find("email"); it != values.end() && !IsValidEmail(it->get<std::string>())) {
    failure.field_errors["email"] = {"validation_is_email", "Must be a valid email address."};
  }
  if (!failure.field_errors.empty()) return failure;
  return util::OkStatus();
}

// Others see the email only when the user made it visible; the owner's own record also carries
// the token they presented (PocketBase's auth record).
void RedactUser(const Caller& caller, Json& record) {
  const bool own = !caller.IsAnonymous() && record.value("id", "") == caller.user_id;
  if (!own && !record.value("emailVisibility", false)) record.erase("email");
  if (own && !caller.token.empty()) record["token"] = caller.token;
}

}  // namespace

FamilyDefinition UserFamily() {
  using namespace policy;  // NOLINT
  return {
      .collection = {"_pb_users_auth_",
                     kUsers,
                     {Required(Text("username")), Private(Required(Text("email"))),
                      Bool("emailVisibility"), ServerOnly(Bool("verified")), File("avatar"),
                      Text("bio", 10000),
                      // Follows settings.privacy.account (schema.sql's triggers).
                      ServerOnly(Bool("private"))}},
      .access =
          {// A private account is found by its exact name only, never browsed.
           .list = AnyOf({FlagClear("private"), IsCaller()}),
           .view = Everyone(),
           // Sign-up; the account service applies --disable-signup.
           .create = Everyone(),
           .update = IsCaller(),
           // An API key can do much, but not delete the account that made it.
           .remove = AllOf({IsCaller(), NotWithApiKey()}),
           .update_denied = "Only the owner can change this account.",
           .delete_denied = "Only the owner, signed in, can delete this account.",
           .redact = RedactUser,
           .redact_reads = {"id", "emailVisibility"}},
      .owner_field = "id",
      .sign_in_to_create = false,
      .immutable_fields = {"email"},
      .uniqueness = {{.fields = {"username"}, .ignore_case = true},
                     {.fields = {"email"}, .ignore_case = true}},
      .validate = ValidateUser,
      .files = {{"avatar", UploadKind::kImage, SizeLimit::kAvatar}},
      .owned_rows = {{"password_resets", "user"}},
      .routes = {.path = "/api/v1/user",
                 .operations = 0,  // the account routes answer GET/POST/DELETE /user/{id}
                 .file_uploads = true,
                 .extra = {"accounts"}},
  };
}

}  // namespace cairn::services
