// The record engine on a real SQLite file: filters (including hostile ones), sorts and expands,
// using the production collection declarations (visibility: engine_visibility_test.cpp).
#include <algorithm>
#include <catch2/catch.hpp>

#include "records/engine_fixture.h"
#include "records/filter.h"

namespace cairn::records::engine_test {
namespace {

TEST_CASE("filters select the right rows", "[engine][filter]") {
  Fixture f;
  const Caller owner{f.alice, ""};
  struct Case {
    std::string filter;
    std::vector<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"", {f.open_trail, f.secret_trail}},
      {"distance > 2000", {f.secret_trail}},
      {"distance >= 1200 && distance <= 1200", {f.open_trail}},
      {"difficulty = 'hard' || distance < 1000", {f.secret_trail}},
      {"(difficulty = 'easy' || difficulty = 'hard') && public = true", {f.open_trail}},
      {"public = false", {f.secret_trail}},
      {"name ~ 'ridge'", {f.open_trail}},
      {"name ~ 'RIDGE'", {f.open_trail}},  // LIKE is case-insensitive for ASCII
      {"name !~ 'ridge'", {f.secret_trail}},
      {"name ~ 'Open%done'", {f.open_trail}},      // a % makes it a raw, anchored pattern
      {"name ~ '100%_done'", {}},                  // ...so it is not wrapped in %...%
      {"name ~ '100\\%\\_done'", {f.open_trail}},  // escaped wildcards are literal, wrapped
      {"name ~ '0\\\\%'", {}},                     // escaped % stays literal
      {"name = \"Open \\\"ridge\\\" 100%_done\"", {f.open_trail}},
      {"category = null", {f.open_trail, f.secret_trail}},
      {"category = ''", {f.open_trail, f.secret_trail}},
      {"category != null", {}},
      {"author.username = 'alice'", {f.open_trail, f.secret_trail}},
      {"comments_via_trail.text ?~ 'view'", {f.open_trail}},
      {"comments_via_trail.rating ?>= 4", {f.open_trail}},
      {"name = \"x' OR '1'='1\"", {}},
      {"name = 'x\\'; DROP TABLE trails; --'", {}},
      {"-5 < distance", {f.open_trail, f.secret_trail}},
  };
  for (const auto& c : cases) {
    INFO(c.filter);
    auto ids = f.Ids("trails", c.filter, owner);
    REQUIRE(ids.ok());
    CHECK(*ids == c.expected);
  }
  // The table survived every attempt above.
  CHECK(f.Ids("trails", "", owner)->size() == 2);
}

TEST_CASE("malformed and hostile filters are rejected with a message", "[engine][filter]") {
  Fixture f;
  const Caller owner{f.alice, ""};
  const std::vector<std::string> bad = {
      "name = \"x\" || 1=1 --",
      "name = ",
      "= 'x'",
      "(name = 'x'",
      "name = 'x')",
      "name = 'x' &&",
      "name == 'x'",
      "name = 'unterminated",
      "nam = 'x'",
      "author.email = 'a@x.org'",  // private field
      "author.password_hash = 'x'",
      "distance.foo = 1",
      "@request.auth.id = ''",
      "name:lower = 'x'",
      "name = 'x'; DROP TABLE trails",
      "name\" = 'x'",
      "trails_via_nothing.x = 1",
      std::string(4000, '('),
      "waypoints = summit_logs",  // two multi-valued fields
  };
  for (const auto& filter : bad) {
    INFO(filter.substr(0, 60));
    auto ids = f.Ids("trails", filter, owner);
    REQUIRE_FALSE(ids.ok());
    CHECK(ids.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_FALSE(ids.error().message.empty());
  }
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "(";
  deep += "name = 'x'";
  for (int i = 0; i < 100; ++i) deep += ")";
  CHECK_FALSE(f.Ids("trails", deep, owner).ok());
  std::string many = "distance > 0";
  for (int i = 0; i < 250; ++i) many += " || distance > 0";
  CHECK_FALSE(f.Ids("trails", many, owner).ok());
  CHECK(f.Ids("trails", "", owner)->size() == 2);
}

// `distance > 0 && (distance > 0 || (distance > 0 && (...)))`, `levels` parentheses deep.
std::string AlternatingFilter(int levels) {
  std::string filter;
  for (int i = 0; i < levels; ++i) filter += i % 2 == 0 ? "distance > 0 && (" : "distance > 0 || (";
  return filter + "distance > 0" + std::string(static_cast<size_t>(levels), ')');
}

TEST_CASE("the deepest filter allowed runs in every list plan, one level more is refused",
          "[engine][filter]") {
  Fixture f;
  const Caller owner{f.alice, ""}, stranger{f.bob, ""}, anonymous{};
  for (const Caller& caller : {owner, stranger, anonymous}) {
    for (const bool skip_total : {false, true}) {
      AccessPolicy policy(f.families, caller);
      ListQuery query;
      query.filter = AlternatingFilter(20);
      query.sort = "-created";
      query.skip_total = skip_total;
      auto page = f.db->Read<ListPage>([&](storage::Connection& c) {
        return f.engine.List(c, *f.registry.Find("trails"), query, policy);
      });
      INFO((page.ok() ? "" : page.error().message));
      CHECK(page.ok());
    }
  }
  auto deeper = f.Ids("trails", AlternatingFilter(21), owner);
  REQUIRE_FALSE(deeper.ok());
  CHECK(deeper.error().kind == util::ErrorKind::kInvalidArgument);
}

TEST_CASE("multi-valued fields: ?= matches any item, = matches all", "[engine][filter]") {
  Fixture f;
  const Caller owner{f.alice, ""};
  CHECK(*f.Ids("lists", "trails ?= '" + f.open_trail + "'", owner) == std::vector{f.list});
  CHECK(f.Ids("lists", "trails = '" + f.open_trail + "'", owner)->empty());
  CHECK(*f.Ids("lists", "trails.public ?= false", owner) == std::vector{f.list});
  CHECK(f.Ids("lists", "trails.distance > 1000", owner)->size() == 1);
  CHECK(f.Ids("lists", "trails.distance > 2000", owner)->empty());
}

TEST_CASE("filters cannot see through relations into records the caller may not see",
          "[engine][filter]") {
  Fixture f;
  const Caller stranger{f.bob, ""};
  const Caller anonymous{};
  // The public list holds alice's secret trail; its name must not be probeable.
  CHECK(f.Ids("lists", "trails.name ?= 'Secret'", stranger)->empty());
  CHECK(f.Ids("lists", "trails.name ?= 'Secret'", anonymous)->empty());
  CHECK(f.Ids("lists", "trails.name ?= 'Secret'", Caller{f.alice, ""})->size() == 1);
  // Comments on the secret trail are invisible, also through the trail's back-relation.
  CHECK(f.Ids("trails", "comments_via_trail.text ?~ 'gem'", stranger)->empty());
  CHECK(f.Ids("comments", "text ~ 'gem'", stranger)->empty());
  CHECK(f.Ids("comments", "trail.name = 'Secret'", Caller{f.alice, ""})->size() == 1);
}

TEST_CASE("sorts order by fields and relation paths and reject bad input", "[engine][sort]") {
  Fixture f;
  const Caller owner{f.alice, ""};
  CHECK(*f.Ids("trails", "", owner, "-distance") == std::vector{f.secret_trail, f.open_trail});
  CHECK(*f.Ids("trails", "", owner, "+distance") == std::vector{f.open_trail, f.secret_trail});
  CHECK(*f.Ids("trails", "", owner, "difficulty,-name") ==
        std::vector{f.open_trail, f.secret_trail});
  CHECK(f.Ids("trails", "", owner, "author.username, -created")->size() == 2);
  CHECK(f.Ids("trails", "", owner, "@random")->size() == 2);
  for (const std::string bad : {"nope", "-", "distance,,name", "waypoints", "author.email",
                                "name; DROP TABLE trails", "a,b,c,d,e,f,g,h,i"}) {
    INFO(bad);
    CHECK_FALSE(f.Ids("trails", "", owner, bad).ok());
  }
}

TEST_CASE("expand loads visible relations, back-relations and nested paths", "[engine][expand]") {
  Fixture f;
  const auto& lists = *f.registry.Find("lists");
  const ExpandTree tree = ParseExpand("trails.comments_via_trail.author,author", lists, f.registry);
  for (const Caller& caller : {Caller{f.alice, ""}, Caller{f.bob, ""}}) {
    AccessPolicy policy(f.families, caller);
    auto record = f.db->Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
      CAIRN_ASSIGN_OR_RETURN(Json r, f.engine.FindById(c, lists, f.list, policy));
      CAIRN_RETURN_IF_ERROR(f.engine.Expand(c, lists, {&r}, tree, policy));
      return r;
    });
    REQUIRE(record.ok());
    const Json& trails = (*record)["expand"]["trails"];
    CHECK((*record)["expand"]["author"]["username"] == "alice");
    CHECK_FALSE((*record)["expand"]["author"].contains("email"));  // projection: public profile
    if (caller.user_id == f.alice) {
      REQUIRE(trails.size() == 2);
      CHECK(trails[0]["id"] == f.secret_trail);  // stored order kept
      CHECK(trails[0]["expand"]["comments_via_trail"][0]["text"] == "hidden gem");
    } else {
      REQUIRE(trails.size() == 1);
      CHECK(trails[0]["id"] == f.open_trail);
      CHECK(trails[0]["expand"]["comments_via_trail"][0]["expand"]["author"]["username"] == "bob");
    }
  }
}

