// WebFinger, NodeInfo and host-meta answered from the users table and the origin.
#include "services/federation/discovery.h"

#include "services/federation/federated_people.h"
#include "util/text.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kNodeInfoSchema = "http://nodeinfo.diaspora.software/ns/schema/2.1";

// People active since `days` ago: they made a trail, list, summit log or comment. Remembered
// until the next write, as the other counts (crawlers ask for NodeInfo again and again).
util::Result<int64_t> ActiveUsers(storage::Connection& c, int days) {
  constexpr char kSince[] = "strftime('%Y-%m-%d %H:%M:%fZ', 'now', ?)";
  const std::string window = "-" + std::to_string(days) + " days";
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      c.QueryUntilChange(
          std::string("SELECT count(*) FROM users u WHERE u.remote_actor = '' AND (") +
              "EXISTS (SELECT 1 FROM trails t WHERE t.author = u.id AND t.created >= " + kSince +
              ") OR EXISTS (SELECT 1 FROM lists l WHERE l.author = u.id AND l.created >= " +
              kSince +
              ") OR EXISTS (SELECT 1 FROM summit_logs s WHERE s.author = u.id AND s.created >= " +
              kSince +
              ") OR EXISTS (SELECT 1 FROM comments m WHERE m.author = u.id AND m.created >= " +
              kSince + "))",
          {window, window, window, window}));
  return static_cast<int64_t>(storage::AsNumber(rows.rows[0][0]));
}

}  // namespace

FederationDiscovery::FederationDiscovery(storage::Database& database,
                                         const FederationSettings& settings, NodeInfoFacts facts)
    : database_(database), settings_(settings), iris_(settings.origin), facts_(std::move(facts)) {}

util::Result<Json> FederationDiscovery::WebFinger(std::string_view resource) const {
  if (resource.empty()) {
    return util::Error::InvalidArgument("resource is required, e.g. acct:ada@" +
                                        settings_.authority);
  }
  std::string_view name;
  if (resource.starts_with("acct:") || resource.find("://") == std::string_view::npos) {
    std::string_view account = resource.starts_with("acct:") ? resource.substr(5) : resource;
    if (!account.empty() && account.front() == '@') account.remove_prefix(1);
    const size_t at = account.rfind('@');
    if (at == std::string_view::npos || at == 0) {
      return util::Error::InvalidArgument("resource must look like acct:name@host");
    }
    if (!util::EqualsIgnoringAsciiCase(account.substr(at + 1), settings_.authority)) {
      return util::Error::NotFound("No such person on this server.");
    }
    name = account.substr(0, at);
  } else {
    const std::string actor_prefix = iris_.Actor("");
    const std::string profile_prefix = iris_.ProfilePage("");
    if (resource.starts_with(actor_prefix)) {
      name = resource.substr(actor_prefix.size());
    } else if (resource.starts_with(profile_prefix)) {
      name = resource.substr(profile_prefix.size());
    } else {
      return util::Error::NotFound("No such person on this server.");
    }
  }
  if (name.empty() || name.find_first_of("/?#@") != std::string_view::npos) {
    return util::Error::NotFound("No such person on this server.");
  }
  const std::string wanted(name);
  CAIRN_ASSIGN_OR_RETURN(
      std::string username,
      database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
        CAIRN_ASSIGN_OR_RETURN(auto rows,
                               c.Query("SELECT u.username FROM users u WHERE u.username = ? "
                                       "COLLATE NOCASE AND " +
                                           LocalFederatedPerson("u"),
                                       {wanted}));
        if (rows.rows.empty()) {
          return util::Error::NotFound("No such person on this server.");
        }
        return std::get<std::string>(rows.rows[0][0]);
      }));
  const std::string actor = iris_.Actor(username);
  const std::string page = iris_.ProfilePage(username);
  return Json{{"subject", "acct:" + username + "@" + settings_.authority},
              {"aliases", {actor, page}},
              {"links",
               {{{"rel", "self"}, {"type", "application/activity+json"}, {"href", actor}},
                {{"rel", "http://webfinger.net/rel/profile-page"},
                 {"type", "text/html"},
                 {"href", page}}}}};
}

Json FederationDiscovery::NodeInfoLinks() const {
  return {{"links", {{{"rel", kNodeInfoSchema}, {"href", settings_.origin + "/nodeinfo/2.1"}}}}};
}

util::Result<Json> FederationDiscovery::NodeInfo() const {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(
        auto users, c.QueryUntilChange("SELECT count(*) FROM users WHERE remote_actor = ''"));
    CAIRN_ASSIGN_OR_RETURN(
        auto posts,
        c.QueryUntilChange("SELECT count(*) FROM trails t WHERE t.public = 1 AND NOT EXISTS "
                           "(SELECT 1 FROM users u WHERE u.id = t.author AND "
                           "u.remote_actor != '')"));
    const auto count = [](const storage::QueryResult& r) {
      return static_cast<int64_t>(storage::AsNumber(r.rows[0][0]));
    };
    CAIRN_ASSIGN_OR_RETURN(int64_t active_month, ActiveUsers(c, 30));
    CAIRN_ASSIGN_OR_RETURN(int64_t active_halfyear, ActiveUsers(c, 180));
    return Json{
        {"version", "2.1"},
        {"software",
         {{"name", "cairn"}, {"version", facts_.version}, {"homepage", settings_.origin + "/"}}},
        {"protocols", {"activitypub"}},
        {"services", {{"inbound", Json::array()}, {"outbound", Json::array()}}},
        {"openRegistrations", facts_.open_registrations},
        {"usage",
         {{"users",
           {{"total", count(users)},
            {"activeMonth", active_month},
            {"activeHalfyear", active_halfyear}}},
          {"localPosts", count(posts)}}},
        {"metadata", Json::object()}};
  });
}

std::string FederationDiscovery::HostMeta() const {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<XRD xmlns=\"http://docs.oasis-open.org/ns/xri/xrd-1.0\">\n"
         "  <Link rel=\"lrdd\" type=\"application/jrd+json\" template=\"" +
         settings_.origin + "/.well-known/webfinger?resource={uri}\"/>\n</XRD>\n";
}

}  // namespace cairn::services
