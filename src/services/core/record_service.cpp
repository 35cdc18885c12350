// Generic record operations: validation, the access policy's conditions, then the engine.
#include "services/core/record_service.h"

#include <sstream>
#include <unordered_set>

#include "records/validation.h"
#include "services/core/cascade.h"

namespace cairn::services {

using records::Json;

RecordService::RecordService(storage::Database& database, const records::RecordEngine& engine,
                             storage::BlobStore& blobs)
    : database_(database), engine_(engine), blobs_(blobs) {}

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

records::ExpandTree RecordService::MergedExpand(const Family& family, std::string_view expand,
                                                const records::ExpandTree& defaults) const {
  records::ExpandTree tree = records::ParseExpand(expand, *family.spec, engine_.registry());
  tree.Merge(defaults);
  return tree;
}

util::Result<Json> RecordService::Show(const Caller& caller, const std::string& collection,
                                       std::string_view id, std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  const records::ExpandTree tree = MergedExpand(*family, expand, family->show_expand);
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
  query.expand = MergedExpand(*family, params.expand, family->list_expand);
  AccessPolicy policy(caller);
  return database_.Read<records::ListPage>(
      [&](storage::Connection& c) { return engine_.List(c, *family->spec, query, policy); });
}

util::Result<bool> RecordService::Holds(storage::Connection& connection,
                                        const storage::SqlFragment& condition, const Family& family,
                                        std::string_view id) const {
  storage::SqlParams params = condition.params;
  params.emplace_back(std::string(id));
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, connection.Query("SELECT 1 FROM " + records::QuoteIdentifier(family.spec->name) +
                                      " a WHERE " + condition.sql + " AND a.id = ?",
                                  params));
  return !rows.rows.empty();
}

util::Result<RecordService::WriteRight> RecordService::RightOn(storage::Connection& connection,
                                                               const Family& family,
                                                               const AccessPolicy& policy,
                                                               std::string_view id) const {
  CAIRN_ASSIGN_OR_RETURN(bool full,
                         Holds(connection, policy.UpdateCondition(*family.spec, "a"), family, id));
  if (full) return WriteRight::kFull;
  CAIRN_ASSIGN_OR_RETURN(bool edit,
                         Holds(connection, policy.EditCondition(*family.spec, "a"), family, id));
  return edit ? WriteRight::kEdit : WriteRight::kNone;
}

util::Status RecordService::CheckUnique(storage::Connection& connection, const Family& family,
                                        const Json& values, std::string_view except_id) const {
  const auto& fields = family.rules.unique_fields;
  if (fields.empty()) return util::OkStatus();
  std::string sql =
      "SELECT 1 FROM " + records::QuoteIdentifier(family.spec->name) + " WHERE id != ?";
  storage::SqlParams params{std::string(except_id)};
  for (const auto& field : fields) {
    sql += " AND " + records::QuoteIdentifier(field) + " = ?";
    params.emplace_back(values.value(field, ""));
  }
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql, params));
  if (rows.rows.empty()) return util::OkStatus();
  return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kCreate),
                                   fields.back(), "validation_not_unique",
                                   family.rules.unique_message);
}

util::Status RecordService::KeepHiddenIds(storage::Connection& connection, const Family& family,
                                          std::string_view id, const Json& visible,
                                          Json& changes) const {
  std::optional<Json> stored;
  for (const auto& field : family.spec->fields) {
    if (field.type != records::FieldType::kRelation || !field.multiple ||
        !changes.contains(field.name)) {
      continue;
    }
    if (!stored) {
      CAIRN_ASSIGN_OR_RETURN(Json raw, engine_.FindByIdUnchecked(connection, *family.spec, id));
      stored = std::move(raw);
    }
    std::unordered_set<std::string> seen;
    for (const auto& v : visible[field.name]) seen.insert(v.get<std::string>());
    std::unordered_set<std::string> kept;
    for (const auto& v : changes[field.name]) kept.insert(v.get<std::string>());
    // Hidden ids stay, after the ones the caller arranged.
    for (const auto& v : (*stored)[field.name]) {
      const std::string& item = v.get_ref<const std::string&>();
      if (!seen.count(item) && !kept.count(item)) changes[field.name].push_back(item);
    }
  }
  return util::OkStatus();
}