// The paths an expand tree holds, as "a.b" strings, for comparing with expectations.
std::vector<std::string> Paths(const ExpandTree& tree, const std::string& prefix = "") {
  std::vector<std::string> out;
  for (const auto& [name, child] : tree.children) {
    out.push_back(prefix + name);
    for (auto& p : Paths(child, prefix + name + ".")) out.push_back(p);
  }
  return out;
}

TEST_CASE("expand drops what is not a relation, as PocketBase does", "[engine][expand]") {
  Fixture f;
  const auto& lists = *f.registry.Find("lists");
  struct Case {
    std::string expand;
    std::vector<std::string> kept;
  };
  const std::vector<Case> cases = {
      {"nope", {}},
      {"name", {}},                  // a field, not a relation
      {"trails..author", {}},        // empty segment
      {"author.email", {"author"}},  // private fields are not relations either
      {" author , trails ", {"author", "trails"}},
      {"trails.author.x.y", {"trails", "trails.author"}},
      {"trails.comments_via_trail.trail.comments_via_trail.trail.author.x",
       {"trails", "trails.comments_via_trail", "trails.comments_via_trail.trail",
        "trails.comments_via_trail.trail.comments_via_trail",
        "trails.comments_via_trail.trail.comments_via_trail.trail",
        "trails.comments_via_trail.trail.comments_via_trail.trail.author"}},  // 6 levels, no more
      {"trails.comments_via_trail.trail.comments_via_trail.trail.comments_via_trail.author",
       {"trails", "trails.comments_via_trail", "trails.comments_via_trail.trail",
        "trails.comments_via_trail.trail.comments_via_trail",
        "trails.comments_via_trail.trail.comments_via_trail.trail",
        "trails.comments_via_trail.trail.comments_via_trail.trail.comments_via_trail"}},
  };
  for (const auto& c : cases) {
    INFO(c.expand);
    const ExpandTree tree = ParseExpand(c.expand, lists, f.registry);
    CHECK(Paths(tree) == c.kept);
    CHECK(tree.requested);
  }
  CHECK_FALSE(ParseExpand(" , ", lists, f.registry).requested);

  // Asked for but nothing usable: an empty `expand` object, as PocketBase answers.
  AccessPolicy policy(f.families, Caller{f.alice, ""});
  auto record = f.db->Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json r, f.engine.FindById(c, lists, f.list, policy));
    CAIRN_RETURN_IF_ERROR(
        f.engine.Expand(c, lists, {&r}, ParseExpand("nope", lists, f.registry), policy));
    return r;
  });
  REQUIRE(record.ok());
  CHECK((*record)["expand"] == Json::object());
}

