// Policy pieces as SQL: constants fold away, anonymous callers get the narrowest condition, a
// rule follows a relation into the related family's own rules, and the production families'
// rules are the access model docs/SECURITY.md describes.
#include "services/core/policy_pieces.h"

#include <catch2/catch.hpp>

#include "services/core/access_policy.h"
#include "services/families/families.h"

namespace cairn::services {
namespace {

using namespace policy;  // NOLINT

class FixedClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return 0; }
};

struct Production {
  FixedClock clock;
  FamilyRegistry families;
  Production() { BuildFamilies(families, clock); }
  const records::CollectionSpec& Spec(const char* name) { return *families.Find(name)->spec; }
};

const Caller kAnonymous{};
const Caller kAnn{"ann000000000000", "", "", AuthMethod::kBearerToken};

TEST_CASE("constant parts fold away and an unset rule refuses", "[services][policy]") {
  Production p;
  RuleInput in{kAnn, p.families, p.Spec("trails"), "t"};
  CHECK(Evaluate(AllOf({Everyone(), Everyone()}), in).sql == "1");
  CHECK(Evaluate(AllOf({Everyone(), Nobody()}), in).sql == "0");
  CHECK(Evaluate(AnyOf({Nobody(), Nobody()}), in).sql == "0");
  CHECK(Evaluate(AnyOf({Nobody(), Everyone(), OwnRow("author")}), in).sql == "1");
  CHECK(Evaluate(AnyOf({Nobody(), OwnRow("author")}), in).sql == "t.author = ?");
  CHECK(Evaluate(AllOf({Everyone(), Rule()}), in).sql == "0");
  CHECK(Evaluate(AnyOf({Rule(), FlagSet("public")}), in).sql == "t.public = 1");
  CHECK(Evaluate(Rule(), in).sql == "0");
  auto both = Evaluate(AllOf({OwnRow("author"), FlagClear("public")}), in);
  CHECK(both.sql == "(t.author = ? AND t.public = 0)");
  REQUIRE(both.params.size() == 1);
  CHECK(std::get<std::string>(both.params[0]) == kAnn.user_id);
}

TEST_CASE("anonymous callers get the narrowest condition", "[services][policy]") {
  Production p;
  AccessPolicy anonymous(p.families, kAnonymous);
  // Just the public flag: the planner can use the (public) index for pages of public trails.
  CHECK(anonymous.ViewCondition(p.Spec("trails"), "t").sql == "t.public = 1");
  CHECK(anonymous.UpdateCondition(p.Spec("trails"), "t").sql == "0");
  CHECK(anonymous.ViewCondition(p.Spec("api_tokens"), "t").sql == "0");
  CHECK(anonymous.ViewCondition(p.Spec("settings"), "t").sql == "0");
  CHECK(anonymous.ViewCondition(p.Spec("users"), "t").sql == "1");
  CHECK(anonymous.ViewCondition(p.Spec("categories"), "t").sql == "1");
  CHECK(anonymous.CreateCondition(p.Spec("trails"), {{"author", ""}}).sql == "0");
  // A link token opens the one trail it belongs to, even anonymously.
  Caller with_link;
  with_link.share_token = "token";
  const auto linked = AccessPolicy(p.families, with_link).ViewCondition(p.Spec("trails"), "t");
  CHECK(linked.sql.find("trail_link_share") != std::string::npos);
}

TEST_CASE("a rule follows a relation into the related family's rules", "[services][policy]") {
  Production p;
  AccessPolicy ann(p.families, kAnn);
  // A waypoint is visible when its trail is, judged by the trails family's own view rule.
  const auto waypoint = ann.ViewCondition(p.Spec("waypoints"), "w");
  CHECK(waypoint.sql.find("EXISTS (SELECT 1 FROM trails w_trail WHERE w_trail.id = w.trail AND") !=
        std::string::npos);
  CHECK(waypoint.sql.find("w_trail.public = 1") != std::string::npos);
  // A comment ignores link tokens; a waypoint honours them.
  Caller linked = kAnn;
  linked.share_token = "token";
  AccessPolicy with_link(p.families, linked);
  CHECK(with_link.ViewCondition(p.Spec("waypoints"), "w").sql.find("trail_link_share") !=
        std::string::npos);
  CHECK(with_link.ViewCondition(p.Spec("comments"), "c").sql.find("trail_link_share") ==
        std::string::npos);
  // Creating a waypoint needs a trail the caller may edit; without a trail only the author check.
  const auto on_trail = ann.CreateCondition(
      p.Spec("waypoints"), {{"author", kAnn.user_id}, {"trail", "trail0000000001"}});
  CHECK(on_trail.sql.find("new_trail.id = ?") != std::string::npos);
  CHECK(on_trail.sql.find("permission = 'edit'") != std::string::npos);
  CHECK(ann.CreateCondition(p.Spec("waypoints"), {{"author", kAnn.user_id}}).sql == "1");
  CHECK(ann.CreateCondition(p.Spec("waypoints"), {{"author", "someone0000else"}}).sql == "0");
  // A comment needs a trail.
  CHECK(ann.CreateCondition(p.Spec("comments"), {{"author", kAnn.user_id}}).sql == "0");
}

TEST_CASE("an API key cannot mint keys or delete its account", "[services][policy]") {
  Production p;
  Caller key = kAnn;
  key.method = AuthMethod::kApiKey;
  CHECK(AccessPolicy(p.families, key)
            .CreateCondition(p.Spec("api_tokens"), {{"user", kAnn.user_id}})
            .sql == "0");
  CHECK(AccessPolicy(p.families, kAnn)
            .CreateCondition(p.Spec("api_tokens"), {{"user", kAnn.user_id}})
            .sql == "1");
  CHECK(AccessPolicy(p.families, key).DeleteCondition(p.Spec("users"), "u").sql == "0");
  CHECK(AccessPolicy(p.families, kAnn).DeleteCondition(p.Spec("users"), "u").sql == "u.id = ?");
}

TEST_CASE("a collection without a family is invisible and unchangeable", "[services][policy]") {
  Production p;
  records::CollectionSpec stray{"stray0000000001", "password_resets", {}};
  AccessPolicy ann(p.families, kAnn);
  CHECK(ann.ViewCondition(stray, "t").sql == "0");
  CHECK(ann.ListCondition(stray, "t").sql == "0");
  CHECK(ann.UpdateCondition(stray, "t").sql == "0");
  CHECK(ann.DeleteCondition(stray, "t").sql == "0");
  CHECK(ann.CreateCondition(stray, records::Json::object()).sql == "0");
}

}  // namespace
}  // namespace cairn::services
