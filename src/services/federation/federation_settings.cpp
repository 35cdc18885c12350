// --public-url read as an origin for IRIs and handles, and the rules for turning federation on.
#include "services/federation/federation_settings.h"

#include "util/text.h"

namespace cairn::services {
namespace {

// The origin and authority of `url`, or why it cannot name this server's IRIs.
util::Result<FederationSettings> OriginOf(std::string_view url) {
  if (url.empty()) {
    return util::Error::InvalidArgument(
        "--federation on needs --public-url: the https:// address other servers reach this one "
        "at");
  }
  const size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) {
    return util::Error::InvalidArgument("--public-url must start with http:// or https://");
  }
  const std::string scheme = util::LowercaseAscii(url.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") {
    return util::Error::InvalidArgument("--public-url must start with http:// or https://");
  }
  std::string_view rest = url.substr(scheme_end + 3);
  const size_t path = rest.find_first_of("/?#");
  std::string_view authority = rest.substr(0, path);
  if (path != std::string_view::npos && rest.substr(path) != "/") {
    return util::Error::InvalidArgument(
        "--public-url must be an origin without a path to federate (ActivityPub IRIs and "
        "WebFinger live at the root of the host): " +
        std::string(url));
  }
  if (authority.empty() || authority.find('@') != std::string_view::npos) {
    return util::Error::InvalidArgument("--public-url has no usable host: " + std::string(url));
  }
  std::string host = util::LowercaseAscii(authority);
  // The scheme's own port is left out, as browsers and other servers write the origin.
  const std::string default_port = scheme == "https" ? ":443" : ":80";
  if (host.size() > default_port.size() && host.ends_with(default_port)) {
    host.resize(host.size() - default_port.size());
  }
  FederationSettings settings;
  settings.origin = scheme + "://" + host;
  settings.authority = host;
  return settings;
}

}  // namespace

util::Result<FederationMode> ParseFederationMode(std::string_view text) {
  if (text == "on") return FederationMode::kOn;
  if (text == "off") return FederationMode::kOff;
  if (text == "auto") return FederationMode::kAuto;
  return util::Error::InvalidArgument("--federation takes on, off or auto, not " +
                                      std::string(text));
}

util::Result<FederationSettings> ResolveFederation(std::string_view public_url, FederationMode mode,
                                                   bool allow_private, bool private_instance) {
  FederationSettings off;
  off.allow_private = allow_private;
  if (mode == FederationMode::kOff) {
    off.off_reason = "--federation off";
    return off;
  }
  if (private_instance) {
    if (mode == FederationMode::kOn) {
      return util::Error::InvalidArgument(
          "--federation on and --private exclude each other: a private instance shows nothing "
          "to other servers");
    }
    off.off_reason = "a --private instance does not federate";
    return off;
  }
  auto origin = OriginOf(public_url);
  if (!origin.ok()) {
    if (mode == FederationMode::kOn) return origin.error();
    off.off_reason = public_url.empty() ? "no --public-url" : origin.error().message;
    return off;
  }
  if (mode == FederationMode::kAuto && origin->origin.rfind("https://", 0) != 0) {
    off.off_reason = "--public-url is not https:// (turn it on anyway with --federation on)";
    return off;
  }
  FederationSettings on = std::move(origin).value();
  on.enabled = true;
  on.allow_private = allow_private;
  return on;
}

}  // namespace cairn::services
