// IRIs of actors and objects under the server's origin.
#include "services/federation/iris.h"

#include <algorithm>
#include <cctype>

namespace cairn::services {

std::string FederationIris::Actor(std::string_view username) const {
  std::string name(username);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return origin_ + std::string(kActivityPubPath) + "/user/" + name;
}

std::string FederationIris::ProfilePage(std::string_view username) const {
  return origin_ + "/profile/@" + std::string(username);
}

std::string FederationIris::Object(std::string_view kind, std::string_view id) const {
  return origin_ + std::string(kActivityPubPath) + "/" + std::string(kind) + "/" + std::string(id);
}

}  // namespace cairn::services
