// Whether this server federates (ActivityPub), and the address its IRIs and handles are made
// of: decided once at start from --public-url, --federation and --federation-allow-private.
#pragma once

#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::services {

// --federation: auto (the default) federates exactly when --public-url is an https URL.
enum class FederationMode { kAuto, kOn, kOff };

struct FederationSettings {
  bool enabled = false;
  // "https://trails.example.org" (scheme and authority, lower case, no path, no trailing
  // slash): every IRI this server hands out starts with it.
  std::string origin;
  // "trails.example.org", or "127.0.0.1:8090" with a port that is not the scheme's default:
  // the host part of handles (@ada@trails.example.org) and of acct: URIs.
  std::string authority;
  // --federation-allow-private: remote servers on loopback and private networks may be
  // contacted (tests, a LAN). Off: only public addresses, so that no remote server can make
  // this one reach into the network it stands in.
  bool allow_private = false;
  // Why federation is off, for the start-up log ("" when on).
  std::string off_reason;
};

// The settings for a server. InvalidArgument, naming the flag, when --federation on is asked of
// a server without --public-url, with a --public-url that has a path, a query or a fragment, or
// of a --private instance (whose content nobody outside may read). kAuto never fails: it is off,
// with its reason, whenever kOn would fail or the URL is http://. Pure.
util::Result<FederationSettings> ResolveFederation(std::string_view public_url, FederationMode mode,
                                                   bool allow_private, bool private_instance);

// "on", "off", "auto" -> the mode; InvalidArgument otherwise.
util::Result<FederationMode> ParseFederationMode(std::string_view text);

}  // namespace cairn::services
