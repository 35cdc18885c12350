// The pieces access rules are composed of. Each returns a Rule (services/core/family.h): an SQL
// condition on a row (`RuleInput::alias`) or on a new record's values (`RuleInput::values`),
// parameterised, never with a caller's text inline. Pieces that need a signed-in caller are false
// for anonymous ones.
#pragma once

#include <string>
#include <vector>

#include "services/core/family.h"

namespace cairn::services::policy {

// What a rule asks of a related row, judged by that row's own family.
enum class Access {
  kView,               // its view rule
  kViewIgnoringLinks,  // its view rule, not counting a presented link-share token
  kEdit,               // its update or edit rule (its owner, or an edit share)
  kOwn,                // its update rule (its owner)
};

enum class Permission { kAny, kEdit };

// Allows when the related field is empty (a waypoint on no trail), or refuses.
enum class WhenEmpty { kAllow, kRefuse };

Rule Everyone();
Rule Nobody();
Rule SignedIn();
// The caller did not authenticate with an API key (keys cannot mint keys or delete accounts).
Rule NotWithApiKey();

// Rows: `field` of the row names the caller ("author", "user").
Rule OwnRow(std::string field);
// Rows: the row is the caller's own user record.
Rule IsCaller();
// Rows: the boolean column `field` is true / false.
Rule FlagSet(std::string field);
Rule FlagClear(std::string field);
// Rows: the row's id is the `item_field` of a row of `share_table` whose `user` is the caller
// (with kEdit: whose permission is "edit").
Rule SharedWithCaller(std::string share_table, std::string item_field, Permission permission);
// Rows: the row that relation `field` names passes `access` of its family (a waypoint follows
// its trail; a share is its trail's owner's).
Rule Related(std::string field, Access access);

// Creates: the value of `field` is the caller's id.
Rule ValueIsCaller(std::string field);
// Creates: the record that the value of relation `field` names passes `access` of its family.
Rule RelatedValue(std::string field, Access access, WhenEmpty when_empty);

// Every / any of the parts (an empty AllOf allows, an empty AnyOf refuses).
Rule AllOf(std::vector<Rule> parts);
Rule AnyOf(std::vector<Rule> parts);

// The condition `rule` gives for `input`; a missing rule refuses.
storage::SqlFragment Evaluate(const Rule& rule, const RuleInput& input);

}  // namespace cairn::services::policy
