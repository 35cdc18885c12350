// Policy pieces as SQL. Constant parts fold away ("1" in AllOf, "0" in AnyOf), so an anonymous
// caller's trail condition is just `t.public = 1` and the planner can use its index.
#include "services/core/policy_pieces.h"

#include <stdexcept>

#include "services/core/family_registry.h"

namespace cairn::services::policy {
namespace {

using storage::SqlFragment;

const SqlFragment kNever{"0", {}};
const SqlFragment kAlways{"1", {}};

std::string Column(std::string_view alias, const std::string& field) {
  return std::string(alias) + "." + field;
}

// The family that relation `field` of the rule's collection points at.
const Family& TargetOf(const RuleInput& input, const std::string& field) {
  const records::FieldSpec* spec = input.collection.FindField(field);
  const Family* target = spec && spec->type == records::FieldType::kRelation && !spec->multiple
                             ? input.families.Find(spec->relation_target)
                             : nullptr;
  if (!target)
    throw std::logic_error(input.collection.name + "." + field + " is no single relation");
  return *target;
}

// `access` of `family` for the row aliased `alias`.
SqlFragment TargetCondition(const Family& family, Access access, const RuleInput& input,
                            std::string_view alias) {
  const AccessRules& rules = family.access();
  Caller without_link = input.caller;
  without_link.share_token.clear();
  const Caller& caller = access == Access::kViewIgnoringLinks ? without_link : input.caller;
  const RuleInput target{caller, input.families, *family.spec, alias, nullptr};
  switch (access) {
    case Access::kView:
    case Access::kViewIgnoringLinks:
      return Evaluate(rules.view, target);
    case Access::kEdit:
      return Evaluate(AnyOf({rules.update, rules.edit}), target);
    case Access::kOwn:
      return Evaluate(rules.update, target);
  }
  return kNever;
}

// Joins parts with `op`, leaving out the `neutral` constant and stopping at the `absorbing` one.
// `pieces`, when set, gets the parts joined (or just the absorbing constant).
SqlFragment Combine(const std::vector<Rule>& parts, const RuleInput& input, const char* op,
                    const SqlFragment& neutral, const SqlFragment& absorbing,
                    std::vector<SqlFragment>* pieces = nullptr) {
  SqlFragment out;
  size_t joined = 0;
  for (const Rule& part : parts) {
    // An unset rule (a family without an edit rule) refuses: nothing in AnyOf, all of AllOf.
    SqlFragment piece = part ? part(input) : kNever;
    if (piece.sql == neutral.sql) continue;
    if (piece.sql == absorbing.sql) {
      if (pieces) *pieces = {absorbing};
      return absorbing;
    }
    out.sql += (joined++ == 0 ? "" : std::string(" ") + op + " ") + piece.sql;
    out.params.insert(out.params.end(), piece.params.begin(), piece.params.end());
    if (pieces) pieces->push_back(std::move(piece));
  }
  if (joined == 0) return neutral;
  if (joined > 1) out.sql = "(" + out.sql + ")";
  return out;
}

}  // namespace

SqlFragment Evaluate(const Rule& rule, const RuleInput& input) {
  return rule ? rule(input) : kNever;
}

Rule Everyone() {
  return [](const RuleInput&) { return kAlways; };
}

Rule Nobody() {
  return [](const RuleInput&) { return kNever; };
}

Rule SignedIn() {
  return [](const RuleInput& in) { return in.caller.IsAnonymous() ? kNever : kAlways; };
}

Rule NotWithApiKey() {
  return [](const RuleInput& in) {
    return in.caller.method == AuthMethod::kApiKey ? kNever : kAlways;
  };
}

Rule OwnRow(std::string field) {
  return [field = std::move(field)](const RuleInput& in) -> SqlFragment {
    if (in.caller.IsAnonymous()) return kNever;
    return {Column(in.alias, field) + " = ?", {in.caller.user_id}};
  };
}

Rule IsCaller() { return OwnRow("id"); }

Rule FlagSet(std::string field) {
  return [field = std::move(field)](const RuleInput& in) -> SqlFragment {
    return {Column(in.alias, field) + " = 1", {}};
  };
}

Rule FlagClear(std::string field) {
  return [field = std::move(field)](const RuleInput& in) -> SqlFragment {
    return {Column(in.alias, field) + " = 0", {}};
  };
}

Rule SharedWithCaller(std::string share_table, std::string item_field, Permission permission) {
  return [=](const RuleInput& in) -> SqlFragment {
    if (in.caller.IsAnonymous()) return kNever;
    const std::string edit = permission == Permission::kEdit ? " AND s.permission = 'edit'" : "";
    if (in.to_find) {
      return {Column(in.alias, "id") + " IN (SELECT s." + item_field + " FROM " + share_table +
                  " s WHERE s.user = ?" + edit + ")",
              {in.caller.user_id}};
    }
    // Each share table has a unique index on (item, user): one lookup.
    return {"EXISTS (SELECT 1 FROM " + share_table + " s WHERE s." + item_field + " = " +
                Column(in.alias, "id") + " AND s.user = ?" + edit + ")",
            {in.caller.user_id}};
  };
}

Rule Related(std::string field, Access access) {
  return [=](const RuleInput& in) -> SqlFragment {
    const Family& target = TargetOf(in, field);
    const std::string alias = std::string(in.alias) + "_" + field;
    SqlFragment condition = TargetCondition(target, access, in, alias);
    if (condition.sql == kNever.sql) return kNever;
    return {"EXISTS (SELECT 1 FROM " + target.name() + " " + alias + " WHERE " + alias +
                ".id = " + Column(in.alias, field) + " AND " + condition.sql + ")",
            std::move(condition.params)};
  };
}

Rule ValueIsCaller(std::string field) {
  return [field = std::move(field)](const RuleInput& in) -> SqlFragment {
    if (in.caller.IsAnonymous() || !in.values) return kNever;
    auto it = in.values->find(field);
    const bool mine = it != in.values->end() && it->is_string() && *it == in.caller.user_id;
    return mine ? kAlways : kNever;
  };
}

Rule RelatedValue(std::string field, Access access, WhenEmpty when_empty) {
  return [=](const RuleInput& in) -> SqlFragment {
    std::string id;
    if (in.values) {
      auto it = in.values->find(field);
      if (it != in.values->end() && it->is_string()) id = it->get<std::string>();
    }
    if (id.empty()) return when_empty == WhenEmpty::kAllow ? kAlways : kNever;
    const Family& target = TargetOf(in, field);
    const std::string alias = "new_" + field;
    SqlFragment condition = TargetCondition(target, access, in, alias);
    if (condition.sql == kNever.sql) return kNever;
    SqlFragment out{"EXISTS (SELECT 1 FROM " + target.name() + " " + alias + " WHERE " + alias +
                        ".id = ? AND " + condition.sql + ")",
                    {id}};
    out.params.insert(out.params.end(), condition.params.begin(), condition.params.end());
    return out;
  };
}

Rule AllOf(std::vector<Rule> parts) {
  return [parts = std::move(parts)](const RuleInput& in) {
    RuleInput inner = in;
    inner.alternatives = nullptr;  // only a top-level AnyOf lists them
    return Combine(parts, inner, "AND", kAlways, kNever);
  };
}

Rule AnyOf(std::vector<Rule> parts) {
  return [parts = std::move(parts)](const RuleInput& in) {
    RuleInput inner = in;
    inner.alternatives = nullptr;
    std::vector<SqlFragment> pieces;
    SqlFragment whole =
        Combine(parts, inner, "OR", kNever, kAlways, in.alternatives ? &pieces : nullptr);
    if (in.alternatives) *in.alternatives = std::move(pieces);
    return whole;
  };
}

}  // namespace cairn::services::policy
