// One GET at a time, with the token and Strava's statuses read.
#include "services/plugins/strava_api.h"

namespace cairn::services::plugins {

using records::Json;

util::Result<Json> StravaApi::Get(const std::string& path) {
  const std::string url = api_base_ + path;
  util::Result<net::UrlResponse> answer = util::Error::Internal("not asked");
  for (int attempt = 0; attempt < 2; ++attempt) {
    CAIRN_ASSIGN_OR_RETURN(std::string token, oauth_.AccessToken(instance_id_, attempt > 0));
    answer =
        client_.Get(url, {{"Authorization", "Bearer " + token}, {"Accept", "application/json"}});
    if (!answer.ok()) return std::move(answer).error();
    // A token Strava revoked early (a password change, say): a fresh one is tried once.
    if (answer->status != 401) break;
  }
  const int status = answer->status;
  if (status == 401) {
    return util::Error::Unauthorized("Strava refuses the sign-in; sign in again.");
  }
  if (status == 429) {
    // Strava counts requests per 15 minutes and per day.
    return util::Error::TooManyRequests("Strava's rate limit is reached; the sync goes on later.",
                                        15 * 60);
  }
  if (status == 404) return util::Error::NotFound("not on Strava (any more)");
  if (status >= 400 && status < 500) {
    return util::Error::InvalidArgument("Strava refused the request (" + std::to_string(status) +
                                        ")");
  }
  if (status != 200) {
    return util::Error::UpstreamFailed("Strava answered " + std::to_string(status) + ".");
  }
  Json body = Json::parse(answer->body, nullptr, false);
  if (body.is_discarded()) return util::Error::UpstreamFailed("Strava's answer is not JSON.");
  return body;
}

util::Result<std::string> StravaApi::Download(const std::string& url, size_t max_bytes) {
  CAIRN_ASSIGN_OR_RETURN(net::UrlResponse answer, client_.Get(url));
  if (answer.status != 200) {
    return util::Error::UpstreamFailed("the photo's address answered " +
                                       std::to_string(answer.status));
  }
  if (answer.body.size() > max_bytes) return util::Error::TooLarge("the photo is too large");
  return std::move(answer.body);
}

}  // namespace cairn::services::plugins
