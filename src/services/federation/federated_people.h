// Who takes part in federation: every local person but those whose settings say
// federation "off". One SQL condition, used by every query that serves a person or their
// items to other servers, so that an opt-out hides all of it at once.
#pragma once

#include <string>
#include <string_view>

namespace cairn::services {

// A condition true for a person (the users row under `alias`) who has not opted out.
// Remote people (users.remote_actor set) have no settings and always count.
inline std::string FederatedPerson(std::string_view alias) {
  return "NOT EXISTS (SELECT 1 FROM settings fs WHERE fs.user = " + std::string(alias) +
         ".id AND fs.federation = 'off')";
}

// A person of this server (not a remote one) who takes part: whom actors, WebFinger and
// NodeInfo name.
inline std::string LocalFederatedPerson(std::string_view alias) {
  return std::string(alias) + ".remote_actor = '' AND " + FederatedPerson(alias);
}

}  // namespace cairn::services
