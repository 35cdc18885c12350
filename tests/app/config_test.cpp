// Command-line parsing of the free-space minimum, metrics, the log format, the mail options and
// the servers Cairn forwards to (routing, elevation).
#include "app/config.h"

#include <catch2/catch.hpp>
#include <cstdlib>

namespace cairn::app {
namespace {

TEST_CASE("the option min-free-mb sets the free-space warning for serve and doctor", "[app]") {
  auto defaults = ParseConfig({"serve"});
  REQUIRE(defaults.ok());
  CHECK(defaults->min_free_mb == 100);
  auto serve = ParseConfig({"serve", "--min-free-mb", "500"});
  REQUIRE(serve.ok());
  CHECK(serve->min_free_mb == 500);
  auto doctor = ParseConfig({"doctor", "--dir", "/tmp/x", "--min-free-mb", "0"});
  REQUIRE(doctor.ok());
  CHECK(doctor->min_free_mb == 0);
  for (const char* bad : {"-1", "lots", ""}) {
    INFO(bad);
    auto refused = ParseConfig({"serve", "--min-free-mb", bad});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.find("--min-free-mb") != std::string::npos);
  }
}

TEST_CASE("metrics are off and logs are text unless asked for", "[app]") {
  auto defaults = ParseConfig({"serve"});
  REQUIRE(defaults.ok());
  CHECK_FALSE(defaults->metrics);
  CHECK(defaults->log_format == util::LogFormat::kText);
  auto asked = ParseConfig({"serve", "--metrics", "--log-format", "json"});
  REQUIRE(asked.ok());
  CHECK(asked->metrics);
  CHECK(asked->log_format == util::LogFormat::kJson);
  CHECK(ParseConfig({"serve", "--log-format=text"})->log_format == util::LogFormat::kText);
  auto refused = ParseConfig({"serve", "--log-format", "xml"});
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("--log-format expects text or json") != std::string::npos);
  CHECK_FALSE(ParseConfig({"serve", "--metrics=yes"}).ok());
}

TEST_CASE("the mail options require TLS and name a CA file", "[app]") {
  auto defaults = ParseConfig({"serve", "--smtp-url", "smtp://localhost"});
  REQUIRE(defaults.ok());
  CHECK_FALSE(defaults->smtp_require_tls);
  CHECK(defaults->smtp_ca_file.empty());
  auto set = ParseConfig({"serve", "--smtp-url", "smtp://mail.example.org:587",
                          "--smtp-require-tls", "--smtp-ca", "/etc/cairn/mail-ca.pem"});
  REQUIRE(set.ok());
  CHECK(set->smtp_url == "smtp://mail.example.org:587");
  CHECK(set->smtp_require_tls);
  CHECK(set->smtp_ca_file == "/etc/cairn/mail-ca.pem");
  auto joined = ParseConfig({"serve", "--smtp-ca=/tmp/ca.pem"});
  REQUIRE(joined.ok());
  CHECK(joined->smtp_ca_file == "/tmp/ca.pem");
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"serve", "--smtp-ca"},
                                              {"serve", "--smtp-ca", ""},
                                              {"serve", "--smtp-require-tls=yes"}}) {
    INFO(bad.back());
    auto refused = ParseConfig(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.find("--smtp-") != std::string::npos);
  }
}

TEST_CASE("routing and elevation servers come from flags or the environment", "[app]") {
  auto defaults = ParseConfig({"serve"});
  REQUIRE(defaults.ok());
  CHECK(defaults->routing_url.empty());
  CHECK(defaults->routing_timeout_seconds == 15);
  CHECK(defaults->elevation_url.empty());
  auto set = ParseConfig({"serve", "--routing-url", "http://valhalla.lan:8002",
                          "--routing-timeout-seconds=30", "--routing-ca", "/etc/cairn/ca.pem",
                          "--elevation-url", "https://elevation.lan"});
  REQUIRE(set.ok());
  CHECK(set->routing_url == "http://valhalla.lan:8002");
  CHECK(set->routing_timeout_seconds == 30);
  CHECK(set->routing_ca_file == "/etc/cairn/ca.pem");
  CHECK(set->elevation_url == "https://elevation.lan");
  ::setenv("CAIRN_ROUTING_URL", "http://from-env:8002", 1);
  ::setenv("CAIRN_ELEVATION_URL", "http://heights-from-env", 1);
  auto from_env = ParseConfig({"serve"});
  auto flag_wins = ParseConfig({"serve", "--routing-url", "http://from-flag"});
  ::unsetenv("CAIRN_ROUTING_URL");
  ::unsetenv("CAIRN_ELEVATION_URL");
  REQUIRE(from_env.ok());
  CHECK(from_env->routing_url == "http://from-env:8002");
  CHECK(from_env->elevation_url == "http://heights-from-env");
  REQUIRE(flag_wins.ok());
  CHECK(flag_wins->routing_url == "http://from-flag");
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"serve", "--routing-timeout-seconds", "0"},
        {"serve", "--routing-timeout-seconds", "301"},
        {"serve", "--routing-timeout-seconds", "soon"},
        {"serve", "--routing-ca", ""},
        {"serve", "--routing-url"}}) {
    INFO(bad.back());
    auto refused = ParseConfig(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.find("--routing-") != std::string::npos);
  }
}

}  // namespace
}  // namespace cairn::app
