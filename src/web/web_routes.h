// The web app's URLs: versioned assets under /assets/<bundle-hash>/, and the shell page for every
// other GET outside /api/ (the app routes with the History API).
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include "http/router.h"
#include "web/asset_catalog.h"
#include "web/tile_archive.h"
#include "web/ui_config.h"

namespace cairn::web {

struct WebOptions {
  UiConfig ui;
  // --tiles-file: served at kTileArchivePath; the UI config then names it (ui.tile_archive is
  // set from it).
  std::optional<TileArchive> tile_archive;
  // Answers what the web app does not serve (unknown /api/ paths, missing files): the API's 404.
  http::Handler not_found;
};

// GET/HEAD /assets/<hash>/<path>: the catalog's file. Under the current bundle hash of the
//   embedded catalog it is cached for a year (immutable); under another hash, or from a
//   development folder, with no-cache. A strong ETag (content hash) answers If-None-Match with
//   304. Text is sent gzip-compressed when Accept-Encoding allows (Vary: Accept-Encoding).
// GET/HEAD /favicon.svg: the catalog's favicon.svg, no-cache.
// GET/HEAD any other path outside /api/ whose last segment has no '.': index.html with the
//   asset base and UiConfigJson filled in, no-cache, with an ETag and the page security headers.
//   The embedded catalog's page is rendered at its first request and kept.
// GET/HEAD /tiles/map.pmtiles (with a tile archive): the archive, read from its file for each
//   request, with single byte ranges (206 + Content-Range, 416, If-Range against its strong
//   ETag), no-cache, never compressed.
// Everything else falls to `not_found`. Every response carries X-Content-Type-Options: nosniff.
//
// Thread safety: handlers only read; the catalog and the routes must outlive the router.
class WebRoutes {
 public:
  WebRoutes(const AssetCatalog& catalog, WebOptions options);

  void Register(http::Router& router);

 private:
  http::Response ServeAsset(const http::Request& request) const;
  http::Response ServePage(const http::Request& request) const;
  http::Response NotFound(const http::Request& request) const;
  http::Response ServeTileArchive(const http::Request& request) const;
  // index.html rendered for the catalog's current bundle hash; NotFound when it has none.
  util::Result<Asset> RenderPage() const;
  // The page to send: RenderPage, kept after the first request for the embedded catalog.
  util::Result<Asset> Page() const;

  const AssetCatalog& catalog_;
  WebOptions options_;
  std::string config_json_;
  mutable std::once_flag page_once_;
  mutable std::optional<Asset> rendered_page_;  // the embedded catalog's, set once under page_once_
};

}  // namespace cairn::web
