// Sign-up, login, tokens and the owner's profile operations over HTTP.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

Json SignUpBody(const std::string& username, const std::string& email,
                const std::string& password = "correct-horse") {
  return {{"username", username},
          {"email", email},
          {"password", password},
          {"passwordConfirm", password}};
}

TEST_CASE("sign-up returns the user without email and rejects every bad field", "[api][user]") {
  TestServer server;
  Reply ok = server.Put("/api/v1/user", SignUpBody("Alice", "alice@example.com"));
  REQUIRE(ok.status == 200);
  CHECK(ok.body["username"] == "Alice");
  CHECK(ok.body["collectionName"] == "users");
  CHECK_FALSE(ok.body.contains("email"));
  CHECK_FALSE(ok.body.contains("password"));
  CHECK_FALSE(ok.body.contains("password_hash"));
  CHECK_FALSE(ok.body.contains("token_key"));
  CHECK(ok.raw.find("argon2") == std::string::npos);

  Reply bad = server.Put("/api/v1/user", {{"username", "a!"},
                                          {"email", "not-an-email"},
                                          {"password", "short"},
                                          {"passwordConfirm", "other"}});
  REQUIRE(bad.status == 400);
  const Json& data = bad.body["detail"]["data"];
  CHECK(data.contains("username"));
  CHECK(data["email"]["code"] == "validation_is_email");
  CHECK(data["password"]["code"] == "validation_min_text_constraint");
  CHECK(data["passwordConfirm"]["code"] == "validation_values_mismatch");

  Reply duplicate = server.Put("/api/v1/user", SignUpBody("alice", "ALICE@example.com"));
  REQUIRE(duplicate.status == 400);
  CHECK(duplicate.body["detail"]["data"]["username"]["code"] == "validation_not_unique");
  CHECK(duplicate.body["detail"]["data"]["email"]["code"] == "validation_not_unique");

  Reply missing = server.Put("/api/v1/user", Json::object());
  REQUIRE(missing.status == 400);
  for (const char* field : {"username", "email", "password", "passwordConfirm"}) {
    CHECK(missing.body["detail"]["data"][field]["code"] == "validation_required");
  }

  // A value of the wrong JSON type is a Form B invalid_type, as for every other body (spec 7).
  Json wrong_types = SignUpBody("carol", "carol@example.com");
  wrong_types["username"] = 5;
  wrong_types["password"] = Json::array();
  Reply typed = server.Put("/api/v1/user", wrong_types);
  REQUIRE(typed.status == 400);
  CHECK(typed.body["message"] == "invalid_params");
  REQUIRE(typed.body["details"].size() == 2);
  CHECK(typed.body["details"][0]["path"] == Json::array({"username"}));
  CHECK(typed.body["details"][0]["expected"] == "string");
  CHECK(typed.body["details"][0]["received"] == "number");
  CHECK(typed.body["details"][1]["path"] == Json::array({"password"}));
  CHECK(typed.body["details"][1]["received"] == "array");
}

TEST_CASE("login by username or email returns a token that record.token repeats", "[api][user]") {
  TestServer server;
  REQUIRE(server.Put("/api/v1/user", SignUpBody("alice", "alice@example.com")).status == 200);
  Reply by_name =
      server.Post("/api/v1/auth/login", {{"username", "ALICE"}, {"password", "correct-horse"}});
  REQUIRE(by_name.status == 200);
  CHECK(by_name.body["token"] == by_name.body["record"]["token"]);
  CHECK(by_name.body["record"]["email"] == "alice@example.com");
  Reply by_email = server.Post("/api/v1/auth/login",
                               {{"username", "alice@example.com"}, {"password", "correct-horse"}});
  CHECK(by_email.status == 200);

  Reply wrong =
      server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "nope-nope"}});
  CHECK(wrong.status == 400);
  CHECK(wrong.body["message"] == "Failed to authenticate.");
  Reply unknown =
      server.Post("/api/v1/auth/login", {{"username", "nobody"}, {"password", "correct-horse"}});
  CHECK(unknown.status == 400);
  CHECK(unknown.body["message"] == "Failed to authenticate.");
  CHECK(unknown.raw == wrong.raw);
}

TEST_CASE("auth/me names the signed-in caller, takes fields and is 401 without a session",
          "[api][user]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply me = server.Get("/api/v1/auth/me", token);
  REQUIRE(me.status == 200);
  CHECK(me.body["id"] == alice);
  CHECK(me.body["username"] == "alice");
  CHECK(me.body["email"] == "alice@example.com");
  Reply narrow = server.Get("/api/v1/auth/me?fields=id,username", token);
  CHECK(narrow.body == Json{{"id", alice}, {"username", "alice"}});
  Reply profile = server.Get("/api/v1/user/" + alice + "?fields=username");
  CHECK(profile.body == Json{{"username", "alice"}});
  CHECK(server.Get("/api/v1/auth/me").status == 401);
  CHECK(server.Get("/api/v1/auth/me", "garbage").status == 401);
}

TEST_CASE("search/actor finds users by username prefix for signed-in callers only", "[api][user]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [albert, albert_token] = server.CreateUser("albert");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [al_hidden, hidden_token] = server.CreateUser("al_hidden");
  (void)albert_token;
  (void)bob_token;
  (void)hidden_token;
  Reply found = server.Get("/api/v1/search/actor?q=AL", token);
  REQUIRE(found.status == 200);
  std::vector<std::string> names;
  for (const Json& user : found.body) {
    names.push_back(user["username"]);
    CHECK_FALSE(user.contains("password_hash"));
    if (user["id"] != alice) CHECK_FALSE(user.contains("email"));
  }
  CHECK(names == std::vector<std::string>{"al_hidden", "albert", "alice"});
  // LIKE wildcards are literal: "al_" is not "al" plus any character.
  Reply literal = server.Get("/api/v1/search/actor?q=al_", token);
  REQUIRE(literal.body.size() == 1);
  CHECK(literal.body[0]["id"] == al_hidden);
  CHECK(server.Get("/api/v1/search/actor?q=%25", token).body.empty());
  CHECK(server.Get("/api/v1/search/actor?q=al", "").status == 401);
  CHECK(server.Get("/api/v1/search/actor?q=", token).status == 400);
}

