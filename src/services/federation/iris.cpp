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

}  // namespace cairn::services
