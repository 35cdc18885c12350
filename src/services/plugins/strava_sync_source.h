// A Strava connection's activities newer than its last sync, as an import source: listed page by
// page, those imported before passed over without a request, each new one fetched with its
// description, streams (as GPX) and photos. It keeps the instance's status as it goes and, when
// the sync got through, how far it got.
#pragma once

#include <deque>
#include <string>

#include "services/imports/activity.h"
#include "services/plugins/plugin_instances.h"
#include "services/plugins/strava_api.h"
#include "storage/database.h"

namespace cairn::services::plugins {

struct StravaSyncSettings {
  std::string instance_id;
  std::string user;
  int per_page = 100;
  int64_t lookback_seconds = 7 * 24 * 3600;
  size_t max_photos = 20;
  size_t max_photo_bytes = 20u << 20;
};

class StravaSyncSource : public imports::ActivitySource {
 public:
  StravaSyncSource(storage::Database& database, PluginInstances& instances, StravaApi api,
                   StravaSyncSettings settings);

  size_t ExpectedCount() const override { return 0; }  // unknown until listed
  // Errors that end the sync (the rate limit, a refused sign-in, Strava away) set the instance's
  // status (rate_limited, needs_reauth, unavailable) before they are returned.
  util::Result<std::optional<imports::SourceItem>> Next() override;
  // "done": the cursor moves to the newest activity listed, the instance is "configured" with
  // the summary and its last_sync. "cancelled" leaves the cursor.
  void Ended(const std::string& status, const std::string& summary) override;

 private:
  // Lists the next page into pending_; false when there are no more.
  util::Status ListPage();
  // An activity of the list, fetched: its item (or why it cannot be imported).
  util::Result<imports::SourceItem> Fetch(const records::Json& summary);
  // The error `error` ends the sync with: the instance's status says why.
  util::Error Stop(util::Error error);
  util::Result<bool> Known(const std::string& external_id);

  storage::Database& database_;
  PluginInstances& instances_;
  StravaApi api_;
  StravaSyncSettings settings_;
  int64_t after_ = 0;   // the `after` the list is asked for
  int64_t newest_ = 0;  // the latest start time listed, for the cursor
  int page_ = 1;
  bool listed_all_ = false;
  bool stopped_ = false;  // an error ended it: Ended leaves the status as Stop set it
  std::deque<records::Json> pending_;
};

}  // namespace cairn::services::plugins
