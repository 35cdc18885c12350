// The record engine's visibility on a real SQLite file: what a list shows, counts and reads for
// each caller, using the production collection declarations.
#include <catch2/catch.hpp>

#include "records/engine_fixture.h"

namespace cairn::records::engine_test {
namespace {

TEST_CASE("a public list shows and matches only the trails its reader may see", "[engine]") {
  Fixture f;
  const auto& lists = *f.registry.Find("lists");
  for (const Caller& caller : {Caller{}, Caller{f.bob, ""}, Caller{f.alice, ""}}) {
    const bool owner = caller.user_id == f.alice;
    INFO("caller " << (caller.user_id.empty() ? "anonymous" : caller.user_id));
    AccessPolicy policy(f.families, caller);
    auto record = f.db->Read<Json>(
        [&](storage::Connection& c) { return f.engine.FindById(c, lists, f.list, policy); });
    REQUIRE(record.ok());
    const Json expected =
        owner ? Json::array({f.secret_trail, f.open_trail}) : Json::array({f.open_trail});
    CHECK((*record)["trails"] == expected);
    // The hidden id cannot be probed through a filter on the field itself either.
    auto probe = f.Ids("lists", "trails ?= '" + f.secret_trail + "'", caller);
    REQUIRE(probe.ok());
    CHECK(probe->size() == (owner ? 1u : 0u));
    auto all = f.Ids("lists", "trails = '" + f.open_trail + "'", caller);  // match-all
    REQUIRE(all.ok());
    CHECK(all->size() == (owner ? 0u : 1u));
  }
}

TEST_CASE("a page naming only `email` still reads what the redaction decides by", "[engine]") {
  // Users' emails show to others where `emailVisibility` is set: a page whose fields name
  // `email` alone must read that flag too, or a visible email would disappear.
  Fixture f;
  const auto& users = *f.registry.Find("users");
  REQUIRE(
      f.db->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
            return c.Execute("UPDATE users SET emailVisibility = 1 WHERE id = ?", {f.alice}).ok();
          })
          .ok());
  for (const Caller& caller : {Caller{}, Caller{f.bob, ""}}) {
    INFO("caller " << (caller.user_id.empty() ? "anonymous" : "bob"));
    AccessPolicy policy(f.families, caller);
    ListQuery query;
    query.sort = "username";
    query.fields = std::vector<std::string>{"email"};
    auto page = f.db->Read<ListPage>(
        [&](storage::Connection& c) { return f.engine.List(c, users, query, policy); });
    REQUIRE(page.ok());
    REQUIRE(page->items.size() == 2);
    CHECK(page->items[0].value("email", "") == "a@x.org");
    CHECK(page->items[1].contains("email") == (caller.user_id == f.bob));
  }
}

TEST_CASE("list totals match the visible rows, not the table", "[engine]") {
  Fixture f;
  ListQuery query;
  query.per_page = 1;
  for (const auto& [caller, expected] : std::vector<std::pair<Caller, int64_t>>{
           {Caller{}, 1}, {Caller{f.bob, ""}, 1}, {Caller{f.alice, ""}, 2}}) {
    AccessPolicy policy(f.families, caller);
    auto page = f.db->Read<ListPage>([&](storage::Connection& c) {
      return f.engine.List(c, *f.registry.Find("trails"), query, policy);
    });
    REQUIRE(page.ok());
    CHECK(page->total_items == expected);
    CHECK(page->total_pages == expected);
    CHECK(page->items.size() == 1);
  }
}

TEST_CASE("a total counts each visible row once, however many ways the caller sees it",
          "[engine]") {
  // bob sees trails as public, as shared, through a shared list, and several ways at once; the
  // total is counted alternative by alternative (public, own, shared, list-shared).
  Fixture f;
  std::vector<std::string> trails;
  auto made = f.db->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    const auto& spec = *f.registry.Find("trails");
    for (int i = 0; i < 12; ++i) {
      trails.push_back(f.Insert(c, spec,
                                {{"author", i % 3 == 0 ? f.bob : f.alice},
                                 {"name", "T" + std::to_string(i)},
                                 {"public", i % 2 == 0}})["id"]);
    }
    const auto share = [&](const std::string& trail) {
      f.Insert(c, *f.registry.Find("trail_share"),
               {{"trail", trail}, {"user", f.bob}, {"permission", "view"}});
    };
    share(trails[1]);  // private: seen through the share only
    share(trails[2]);  // public and shared
    share(trails[5]);  // private, shared, and in the list shared below
    const std::string shared_list = f.Insert(c, *f.registry.Find("lists"),
                                             {{"author", f.alice},
                                              {"name", "Shared"},
                                              {"public", false},
                                              {"trails", {trails[5], trails[7], trails[8]}}})["id"];
    f.Insert(c, *f.registry.Find("list_share"),
             {{"list", shared_list}, {"user", f.bob}, {"permission", "view"}});
    return true;
  });
  REQUIRE(made.ok());
  for (const Caller& caller : {Caller{}, Caller{f.bob, ""}, Caller{f.alice, ""}}) {
    AccessPolicy policy(f.families, caller);
    ListQuery query;
    query.per_page = 500;
    for (const std::string filter : {"", "name ~ 'T1'", "public = false"}) {
      query.filter = filter;
      auto page = f.db->Read<ListPage>([&](storage::Connection& c) {
        return f.engine.List(c, *f.registry.Find("trails"), query, policy);
      });
      REQUIRE(page.ok());
      INFO("caller " << caller.user_id << ", filter " << filter);
      CHECK(page->total_items == static_cast<int64_t>(page->items.size()));
      if (caller.user_id == f.bob && filter.empty()) {
        // 2 of the fixture's (public), bob's 4, alice's public 4, shared 1, 5 and list 7
        CHECK(page->total_items == 1 + 4 + 4 + 3);
      }
    }
  }
}

}  // namespace
}  // namespace cairn::records::engine_test
