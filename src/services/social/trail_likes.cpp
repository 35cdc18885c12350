// Likes by the caller, of trails they can see.
#include "services/social/trail_likes.h"

#include "services/families/names.h"

namespace cairn::services {
namespace {

constexpr char kLikeFailed[] = "Failed to like the trail.";

// The caller without a link token: a link shows a trail, it does not make its holder a reader
// who may like it (comments ignore links the same way).
Caller WithoutLink(const Caller& caller) {
  Caller plain = caller;
  plain.share_token.clear();
  return plain;
}

// Refuses a body whose `user` or `actor` names anyone but the caller (wanderer trusted them and
// let anyone like in someone else's name).
util::Status CheckActsAsCaller(const Caller& caller, const Json& body) {
  for (const char* field : {"user", "actor"}) {
    auto it = body.find(field);
    if (it == body.end() || it->is_null() || (it->is_string() && it->get<std::string>().empty())) {
      continue;
    }
    if (!it->is_string() || it->get<std::string>() != caller.user_id) {
      return util::Error::Forbidden(std::string("You can only like as yourself; \"") + field +
                                    "\" must be your own id or left out.");
    }
  }
  return util::OkStatus();
}

// The non-empty string `trail` of the body, or a Form A error on it.
util::Result<std::string> TrailOf(const Json& body, const char* failure) {
  auto it = body.find("trail");
  if (it == body.end() || it->is_null() || (it->is_string() && it->get<std::string>().empty())) {
    return util::Error::InvalidField(failure, "trail", "validation_required",
                                     "Missing required value.");
  }
  if (!it->is_string()) {
    return util::Error::InvalidField(failure, "trail", "validation_invalid_value",
                                     "Must be a trail id.");
  }
  return it->get<std::string>();
}

}  // namespace

util::Result<Json> TrailLikes::Like(const Caller& caller, const Json& body,
                                    std::string_view expand) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to like trails.");
  CAIRN_RETURN_IF_ERROR(CheckActsAsCaller(caller, body));
  CAIRN_ASSIGN_OR_RETURN(std::string trail, TrailOf(body, kLikeFailed));
  const Caller reader = WithoutLink(caller);
  // A trail the caller cannot see is absent to them: 404, not the 400 of a missing relation.
  CAIRN_RETURN_IF_ERROR(records_.Show(reader, kTrails, trail, ""));
  return records_.Create(reader, kTrailLikes, Json{{"trail", trail}, {"user", caller.user_id}},
                         expand);
}

util::Status TrailLikes::Unlike(const Caller& caller, const Json& body) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to remove likes.");
  CAIRN_RETURN_IF_ERROR(CheckActsAsCaller(caller, body));
  CAIRN_ASSIGN_OR_RETURN(std::string trail, TrailOf(body, "Failed to remove the like."));
  ListParams params;
  params.per_page = 1;
  params.skip_total = true;
  // The family's list rule keeps this to the caller's own likes.
  CAIRN_ASSIGN_OR_RETURN(ListPage page,
                         records_.List(caller, kTrailLikes, params, {"t.trail = ?", {trail}}));
  if (page.items.empty()) return util::Error::NotFound("You do not like this trail.");
  return records_.Delete(caller, kTrailLikes, page.items.front().value("id", ""));
}

}  // namespace cairn::services
