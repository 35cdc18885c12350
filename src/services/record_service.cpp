// Generic record operations plus the per-family rules that make them safe.
#include "services/record_service.h"

#include <sstream>

#include "records/validation.h"
#include "services/cascade.h"
#include "services/collections.h"

namespace cairn::services {

using records::Json;

RecordService::RecordService(storage::Database& database, const records::RecordEngine& engine)
    : database_(database), engine_(engine) {}

void RecordService::AddFamily(FamilyRules rules) {
  Family family;
  family.spec = engine_.registry().Find(rules.collection);
  if (!family.spec) throw std::logic_error("unknown collection " + rules.collection);
  auto parse = [&](const std::string& text) {
    records::ExpandTree tree = records::ParseExpand(text, *family.spec, engine_.registry());
    // Default expands are declarations: a path the parser dropped is a typo in code, not a
    // client's mistake, so it stops start-up.
    std::stringstream paths(text);
    for (std::string path; std::getline(paths, path, ',');) {
      const records::ExpandTree* node = &tree;
      std::stringstream segments(path);
      for (std::string segment; node && std::getline(segments, segment, '.');) {
        auto it = node->children.find(segment);
        node = it == node->children.end() ? nullptr : &it->second;
      }
      if (!node) throw std::logic_error("bad default expand \"" + path + "\"");
    }
    return tree;
  };
  family.show_expand = parse(rules.show_expand);
  family.list_expand = parse(rules.list_expand);
  family.create_expand = parse(rules.create_expand);
  family.update_expand = parse(rules.update_expand);
  family.rules = std::move(rules);
  families_[family.rules.collection] = std::move(family);
}

util::Result<const RecordService::Family*> RecordService::FindFamily(
    const std::string& collection) const {
  auto it = families_.find(collection);
  if (it == families_.end()) return util::Error::NotFound("Missing collection context.");
  return &it->second;
}

util::Result<records::ExpandTree> RecordService::MergedExpand(
    const Family& family, std::string_view expand, const records::ExpandTree& defaults) const {
  records::ExpandTree tree = records::ParseExpand(expand, *family.spec, engine_.registry());
  tree.Merge(defaults);
  return tree;
}

util::Result<Json> RecordService::Show(const Caller& caller, const std::string& collection,
                                       std::string_view id, std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  CAIRN_ASSIGN_OR_RETURN(auto tree, MergedExpand(*family, expand, family->show_expand));
  AccessPolicy policy(caller);
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json record, engine_.FindById(c, *family->spec, id, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&record}, tree, policy));
    return record;
  });
}

util::Result<records::ListPage> RecordService::List(const Caller& caller,
                                                    const std::string& collection,
                                                    const ListParams& params) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  records::ListQuery query;
  query.page = params.page;
  query.per_page = params.per_page;
  query.sort = params.sort;
  query.filter = params.filter;
  query.skip_total = params.skip_total;
  CAIRN_ASSIGN_OR_RETURN(query.expand, MergedExpand(*family, params.expand, family->list_expand));
  AccessPolicy policy(caller);
  return database_.Read<records::ListPage>(
      [&](storage::Connection& c) { return engine_.List(c, *family->spec, query, policy); });
}

util::Result<std::string> RecordService::OwnerOf(storage::Connection& connection,
                                                 const Family& family, const Json& record) const {
  switch (family.rules.ownership) {
    case Ownership::kAuthorField:
      return record.value("author", "");
    case Ownership::kSharedItem: {
      const std::string item_id = record.value(family.rules.shared_item_field, "");
      const records::FieldSpec* field = family.spec->FindField(family.rules.shared_item_field);
      const records::CollectionSpec* target = engine_.registry().Find(field->relation_target);
      auto item = engine_.FindByIdUnchecked(connection, *target, item_id);
      if (!item.ok()) return std::string();
      return item->value("author", "");
    }
    case Ownership::kReadOnly:
      break;
  }
  return std::string();
}

util::Status RecordService::CheckOwnedRelations(storage::Connection& connection,
                                                const Family& family, const Caller& caller,
                                                const Json& values) const {
  for (const auto& name : family.rules.owned_relations) {
    const std::string id = values.value(name, "");
    if (id.empty()) continue;
    const records::FieldSpec* field = family.spec->FindField(name);
    const records::CollectionSpec* target = engine_.registry().Find(field->relation_target);
    CAIRN_ASSIGN_OR_RETURN(Json related, engine_.FindByIdUnchecked(connection, *target, id));
    if (related.value("author", "") != caller.user_id) {
      return util::Error::Forbidden("Only the author of the " + name +
                                    " can attach records to it.");
    }
  }
  return util::OkStatus();
}

util::Status RecordService::CheckUniqueShare(storage::Connection& connection, const Family& family,
                                             const Json& values) const {
  if (family.rules.ownership != Ownership::kSharedItem) return util::OkStatus();
  const std::string& item = family.rules.shared_item_field;
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      connection.Query("SELECT 1 FROM " + records::QuoteIdentifier(family.spec->name) + " WHERE " +
                           records::QuoteIdentifier(item) + " = ? AND user = ?",
                       {values.value(item, ""), values.value("user", "")}));
  if (!rows.rows.empty()) {
    return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kCreate), "user",
                                     "validation_not_unique",
                                     "The " + item + " is already shared with this user.");
  }
  return util::OkStatus();
}