TEST_CASE("bad tokens are 401 and tokens stop working after a password change or deletion",
          "[api][user]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  CHECK(server.Get("/api/v1/trail", token).status == 200);
  CHECK(server.Get("/api/v1/trail", "garbage").status == 401);
  std::string tampered = token;
  tampered[tampered.size() / 2] = tampered[tampered.size() / 2] == 'A' ? 'B' : 'A';
  CHECK(server.Get("/api/v1/trail", tampered).status == 401);
  CHECK(server.Get("/api/v1/trail", token + "x").status == 401);

  Reply wrong_old = server.Post("/api/v1/user/" + alice,
                                {{"password", "new-password-1"},
                                 {"passwordConfirm", "new-password-1"},
                                 {"oldPassword", "wrong-password"}},
                                token);
  CHECK(wrong_old.status == 400);
  CHECK(wrong_old.body["detail"]["data"]["oldPassword"]["code"] ==
        "validation_invalid_old_password");
  CHECK(server.Get("/api/v1/trail", token).status == 200);

  Reply changed = server.Post("/api/v1/user/" + alice,
                              {{"password", "new-password-1"},
                               {"passwordConfirm", "new-password-1"},
                               {"oldPassword", "correct-horse"}},
                              token);
  REQUIRE(changed.status == 200);
  const std::string fresh = changed.body["token"];
  CHECK(fresh != token);
  CHECK(server.Get("/api/v1/trail", token).status == 401);
  CHECK(server.Get("/api/v1/trail", fresh).status == 200);
  CHECK(server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "new-password-1"}})
            .status == 200);

  CHECK(server.Delete("/api/v1/user/" + alice, fresh).status == 200);
  CHECK(server.Get("/api/v1/trail", fresh).status == 401);
  CHECK(server.Get("/api/v1/user/" + alice).status == 404);
}

TEST_CASE("profiles show email only when visible and only the owner changes or deletes",
          "[api][user]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply own = server.Get("/api/v1/user/" + alice, alice_token);
  REQUIRE(own.status == 200);
  CHECK(own.body["email"] == "alice@example.com");
  CHECK(own.body["token"] == alice_token);
  Reply other = server.Get("/api/v1/user/" + alice, bob_token);
  REQUIRE(other.status == 200);
  CHECK_FALSE(other.body.contains("email"));
  CHECK_FALSE(other.body.contains("token"));
  CHECK(server.Get("/api/v1/user/" + alice).status == 200);

  CHECK(server.Post("/api/v1/user/" + alice, {{"bio", "hi"}}, bob_token).status == 403);
  CHECK(server.Post("/api/v1/user/" + alice, {{"bio", "hi"}}).status == 401);
  CHECK(server.Delete("/api/v1/user/" + alice, bob_token).status == 403);

  Reply updated = server.Post("/api/v1/user/" + alice,
                              {{"bio", "Hiker"}, {"emailVisibility", true}, {"username", "alice2"}},
                              alice_token);
  REQUIRE(updated.status == 200);
  CHECK(updated.body["bio"] == "Hiker");
  CHECK(updated.body["username"] == "alice2");
  CHECK(server.Get("/api/v1/user/" + alice, bob_token).body["email"] == "alice@example.com");
  Reply taken = server.Post("/api/v1/user/" + alice, {{"username", "BOB"}}, alice_token);
  CHECK(taken.status == 400);
  CHECK(taken.body["detail"]["data"]["username"]["code"] == "validation_not_unique");
}

TEST_CASE("deleting an account removes what it authored and nothing of others", "[api][user]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string alice_trail =
      server.Put("/api/v1/trail", {{"name", "A"}, {"public", true}, {"author", alice}}, alice_token)
          .body["id"];
  const std::string bob_trail =
      server.Put("/api/v1/trail", {{"name", "B"}, {"public", true}, {"author", bob}}, bob_token)
          .body["id"];
  const std::string bob_list = server
                                   .Put("/api/v1/list",
                                        {{"name", "Mixed"},
                                         {"author", bob},
                                         {"trails", Json::array({alice_trail, bob_trail})}},
                                        bob_token)
                                   .body["id"];
  REQUIRE(server
              .Put("/api/v1/comment", {{"author", alice}, {"trail", bob_trail}, {"text", "hey"}},
                   alice_token)
              .status == 200);
  REQUIRE(server.Delete("/api/v1/user/" + alice, alice_token).status == 200);
  CHECK(server.Get("/api/v1/trail/" + alice_trail, bob_token).status == 404);
  CHECK(server.Get("/api/v1/trail/" + bob_trail, bob_token).status == 200);
  CHECK(server.Get("/api/v1/comment", bob_token).body == Json::array());
  CHECK(server.Get("/api/v1/list/" + bob_list, bob_token).body["trails"] ==
        Json::array({bob_trail}));
  // The name is free again.
  CHECK(server.Put("/api/v1/user", SignUpBody("alice", "alice@example.com")).status == 200);
}

}  // namespace
}  // namespace cairn::api_test
