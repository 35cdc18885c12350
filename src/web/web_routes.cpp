// Asset and shell page handlers.
#include "web/web_routes.h"

#include <cctype>

#include "http/file_response.h"
#include "web/gzip.h"
#include "web/security_headers.h"
#include "web/shell_page.h"

namespace cairn::web {
namespace {

constexpr std::string_view kAssetsPrefix = "/assets/";
constexpr const char* kImmutable = "public, max-age=31536000, immutable";
constexpr const char* kNoCache = "no-cache";

// True when the path as sent encodes a separator or NUL ("%2F", "%5C", "%00"): such a request
// is never a URL the web app made, and decoding would blur what it names.
bool HasEncodedSeparator(std::string_view raw_path) {
  for (size_t at = raw_path.find('%'); at != std::string_view::npos && at + 2 < raw_path.size();
       at = raw_path.find('%', at + 1)) {
    const char high = raw_path[at + 1];
    const char low = static_cast<char>(std::tolower(static_cast<unsigned char>(raw_path[at + 2])));
    if ((high == '2' && low == 'f') || (high == '5' && low == 'c') || (high == '0' && low == '0')) {
      return true;
    }
  }
  return false;
}

// `asset` as the answer to `request`: 304 when If-None-Match names its ETag, otherwise 200 with
// the gzip form when the client takes it. The body is sent from the asset's bytes, not copied.
http::Response Send(const http::Request& request, const Asset& asset,
                    const std::string& cache_control, HeaderList headers) {
  const bool gzip = !asset.gzip.empty() && AcceptsGzip(request.Header("Accept-Encoding"));
  const std::string_view body = gzip ? asset.gzip : asset.content;
  http::Response response;
  response.content_type = asset.content_type;
  response.server_may_compress = false;
  response.headers = std::move(headers);
  response.headers.emplace_back("Cache-Control", cache_control);
  response.headers.emplace_back("ETag", asset.etag);
  if (!asset.gzip.empty()) response.headers.emplace_back("Vary", "Accept-Encoding");
  if (gzip) response.headers.emplace_back("Content-Encoding", "gzip");
  const std::string if_none_match = request.Header("If-None-Match");
  if (!if_none_match.empty() && http::IfNoneMatchMatches(if_none_match, asset.etag)) {
    response.status = 304;
    // What a 200 would have said; cpp-httplib would otherwise send "0".
    response.headers.emplace_back("Content-Length", std::to_string(body.size()));
    return response;
  }
  response.view_body = http::ViewBody{body, asset.storage};
  return response;
}

}  // namespace

WebRoutes::WebRoutes(const AssetCatalog& catalog, WebOptions options)
    : catalog_(catalog), options_(std::move(options)) {
  if (options_.tile_archive) options_.ui.tile_archive = options_.tile_archive->header;
  config_json_ = UiConfigJson(options_.ui);
}

void WebRoutes::Register(http::Router& router) {
  if (options_.tile_archive) {
    router.Add("GET", std::string(kTileArchivePath),
               [this](const http::Request& request) { return ServeTileArchive(request); });
  }
  router.AddPrefix("GET", std::string(kAssetsPrefix),
                   [this](const http::Request& request) { return ServeAsset(request); });
  router.AddPrefix("GET", "/", [this](const http::Request& request) { return ServePage(request); });
}

util::Result<Asset> WebRoutes::RenderPage() const {
  auto page = catalog_.Find("index.html");
  if (!page.ok()) return page.error();
  const std::string asset_base = std::string(kAssetsPrefix) + catalog_.BundleHash();
  return MakeAsset("index.html", RenderShellPage(page->content, asset_base, config_json_));
}

util::Result<Asset> WebRoutes::Page() const {
  if (catalog_.source() != AssetSource::kEmbedded) return RenderPage();
  // Rendered at the first request rather than at start: an idle server never pays for it.
  std::call_once(page_once_, [this] {
    if (auto page = RenderPage(); page.ok()) rendered_page_ = std::move(*page);
  });
  if (!rendered_page_) return util::Error::NotFound();
  return *rendered_page_;
}

http::Response WebRoutes::ServeAsset(const http::Request& request) const {
  const std::string_view rest = std::string_view(request.path).substr(kAssetsPrefix.size());
  const size_t slash = rest.find('/');
  if (slash == std::string_view::npos || HasEncodedSeparator(request.raw_path)) {
    return NotFound(request);
  }
  auto asset = catalog_.Find(rest.substr(slash + 1));
  if (!asset.ok()) return NotFound(request);
  // A page from an older release may ask under its own hash: it gets today's file, which must not
  // be cached as if it were that version.
  const bool current =
      catalog_.source() == AssetSource::kEmbedded && rest.substr(0, slash) == catalog_.BundleHash();
  return Send(request, *asset, current ? kImmutable : kNoCache, AssetSecurityHeaders());
}

http::Response WebRoutes::ServePage(const http::Request& request) const {
  const std::string& path = request.path;
  if (path == "/api" || path.starts_with("/api/") || path == "/assets") return NotFound(request);
  // Protocol documents (/.well-known/*, NodeInfo) are the API's or nobody's: with federation off
  // a server asking for WebFinger must get a 404, not the app's page.
  if (path.starts_with("/.well-known/") || path.starts_with("/nodeinfo/")) return NotFound(request);
  if (path == "/favicon.svg") {
    auto icon = catalog_.Find("favicon.svg");
    if (!icon.ok()) return NotFound(request);
    return Send(request, *icon, kNoCache, AssetSecurityHeaders());
  }
  // A file name ("/favicon.ico", "/robots.txt") is a 404, not the app: a missing file must not
  // turn into HTML that a browser tries to read as an icon or a script.
  const size_t last_slash = path.rfind('/');
  if (path.find('.', last_slash == std::string::npos ? 0 : last_slash) != std::string::npos) {
    return NotFound(request);
  }
  util::Result<Asset> page = Page();
  if (!page.ok()) return NotFound(request);
  return Send(request, *page, kNoCache, PageSecurityHeaders(options_.ui.tiles.origin));
}

http::Response WebRoutes::ServeTileArchive(const http::Request& request) const {
  const TileArchive& archive = *options_.tile_archive;
  http::StoredFile stored{.file = archive.file,
                          .content_type = "application/vnd.pmtiles",
                          .etag = archive.etag,
                          .modified_unix_seconds = archive.modified_unix_seconds,
                          .headers = AssetSecurityHeaders()};
  stored.headers.emplace_back("Cache-Control", kNoCache);
  http::Response response = http::ServeStoredFile(request, std::move(stored));
  // Tiles are compressed already, and a range of a compressed body would be another range.
  response.server_may_compress = false;
  return response;
}

http::Response WebRoutes::NotFound(const http::Request& request) const {
  http::Response response = options_.not_found ? options_.not_found(request)
                                               : http::Response{404, "text/plain", "Not Found", {}};
  for (auto& header : AssetSecurityHeaders()) response.headers.push_back(std::move(header));
  return response;
}

}  // namespace cairn::web
