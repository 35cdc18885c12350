// CSP and friends.
#include "web/security_headers.h"

namespace cairn::web {

std::string ContentSecurityPolicy(std::string_view tile_origin) {
  std::string images = "img-src 'self' data: blob:";
  if (!tile_origin.empty()) images += " " + std::string(tile_origin);
  return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " + images +
         "; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
         "object-src 'none'";
}

HeaderList AssetSecurityHeaders() { return {{"X-Content-Type-Options", "nosniff"}}; }

HeaderList PageSecurityHeaders(std::string_view tile_origin) {
  HeaderList headers = AssetSecurityHeaders();
  headers.emplace_back("Content-Security-Policy", ContentSecurityPolicy(tile_origin));
  headers.emplace_back("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.emplace_back("X-Frame-Options", "DENY");
  return headers;
}

}  // namespace cairn::web
