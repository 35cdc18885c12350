// The access policy: each family's declared rules, evaluated for one caller.
#include "services/core/access_policy.h"

#include "services/core/policy_pieces.h"

namespace cairn::services {

storage::SqlFragment AccessPolicy::OnRow(const records::CollectionSpec& collection,
                                         std::string_view alias, Rule AccessRules::*rule,
                                         std::vector<storage::SqlFragment>* alternatives) const {
  const Family* family = families_.Find(collection.name);
  if (!family) return {"0", {}};  // undeclared collections are invisible by default
  return policy::Evaluate(family->access().*rule,
                          RuleInput{caller_, families_, *family->spec, alias, nullptr, alternatives,
                                    /*to_find=*/alternatives != nullptr});
}

storage::SqlFragment AccessPolicy::ViewCondition(const records::CollectionSpec& collection,
                                                 std::string_view alias) const {
  return OnRow(collection, alias, &AccessRules::view);
}

storage::SqlFragment AccessPolicy::ListCondition(const records::CollectionSpec& collection,
                                                 std::string_view alias) const {
  const Family* family = families_.Find(collection.name);
  if (family && !family->access().list) return ViewCondition(collection, alias);
  return OnRow(collection, alias, &AccessRules::list);
}

std::vector<storage::SqlFragment> AccessPolicy::ListConditionAlternatives(
    const records::CollectionSpec& collection, std::string_view alias) const {
  const Family* family = families_.Find(collection.name);
  Rule AccessRules::*rule =
      family && !family->access().list ? &AccessRules::view : &AccessRules::list;
  std::vector<storage::SqlFragment> alternatives;
  storage::SqlFragment whole = OnRow(collection, alias, rule, &alternatives);
  if (alternatives.empty()) alternatives.push_back(std::move(whole));
  return alternatives;
}

storage::SqlFragment AccessPolicy::UpdateCondition(const records::CollectionSpec& collection,
                                                   std::string_view alias) const {
  return OnRow(collection, alias, &AccessRules::update);
}

storage::SqlFragment AccessPolicy::EditCondition(const records::CollectionSpec& collection,
                                                 std::string_view alias) const {
  return OnRow(collection, alias, &AccessRules::edit);
}

storage::SqlFragment AccessPolicy::DeleteCondition(const records::CollectionSpec& collection,
                                                   std::string_view alias) const {
  const Family* family = families_.Find(collection.name);
  if (family && !family->access().remove) return UpdateCondition(collection, alias);
  return OnRow(collection, alias, &AccessRules::remove);
}

storage::SqlFragment AccessPolicy::CreateCondition(const records::CollectionSpec& collection,
                                                   const nlohmann::json& values) const {
  const Family* family = families_.Find(collection.name);
  if (!family) return {"0", {}};
  return policy::Evaluate(family->access().create,
                          RuleInput{caller_, families_, *family->spec, "", &values});
}

void AccessPolicy::Redact(const records::CollectionSpec& collection, nlohmann::json& record) const {
  const Family* family = families_.Find(collection.name);
  if (family && family->access().redact) family->access().redact(caller_, record);
}

std::vector<std::string> AccessPolicy::FieldsRedactReads(
    const records::CollectionSpec& collection) const {
  const Family* family = families_.Find(collection.name);
  return family ? family->access().redact_reads : std::vector<std::string>{};
}

}  // namespace cairn::services