TEST_CASE("back-relation expands stop at 1000 records per parent", "[engine][expand]") {
  Fixture f;
  const auto& comments = *f.registry.Find("comments");
  auto added = f.db->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    for (int i = 0; i < kMaxBackRelationExpand + 5; ++i) {
      f.Insert(c, comments, {{"author", f.bob}, {"trail", f.open_trail}, {"text", "n"}});
    }
    return true;
  });
  REQUIRE(added.ok());
  const auto& trails = *f.registry.Find("trails");
  AccessPolicy policy(f.families, Caller{f.alice, ""});
  ListQuery query;
  query.expand = ParseExpand("comments_via_trail", trails, f.registry);
  auto page = f.db->Read<ListPage>(
      [&](storage::Connection& c) { return f.engine.List(c, trails, query, policy); });
  REQUIRE(page.ok());
  REQUIRE(page->items.size() == 2);
  // The open trail's first comment is bob's "great view"; the cap keeps the oldest ones.
  const Json& open = page->items[0]["expand"]["comments_via_trail"];
  CHECK(open.size() == static_cast<size_t>(kMaxBackRelationExpand));
  CHECK(open[0]["text"] == "great view");
  // The other parent still gets its own comment: the cap is per parent, not per query.
  CHECK(page->items[1]["expand"]["comments_via_trail"].size() == 1);
}

