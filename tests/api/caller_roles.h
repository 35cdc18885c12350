// The kinds of caller the permission and search matrices run through, and their names in
// messages.
#pragma once

#include <vector>

namespace cairn::api_test {

enum class Role {
  kAnonymous,
  kOwner,
  kViewer,
  kEditor,
  kListHolder,
  kLinkHolder,
  kStranger,
  kApiKey
};

inline const std::vector<Role> kAllRoles = {Role::kAnonymous, Role::kOwner,      Role::kViewer,
                                            Role::kEditor,    Role::kListHolder, Role::kLinkHolder,
                                            Role::kStranger,  Role::kApiKey};

inline const char* Name(Role role) {
  switch (role) {
    case Role::kAnonymous:
      return "anonymous";
    case Role::kOwner:
      return "owner (alice)";
    case Role::kViewer:
      return "view share (bob)";
    case Role::kEditor:
      return "edit share (carol)";
    case Role::kListHolder:
      return "list-share holder (dave)";
    case Role::kLinkHolder:
      return "link-token holder (anonymous + ?share=)";
    case Role::kStranger:
      return "stranger (eve)";
    case Role::kApiKey:
      return "API key (alice's)";
  }
  return "?";
}

}  // namespace cairn::api_test
