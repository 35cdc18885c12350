// Strava's API v3 as a sync reads it: GETs with the connection's access token (refreshed when it
// nears its expiry, and once more when Strava refuses it), each answer's status turned into an
// error kind the sync can act on.
#pragma once

#include <string>

#include "net/url_client.h"
#include "records/record_codec.h"
#include "services/plugins/oauth_connections.h"

namespace cairn::services::plugins {

class StravaApi {
 public:
  // `api_base`: "https://www.strava.com/api/v3". `client` follows no redirects for the API and is
  // also used for photos (which Strava serves from elsewhere, through redirects or not).
  StravaApi(const net::UrlClient& client, std::string api_base, OAuthConnections& oauth,
            std::string instance_id)
      : client_(client),
        api_base_(std::move(api_base)),
        oauth_(oauth),
        instance_id_(std::move(instance_id)) {}

  // GET api_base + `path` ("/athlete/activities?after=...") as JSON. Errors: Unauthorized when
  // Strava refuses even a fresh token; TooManyRequests at its rate limit; NotFound for 404;
  // InvalidArgument for another 4xx; UpstreamFailed for 5xx, an answer that is not JSON or a
  // failed connection; UpstreamTimeout.
  util::Result<records::Json> Get(const std::string& path);

  // The bytes at `url` (a photo), without the token: Strava's photo addresses need none.
  util::Result<std::string> Download(const std::string& url, size_t max_bytes);

 private:
  const net::UrlClient& client_;
  std::string api_base_;
  OAuthConnections& oauth_;
  std::string instance_id_;
};

}  // namespace cairn::services::plugins
