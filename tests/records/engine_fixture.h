// The record engine's test fixture on a real SQLite file with the production collection
// declarations: two users, trails, comments and a list (see Fixture).
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "records/record_engine.h"
#include "services/core/access_policy.h"
#include "services/families/families.h"
#include "test_support/temp_dir.h"

namespace cairn::records::engine_test {

using services::AccessPolicy;
using services::Caller;

class FixedClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now_ += 1000; }

 private:
  mutable int64_t now_ = 1719825005000;
};

// Two users; alice has a public and a private trail, a comment by bob on the public one, and a
// public list holding both trails.
inline const CollectionRegistry& Built(services::FamilyRegistry& families,
                                       const util::Clock& clock) {
  services::BuildFamilies(families, clock);
  return families.collections();
}

struct Fixture {
  test_support::TempDir dir;
  FixedClock clock;
  services::FamilyRegistry families;
  const CollectionRegistry& registry = Built(families, clock);
  RecordEngine engine{registry, clock};
  std::unique_ptr<storage::Database> db;
  std::string alice, bob, open_trail, secret_trail, list;

  Fixture() {
    db = std::move(storage::Database::Open({dir.path() + "/data.db", 2})).value();
    auto made = db->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
      const auto& users = *registry.Find("users");
      alice = Insert(c, users, {{"username", "alice"}, {"email", "a@x.org"}}, true)["id"];
      bob = Insert(c, users, {{"username", "bob"}, {"email", "b@x.org"}}, true)["id"];
      const auto& trails = *registry.Find("trails");
      open_trail = Insert(c, trails,
                          {{"author", alice},
                           {"name", "Open \"ridge\" 100%_done"},
                           {"public", true},
                           {"distance", 1200},
                           {"difficulty", "easy"}})["id"];
      secret_trail = Insert(c, trails,
                            {{"author", alice},
                             {"name", "Secret"},
                             {"public", false},
                             {"distance", 5000},
                             {"difficulty", "hard"}})["id"];
      Insert(c, *registry.Find("comments"),
             {{"author", bob}, {"trail", open_trail}, {"text", "great view"}, {"rating", 4}});
      Insert(c, *registry.Find("comments"),
             {{"author", alice}, {"trail", secret_trail}, {"text", "hidden gem"}});
      list = Insert(c, *registry.Find("lists"),
                    {{"author", alice},
                     {"name", "Both"},
                     {"public", true},
                     {"trails", {secret_trail, open_trail}}})["id"];
      return true;
    });
    REQUIRE(made.ok());
  }

  Json Insert(storage::Connection& c, const CollectionSpec& spec, const Json& values,
              bool user = false) {
    std::vector<std::pair<std::string, storage::SqlValue>> hidden;
    if (user) hidden = {{"password_hash", std::string("x")}, {"token_key", std::string("k")}};
    auto r = engine.Insert(c, spec, values, Unrestricted(), hidden);
    REQUIRE(r.ok());
    return *r;
  }

  // Ids of `collection` matching `filter` as seen by `caller`, in insertion order.
  util::Result<std::vector<std::string>> Ids(const std::string& collection,
                                             const std::string& filter, const Caller& caller,
                                             const std::string& sort = "") {
    AccessPolicy policy(families, caller);
    ListQuery query;
    query.filter = filter;
    query.sort = sort;
    query.per_page = 500;
    auto page = db->Read<ListPage>([&](storage::Connection& c) {
      return engine.List(c, *registry.Find(collection), query, policy);
    });
    if (!page.ok()) return std::move(page).error();
    std::vector<std::string> ids;
    for (const auto& item : page->items) ids.push_back(item["id"]);
    return ids;
  }
};

}  // namespace cairn::records::engine_test
