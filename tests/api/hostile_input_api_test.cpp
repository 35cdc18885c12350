// Requests crafted to break the server: each must get a 4xx in the spec's error forms, never a
// 500, and must leave the data as it was. Rows are named after what once broke.
#include <sodium.h>

#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::string Base64Url(const std::string& text) {
  std::string out(sodium_base64_ENCODED_LEN(text.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING),
                  '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(text.data()),
                    text.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(out.size() - 1);
  return out;
}

// An unsigned token with the given header and payload JSON.
std::string ForgedToken(const std::string& header, const std::string& payload) {
  return Base64Url(header) + "." + Base64Url(payload) + "." + Base64Url("not-a-signature");
}

// Form A: {message, status, data, detail: {code, message, data}} with code equal to the status.
void CheckFormA(const Reply& reply) {
  INFO(reply.raw);
  REQUIRE(reply.body.is_object());
  CHECK(reply.body["message"].is_string());
  CHECK(reply.body["detail"]["code"] == reply.status);
  CHECK(reply.body["detail"]["data"].is_object());
}

TEST_CASE("forged tokens with claims of the wrong JSON type are 401, not 500", "[api][hostile]") {
  TestServer server;
  const std::vector<std::pair<std::string, std::string>> forged = {
      {R"({"alg":"HS256"})", R"({"id":"x","exp":1,"collectionId":5})"},
      {R"({"alg":5})", R"({"id":"x","exp":1})"},
      {R"({"alg":"HS256"})", R"({"id":"x","exp":1,"type":["auth"]})"},
      {R"({"alg":"HS256"})", R"({"id":7,"exp":"soon"})"},
      {R"([])", R"({})"},
      {R"({"alg":"none"})", R"({"id":"x","exp":99999999999})"},
  };
  for (const auto& [header, payload] : forged) {
    INFO(header << " " << payload);
    Reply r = server.Get("/api/v1/trail", ForgedToken(header, payload));
    CHECK(r.status == 401);
    CheckFormA(r);
  }
  CHECK(server.ReadLog().find("threw") == std::string::npos);
}

TEST_CASE("filters with numbers no double can hold are 400, not 500", "[api][hostile]") {
  TestServer server;
  for (const std::string& filter :
       {"distance > 1" + std::string(400, '9'), "distance < -" + std::string(400, '9') + ".5"}) {
    Reply r = server.Get("/api/v1/trail?filter=" + Url(filter));
    CHECK(r.status == 400);
    CheckFormA(r);
    CHECK(r.body["message"].get<std::string>().find("out of range") != std::string::npos);
  }
  // Large but representable numbers are fine.
  CHECK(server.Get("/api/v1/trail?filter=" + Url("distance < 1" + std::string(30, '0'))).status ==
        200);
}

TEST_CASE("integers beyond 2^53 are refused instead of wrapping around", "[api][hostile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply r = server.Send(
      "PUT", "/api/v1/trail", token,
      R"({"name":"x","public":true,"author":")" + alice + R"(","thumbnail":18446744073709551615})");
  CHECK(r.status == 400);
  CheckFormA(r);
  CHECK(r.body["detail"]["data"]["thumbnail"]["code"] == "validation_max_number_constraint");
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 0);

  Reply ok =
      server.Put("/api/v1/trail",
                 {{"name", "x"}, {"public", true}, {"author", alice}, {"thumbnail", 3}}, token);
  REQUIRE(ok.status == 200);
  CHECK(ok.body["thumbnail"] == 3);
}

TEST_CASE("a relation array with non-string items names what is wrong", "[api][hostile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply r = server.Put("/api/v1/list",
                       {{"name", "x"}, {"author", alice}, {"trails", Json::array({1, 2})}}, token);
  CHECK(r.status == 400);
  REQUIRE(r.body["details"].size() == 1);
  CHECK(r.body["details"][0]["expected"] == "array of strings");
  CHECK(r.body["details"][0]["received"] == "array with a non-string item");
}

}  // namespace
}  // namespace cairn::api_test
