// Routes of each user's category and subcategory preferences (wanderer's §12.4):
// GET/PUT /api/v1/user-category-preference, POST /api/v1/user-category-preference/reorder and
// the same under /api/v1/user-subcategory-preference.
#pragma once

#include "api/core/api_router.h"
#include "services/categories/category_preferences.h"

namespace cairn::api {

class PreferenceRoutes {
 public:
  explicit PreferenceRoutes(services::CategoryPreferences& preferences)
      : preferences_(preferences) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  using Kind = services::PreferenceKind;

  // GET: the caller's rows as a bare array ([] when anonymous).
  util::Result<http::Response> ListPreferences(const http::Request& request, const Caller& caller,
                                               Kind kind);
  // PUT {category|subcategory, visible}: the upserted row.
  util::Result<http::Response> PutPreference(const http::Request& request, const Caller& caller,
                                             Kind kind);
  // POST .../reorder {categories} or {category, subcategories}: {acknowledged: true}.
  util::Result<http::Response> ReorderPreferences(const http::Request& request,
                                                  const Caller& caller, Kind kind);

  services::CategoryPreferences& preferences_;
};

}  // namespace cairn::api