util::Status RecordService::ApplyFileEdits(const Family& family, const Json& current,
                                           const FileEdits& edits, records::WriteMode mode,
                                           Json& values, std::vector<std::string>& dropped) const {
  for (const auto& [name, edit] : edits) {
    const records::FieldSpec* field = family.spec->FindField(name);
    if (!field || field->type != records::FieldType::kFile) {
      return util::Error::InvalidField(records::FailureMessage(mode), name,
                                       "validation_unknown_field",
                                       "This record has no file field \"" + name + "\".");
    }
    if (edit.Empty()) continue;
    const Json stored =
        current.is_object() && current.contains(name) ? current[name] : records::ZeroValue(*field);
    CAIRN_ASSIGN_OR_RETURN(FileFieldChange change, ApplyFileEdit(*field, stored, edit, mode));
    values[name] = std::move(change.value);
    dropped.insert(dropped.end(), change.dropped.begin(), change.dropped.end());
  }
  return util::OkStatus();
}

util::Result<const records::CollectionSpec*> RecordService::SpecOf(
    const std::string& collection) const {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  return family->spec;
}

util::Result<Json> RecordService::Create(const Caller& caller, const std::string& collection,
                                         const Json& body, std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(FileWriteResult result,
                         CreateWithFiles(caller, collection, body, expand, FileWrite{}));
  return std::move(result.record);
}

util::Result<FileWriteResult> RecordService::CreateWithFiles(const Caller& caller,
                                                             const std::string& collection,
                                                             const Json& body,
                                                             std::string_view expand,
                                                             const FileWrite& files) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to create records.");
  if (family->rules.read_only) {
    return util::Error::Forbidden("The " + collection + " collection is read-only.");
  }
  const records::ExpandTree tree = MergedExpand(*family, expand, family->create_expand);
  Json input = body;
  const std::string& owner_field = family->rules.owner_field;
  if (family->rules.owner_defaults_to_caller && input.is_object() &&
      (!input.contains(owner_field) || input[owner_field] == "")) {
    input[owner_field] = caller.user_id;
  }
  CAIRN_ASSIGN_OR_RETURN(Json validated,
                         records::ValidateBody(*family->spec, input, records::WriteMode::kCreate));
  if (family->rules.validate) {
    CAIRN_RETURN_IF_ERROR(family->rules.validate(validated, records::WriteMode::kCreate));
  }
  Json values = files.derived;
  values.update(validated);
  std::vector<std::string> dropped;  // stays empty: a new record holds nothing yet
  CAIRN_RETURN_IF_ERROR(ApplyFileEdits(*family, Json::object(), files.edits,
                                       records::WriteMode::kCreate, values, dropped));
  AccessPolicy policy(caller);
  return database_.Write<FileWriteResult>([&](storage::Connection& c)
                                              -> util::Result<FileWriteResult> {
    // Relations first: an id that names nothing the caller can see is a 400, like any
    // missing relation; only then may the policy say 403 about what does exist.
    CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
        c, *family->spec, values, policy, records::FailureMessage(records::WriteMode::kCreate)));
    storage::SqlFragment allowed = policy.CreateCondition(*family->spec, values);
    CAIRN_ASSIGN_OR_RETURN(auto verdict, c.Query("SELECT " + allowed.sql, allowed.params));
    if (std::get<int64_t>(verdict.rows.at(0).at(0)) == 0) {
      return util::Error::Forbidden(family->rules.create_denied);
    }
    CAIRN_RETURN_IF_ERROR(CheckUnique(c, *family, values, ""));
    NewRecord record{values};
    if (family->rules.prepare_insert) {
      CAIRN_RETURN_IF_ERROR(family->rules.prepare_insert(c, caller, record));
    }
    CAIRN_ASSIGN_OR_RETURN(
        Json created, files.record_id.empty()
                          ? engine_.Insert(c, *family->spec, values, policy, record.hidden_columns)
                          : engine_.InsertWithId(c, *family->spec, files.record_id, values, policy,
                                                 record.hidden_columns));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&created}, tree, policy));
    for (auto& [key, value] : record.response_extras.items()) created[key] = value;
    return FileWriteResult{std::move(created), {}};
  });
}

util::Status RecordService::CheckMayUpdate(const Caller& caller, const std::string& collection,
                                           std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  AccessPolicy policy(caller);
  auto checked = database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
    CAIRN_ASSIGN_OR_RETURN(WriteRight right, RightOn(c, *family, policy, id));
    if (family->rules.read_only || right == WriteRight::kNone) {
      return util::Error::Forbidden("You are not allowed to change this record.");
    }
    return true;
  });
  if (!checked.ok()) return std::move(checked).error();
  return util::OkStatus();
}