util::Result<Json> RecordService::Create(const Caller& caller, const std::string& collection,
                                         const Json& body, std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to create records.");
  if (family->rules.ownership == Ownership::kReadOnly) {
    return util::Error::Forbidden("The " + collection + " collection is read-only.");
  }
  CAIRN_ASSIGN_OR_RETURN(auto tree, MergedExpand(*family, expand, family->create_expand));
  Json input = body;
  if (family->rules.author_defaults_to_caller && input.is_object() &&
      (!input.contains("author") || input["author"] == "")) {
    input["author"] = caller.user_id;
  }
  CAIRN_ASSIGN_OR_RETURN(Json values,
                         records::ValidateBody(*family->spec, input, records::WriteMode::kCreate));
  AccessPolicy policy(caller);
  return database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // Relations first: an author id that names nobody is a 400 like any missing relation.
    CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
        c, *family->spec, values, policy, records::FailureMessage(records::WriteMode::kCreate)));
    if (family->rules.ownership == Ownership::kAuthorField &&
        values.value("author", "") != caller.user_id) {
      return util::Error::Forbidden("The author of a new record must be the signed-in user.");
    }
    if (family->rules.ownership == Ownership::kSharedItem) {
      CAIRN_ASSIGN_OR_RETURN(std::string owner, OwnerOf(c, *family, values));
      if (owner != caller.user_id) {
        return util::Error::Forbidden("Only the owner can share this " +
                                      family->rules.shared_item_field + ".");
      }
      CAIRN_RETURN_IF_ERROR(CheckUniqueShare(c, *family, values));
    }
    CAIRN_RETURN_IF_ERROR(CheckOwnedRelations(c, *family, caller, values));
    CAIRN_ASSIGN_OR_RETURN(Json record, engine_.Insert(c, *family->spec, values, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&record}, tree, policy));
    return record;
  });
}

util::Result<Json> RecordService::Update(const Caller& caller, const std::string& collection,
                                         std::string_view id, const Json& body,
                                         std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  CAIRN_ASSIGN_OR_RETURN(auto tree, MergedExpand(*family, expand, family->update_expand));
  AccessPolicy policy(caller);
  return database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
    if (family->rules.ownership == Ownership::kReadOnly) {
      return util::Error::Forbidden("The " + collection + " collection is read-only.");
    }
    CAIRN_ASSIGN_OR_RETURN(std::string owner, OwnerOf(c, *family, current));
    if (owner != caller.user_id) {
      return util::Error::Forbidden("Only the owner can change this record.");
    }
    CAIRN_ASSIGN_OR_RETURN(Json values,
                           records::ValidateBody(*family->spec, body, records::WriteMode::kUpdate));
    util::Error immutable =
        util::Error::InvalidArgument(records::FailureMessage(records::WriteMode::kUpdate));
    std::vector<std::string> fixed = family->rules.immutable_fields;
    if (family->rules.ownership == Ownership::kAuthorField) fixed.push_back("author");
    for (const auto& name : fixed) {
      if (values.contains(name) && values[name] != current[name]) {
        immutable.field_errors[name] = {"validation_immutable", "Cannot be changed."};
      }
    }
    if (!immutable.field_errors.empty()) return immutable;
    CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
        c, *family->spec, values, policy, records::FailureMessage(records::WriteMode::kUpdate)));
    CAIRN_RETURN_IF_ERROR(CheckOwnedRelations(c, *family, caller, values));
    CAIRN_ASSIGN_OR_RETURN(Json record, engine_.Update(c, *family->spec, id, values, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&record}, tree, policy));
    return record;
  });
}

util::Status RecordService::Delete(const Caller& caller, const std::string& collection,
                                   std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to delete records.");
  AccessPolicy policy(caller);
  auto done = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
    if (family->rules.ownership == Ownership::kReadOnly) {
      return util::Error::Forbidden("The " + collection + " collection is read-only.");
    }
    CAIRN_ASSIGN_OR_RETURN(std::string owner, OwnerOf(c, *family, current));
    if (owner != caller.user_id) {
      return util::Error::Forbidden("Only the owner can delete this record.");
    }
    CAIRN_RETURN_IF_ERROR(DeleteWithDependents(c, engine_, *family->spec, id));
    return true;
  });
  if (!done.ok()) return std::move(done).error();
  return util::OkStatus();
}

void RegisterStandardFamilies(RecordService& service) {
  service.AddFamily(
      {.collection = kTrails, .show_expand = "author", .update_expand = "category,waypoints"});
  service.AddFamily(
      {.collection = kLists, .show_expand = "trails,trails.category,trails.waypoints,author"});
  service.AddFamily({.collection = kWaypoints, .owned_relations = {"trail"}});
  service.AddFamily({.collection = kComments,
                     .immutable_fields = {"trail"},
                     .show_expand = "author",
                     .list_expand = "author",
                     .create_expand = "author",
                     .update_expand = "author"});
  service.AddFamily({.collection = kSummitLogs, .author_defaults_to_caller = true});
  service.AddFamily({.collection = kListShare,
                     .ownership = Ownership::kSharedItem,
                     .shared_item_field = "list",
                     .immutable_fields = {"list", "user"},
                     .show_expand = "user",
                     .list_expand = "user",
                     .create_expand = "user",
                     .update_expand = "user"});
  service.AddFamily({.collection = kTrailShare,
                     .ownership = Ownership::kSharedItem,
                     .shared_item_field = "trail",
                     .immutable_fields = {"trail", "user"},
                     .show_expand = "user",
                     .list_expand = "user",
                     .create_expand = "user",
                     .update_expand = "user"});
  service.AddFamily({.collection = kCategories, .ownership = Ownership::kReadOnly});
}

}  // namespace cairn::services