// The ids of every page of trails `caller` sees in `sort`, pages of `per_page`, concatenated.
std::vector<std::string> PagedIds(Fixture& f, const Caller& caller, const std::string& sort,
                                  const std::string& filter, int per_page, bool skip_total) {
  AccessPolicy policy(f.families, caller);
  std::vector<std::string> ids;
  for (int page_number = 1; page_number <= 1000; ++page_number) {
    ListQuery query;
    query.sort = sort;
    query.filter = filter;
    query.per_page = per_page;
    query.page = page_number;
    query.skip_total = skip_total;
    auto page = f.db->Read<ListPage>([&](storage::Connection& c) {
      return f.engine.List(c, *f.registry.Find("trails"), query, policy);
    });
    REQUIRE(page.ok());
    if (page->items.empty()) break;
    for (const auto& item : page->items) ids.push_back(item["id"]);
  }
  return ids;
}

TEST_CASE("pages come in the same order whether most rows match or few do", "[engine][sort]") {
  // 120 more trails of alice's, 6 of them public, with many equal values: bob sees 7 (few, so
  // they are looked up and sorted), alice all 122 (most, so the order's index is walked until
  // the page is full). Both must give the same order: the sort keys, then insertion order in
  // the direction of the last key.
  Fixture f;
  struct Row {
    std::string id;
    double distance;
    std::string name;
    bool open;
    int64_t order;  // insertion order, as the rowid
  };
  std::vector<Row> rows = {{f.open_trail, 1200, "Open \"ridge\" 100%_done", true, 0},
                           {f.secret_trail, 5000, "Secret", false, 1}};
  auto made = f.db->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    for (int i = 0; i < 120; ++i) {
      Row row{"", static_cast<double>((i * 7) % 10 * 1000), "Walk " + std::to_string(i % 13),
              i % 20 == 0, i + 2};
      row.id = f.Insert(c, *f.registry.Find("trails"),
                        {{"author", f.alice},
                         {"name", row.name},
                         {"public", row.open},
                         {"distance", row.distance}})["id"];
      rows.push_back(row);
    }
    return true;
  });
  REQUIRE(made.ok());
  auto expected = [&](bool only_open, bool by_distance_descending, bool by_name) {
    std::vector<Row> seen;
    for (const Row& row : rows) {
      if (!only_open || row.open) seen.push_back(row);
    }
    std::sort(seen.begin(), seen.end(), [&](const Row& a, const Row& b) {
      if (by_name) {
        if (a.name != b.name) return a.name < b.name;
        return a.order < b.order;
      }
      if (a.distance != b.distance) {
        return by_distance_descending ? a.distance > b.distance : a.distance < b.distance;
      }
      return by_distance_descending ? a.order > b.order : a.order < b.order;
    });
    std::vector<std::string> ids;
    for (const Row& row : seen) ids.push_back(row.id);
    return ids;
  };
  const Caller alice{f.alice, ""}, bob{f.bob, ""};
  for (const bool skip_total : {false, true}) {
    for (const int per_page : {1, 7, 30}) {
      INFO("per page " << per_page << (skip_total ? ", no total" : ""));
      CHECK(PagedIds(f, alice, "-distance", "", per_page, skip_total) ==
            expected(false, true, false));
      CHECK(PagedIds(f, alice, "distance", "", per_page, skip_total) ==
            expected(false, false, false));
      CHECK(PagedIds(f, alice, "name", "", per_page, skip_total) == expected(false, false, true));
      CHECK(PagedIds(f, bob, "-distance", "", per_page, skip_total) == expected(true, true, false));
      CHECK(PagedIds(f, bob, "name", "", per_page, skip_total) == expected(true, false, true));
    }
  }
  // A filter narrows both the same way.
  std::vector<std::string> far;
  for (const std::string& id : expected(false, true, false)) {
    for (const Row& row : rows) {
      if (row.id == id && row.distance >= 5000) far.push_back(id);
    }
  }
  CHECK(PagedIds(f, alice, "-distance", "distance >= 5000", 7, false) == far);
}

}  // namespace
}  // namespace cairn::records::engine_test