util::Result<Json> RecordService::Update(const Caller& caller, const std::string& collection,
                                         std::string_view id, const Json& body,
                                         std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(FileWriteResult result,
                         UpdateWithFiles(caller, collection, id, body, expand, FileWrite{}));
  return std::move(result.record);
}

util::Result<FileWriteResult> RecordService::UpdateWithFiles(const Caller& caller,
                                                             const std::string& collection,
                                                             std::string_view id, const Json& body,
                                                             std::string_view expand,
                                                             const FileWrite& files) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  const records::ExpandTree tree = MergedExpand(*family, expand, family->update_expand);
  AccessPolicy policy(caller);
  return database_.Write<FileWriteResult>([&](storage::Connection& c)
                                              -> util::Result<FileWriteResult> {
    CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
    CAIRN_ASSIGN_OR_RETURN(WriteRight right, RightOn(c, *family, policy, id));
    if (family->rules.read_only || right == WriteRight::kNone) {
      return util::Error::Forbidden("You are not allowed to change this record.");
    }
    Json values = Json::object();
    if (!files.without_body) {
      CAIRN_ASSIGN_OR_RETURN(
          values, records::ValidateBody(*family->spec, body, records::WriteMode::kUpdate));
    }
    util::Error refused =
        util::Error::InvalidArgument(records::FailureMessage(records::WriteMode::kUpdate));
    std::vector<std::string> fixed = family->rules.immutable_fields;
    fixed.push_back(family->rules.owner_field);
    for (const auto& name : fixed) {
      if (values.contains(name) && values[name] != current[name]) {
        refused.field_errors[name] = {"validation_immutable", "Cannot be changed."};
      }
    }
    if (!refused.field_errors.empty()) return refused;
    if (right == WriteRight::kEdit) {
      const auto& allowed = family->rules.editor_fields;
      auto editable = [&](const std::string& name) {
        return std::find(allowed.begin(), allowed.end(), name) != allowed.end();
      };
      for (const auto& [name, value] : values.items()) {
        if (value != current[name] && !editable(name)) {
          return util::Error::Forbidden("An edit share cannot change \"" + name +
                                        "\"; ask the owner.");
        }
      }
      for (const auto& [name, edit] : files.edits) {
        if (!edit.Empty() && !editable(name)) {
          return util::Error::Forbidden("An edit share cannot change \"" + name +
                                        "\"; ask the owner.");
        }
      }
    }
    if (family->rules.validate) {
      CAIRN_RETURN_IF_ERROR(family->rules.validate(values, records::WriteMode::kUpdate));
    }
    CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
        c, *family->spec, values, policy, records::FailureMessage(records::WriteMode::kUpdate)));
    CAIRN_RETURN_IF_ERROR(KeepHiddenIds(c, *family, id, current, values));
    Json changes = files.derived;
    changes.update(values);
    FileWriteResult result;
    if (!files.edits.empty()) {
      // The stored names, not the caller's view: files are never hidden, but read them raw so a
      // concurrent upload committed just before this one is kept.
      CAIRN_ASSIGN_OR_RETURN(Json stored, engine_.FindByIdUnchecked(c, *family->spec, id));
      CAIRN_RETURN_IF_ERROR(ApplyFileEdits(*family, stored, files.edits,
                                           records::WriteMode::kUpdate, changes, result.dropped));
    }
    if (family->rules.adjust_update) family->rules.adjust_update(current, changes);
    CAIRN_ASSIGN_OR_RETURN(result.record, engine_.Update(c, *family->spec, id, changes, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&result.record}, tree, policy));
    return result;
  });
}

util::Status RecordService::Delete(const Caller& caller, const std::string& collection,
                                   std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to delete records.");
  AccessPolicy policy(caller);
  auto deleted = database_.Write<std::vector<FileOwner>>(
      [&](storage::Connection& c) -> util::Result<std::vector<FileOwner>> {
        CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
        CAIRN_ASSIGN_OR_RETURN(bool allowed,
                               Holds(c, policy.DeleteCondition(*family->spec, "a"), *family, id));
        if (family->rules.read_only || !allowed) {
          return util::Error::Forbidden("You are not allowed to delete this record.");
        }
        return DeleteWithDependents(c, engine_, *family->spec, id);
      });
  if (!deleted.ok()) return std::move(deleted).error();
  RemoveStoredFiles(blobs_, *deleted);  // the rows are gone: now the files may go
  return util::OkStatus();
}

}  // namespace cairn::services
