// IRIs of actors and objects under the server's origin.
#include "services/federation/iris.h"

#include "util/text.h"

namespace cairn::services {

std::string FederationIris::Actor(std::string_view username) const {
  return origin_ + std::string(kActivityPubPath) + "/user/" + util::LowercaseAscii(username);
}

std::string FederationIris::ProfilePage(std::string_view username) const {
  return origin_ + "/profile/@" + std::string(username);
}

std::string FederationIris::Object(std::string_view kind, std::string_view id) const {
  return origin_ + std::string(kActivityPubPath) + "/" + std::string(kind) + "/" + std::string(id);
}

std::optional<LocalIri> FederationIris::Parse(std::string_view iri) const {
  const std::string prefix = origin_ + std::string(kActivityPubPath) + "/";
  if (iri.size() <= prefix.size() ||
      !util::EqualsIgnoringAsciiCase(iri.substr(0, prefix.size()), prefix)) {
    return std::nullopt;
  }
  std::string_view rest = iri.substr(prefix.size());
  rest = rest.substr(0, rest.find_first_of("?#"));
  const size_t slash = rest.find('/');
  if (slash == std::string_view::npos || slash + 1 == rest.size()) return std::nullopt;
  LocalIri parsed{std::string(rest.substr(0, slash)), std::string(rest.substr(slash + 1)), ""};
  // "trail/{id}/activity", "user/{name}/inbox": the last part names what of it.
  if (const size_t more = parsed.key.find('/'); more != std::string::npos) {
    parsed.part = parsed.key.substr(more + 1);
    parsed.key.resize(more);
  }
  if (parsed.key.empty()) return std::nullopt;
  return parsed;
}

}  // namespace cairn::services
