// Generic record operations: validation, the family's rules through the access policy, then the
// engine.
#include "services/core/record_service.h"

#include <algorithm>
#include <unordered_set>

#include "services/core/cascade.h"
#include "services/core/relation_agreement.h"
#include "util/case_fold.h"

namespace cairn::services {
namespace {

// Adds the field errors of `error` to `failure` (the first error of a field wins); any other
// error is returned as it is.
util::Status MergeFieldErrors(util::Status status, util::Error& failure) {
  if (status.ok()) return util::OkStatus();
  util::Error error = std::move(status).error();
  if (error.kind != util::ErrorKind::kInvalidArgument || error.field_errors.empty()) return error;
  for (auto& [field, field_error] : error.field_errors) {
    failure.field_errors.emplace(field, std::move(field_error));
  }
  return util::OkStatus();
}

// The policy with the view rule standing in for the list rule.
class ViewableRows final : public records::Visibility {
 public:
  explicit ViewableRows(const AccessPolicy& policy) : policy_(policy) {}
  storage::SqlFragment ViewCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const override {
    return policy_.ViewCondition(collection, alias);
  }
  void Redact(const records::CollectionSpec& collection, Json& record) const override {
    policy_.Redact(collection, record);
  }
  std::vector<std::string> FieldsRedactReads(
      const records::CollectionSpec& collection) const override {
    return policy_.FieldsRedactReads(collection);
  }

 private:
  const AccessPolicy& policy_;
};

// The folded keys of the unique values `values` sets, as columns to write with the row.
void AddFoldedKeys(const Family& family, const Json& values,
                   std::vector<std::pair<std::string, storage::SqlValue>>& columns) {
  for (const Uniqueness& unique : family.definition.uniqueness) {
    if (unique.folded_column.empty()) continue;
    auto it = values.find(unique.fields.front());
    if (it == values.end() || !it->is_string()) continue;
    columns.emplace_back(unique.folded_column, util::FoldCase(it->get<std::string>()));
  }
}

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

RecordService::RecordService(storage::Database& database, const FamilyRegistry& families,
                             const records::RecordEngine& engine, storage::BlobStore& blobs)
    : database_(database), families_(families), engine_(engine), blobs_(blobs) {}

util::Result<const Family*> RecordService::FindFamily(const std::string& collection) const {
  const Family* family = families_.Find(collection);
  if (!family) return util::Error::NotFound("Missing collection context.");
  return family;
}

records::ExpandTree RecordService::MergedExpand(const Family& family, std::string_view expand,
                                                const records::ExpandTree& defaults) const {
  records::ExpandTree tree = records::ParseExpand(expand, *family.spec, engine_.registry());
  tree.Merge(defaults);
  return tree;
}

util::Result<Json> RecordService::ValidateValues(const Family& family, const Json& body,
                                                 records::WriteMode mode) const {
  Json values;
  util::Status checked = records::ValidateFields(*family.spec, body, mode, values);
  if (!checked.ok() && checked.error().field_errors.empty()) return std::move(checked).error();
  util::Error failure = util::Error::InvalidArgument(records::FailureMessage(mode));
  CAIRN_RETURN_IF_ERROR(MergeFieldErrors(std::move(checked), failure));
  if (family.definition.validate) {
    CAIRN_RETURN_IF_ERROR(MergeFieldErrors(family.definition.validate(values, mode), failure));
  }
  if (!failure.field_errors.empty()) return failure;
  return values;
}

util::Result<Json> RecordService::Show(const Caller& caller, const std::string& collection,
                                       std::string_view id, std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  const records::ExpandTree tree = MergedExpand(*family, expand, family->show_expand);
  const AccessPolicy policy = PolicyFor(caller);
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json record, engine_.FindById(c, *family->spec, id, policy));
    CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family->spec, {&record}, tree, policy));
    return record;
  });
}

namespace {

// `extra` AND the conditions of the family's own list parameters the request names (the first
// value of each).
util::Result<records::ListCondition> ListParameterConditions(const Family& family,
                                                             const ListParams& params,
                                                             const Caller& caller,
                                                             const storage::SqlFragment& extra,
                                                             storage::Connection& connection) {
  records::ListCondition combined = records::ListCondition::Same(extra);
  for (const ListParameter& parameter : family.definition.list_parameters) {
    auto given = std::find_if(params.query.begin(), params.query.end(),
                              [&](const auto& entry) { return entry.first == parameter.name; });
    if (given == params.query.end()) continue;
    CAIRN_ASSIGN_OR_RETURN(records::ListCondition condition,
                           parameter.condition(given->second, caller, connection));
    combined = combined.And(condition);
  }
  return combined;
}

}  // namespace

util::Result<ListPage> RecordService::List(const Caller& caller, const std::string& collection,
                                           const ListParams& params,
                                           const storage::SqlFragment& extra) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  records::ListQuery query;
  query.page = params.page;
  query.per_page = params.per_page;
  query.sort = params.sort;
  query.filter = params.filter;
  query.skip_total = params.skip_total;
  query.order_by = params.order_by;
  query.fields = params.fields;
  query.expand = MergedExpand(*family, params.expand, family->list_expand);
  const AccessPolicy policy = PolicyFor(caller);
  const ViewableRows viewable(policy);
  const records::Visibility& rows =
      params.rows == Rows::kViewable ? static_cast<const records::Visibility&>(viewable) : policy;
  return database_.Read<ListPage>([&](storage::Connection& c) -> util::Result<ListPage> {
    CAIRN_ASSIGN_OR_RETURN(records::ListCondition conditions,
                           ListParameterConditions(*family, params, caller, extra, c));
    return engine_.List(c, *family->spec, query, rows, conditions);
  });
}

util::Result<bool> RecordService::Holds(storage::Connection& connection,
                                        const storage::SqlFragment& condition, const Family& family,
                                        std::string_view id) const {
  storage::SqlParams params = condition.params;
  params.emplace_back(std::string(id));
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, connection.Query("SELECT 1 FROM " + records::QuoteIdentifier(family.name()) +
                                      " a WHERE " + condition.sql + " AND a.id = ?",
                                  params));
  return !rows.rows.empty();
}

util::Result<RecordService::WriteRight> RecordService::RightOn(storage::Connection& connection,
                                                               const Family& family,
                                                               const AccessPolicy& policy,
                                                               std::string_view id) const {
  if (family.definition.read_only) return WriteRight::kNone;
  CAIRN_ASSIGN_OR_RETURN(bool full,
                         Holds(connection, policy.UpdateCondition(*family.spec, "a"), family, id));
  if (full) return WriteRight::kFull;
  CAIRN_ASSIGN_OR_RETURN(bool edit,
                         Holds(connection, policy.EditCondition(*family.spec, "a"), family, id));
  return edit ? WriteRight::kEdit : WriteRight::kNone;
}

util::Status RecordService::CheckUnique(storage::Connection& connection, const Family& family,
                                        const Json& values, const Json& stored,
                                        std::string_view except_id, util::Error& failure) const {
  for (const Uniqueness& unique : family.definition.uniqueness) {
    // Only values this write sets are checked; the stored ones were checked when written.
    bool touched = false;
    for (const auto& field : unique.fields) touched = touched || values.contains(field);
    if (!touched || failure.field_errors.count(unique.fields.back())) continue;
    std::string sql = "SELECT 1 FROM " + records::QuoteIdentifier(family.name()) + " WHERE id != ?";
    storage::SqlParams params{std::string(except_id)};
    if (!unique.folded_column.empty()) {
      // One field, compared by its folded form in the key column.
      const std::string& field = unique.fields.front();
      const Json& source = values.contains(field) ? values : stored;
      sql += " AND " + records::QuoteIdentifier(unique.folded_column) + " = ?";
      params.emplace_back(util::FoldCase(source.value(field, "")));
    } else {
      for (const auto& field : unique.fields) {
        sql += " AND " + records::QuoteIdentifier(field) + " = ?" +
               (unique.ignore_case ? " COLLATE NOCASE" : "");
        const Json& source = values.contains(field) ? values : stored;
        params.emplace_back(source.value(field, ""));
      }
    }
    CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql + " LIMIT 1", params));
    if (!rows.rows.empty()) {
      failure.field_errors[unique.fields.back()] = {"validation_not_unique", unique.message};
    }
  }
  return util::OkStatus();
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
  CAIRN_ASSIGN_OR_RETURN(WriteResult result,
                         CreateWith(caller, collection, body, expand, WriteOptions{}));
  return std::move(result.record);
}

util::Result<Json> RecordService::PrepareCreate(const Caller& caller, const Family& family,
                                                const Json& body,
                                                const WriteOptions& options) const {
  const FamilyDefinition& d = family.definition;
  if (d.sign_in_to_create && caller.IsAnonymous()) {
    return util::Error::Unauthorized("Sign in to create records.");
  }
  if (d.read_only)
    return util::Error::Forbidden("The " + family.name() + " collection is read-only.");
  Json input = body;
  if (d.owner_defaults_to_caller && input.is_object() &&
      (!input.contains(d.owner_field) || input[d.owner_field] == "")) {
    input[d.owner_field] = caller.user_id;
  }
  CAIRN_ASSIGN_OR_RETURN(Json validated,
                         ValidateValues(family, input, records::WriteMode::kCreate));
  return MergeDerived(d, Json::object(), options.derived, validated);
}

util::Status RecordService::CheckValues(const std::string& collection, const Json& body,
                                        records::WriteMode mode, const std::string& id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  util::Error failure = util::Error::InvalidArgument(records::FailureMessage(mode));
  Json values;
  util::Status checked = records::ValidateFields(*family->spec, body, mode, values);
  if (!checked.ok() && checked.error().field_errors.empty()) return checked;
  CAIRN_RETURN_IF_ERROR(MergeFieldErrors(std::move(checked), failure));
  if (family->definition.validate) {
    CAIRN_RETURN_IF_ERROR(MergeFieldErrors(family->definition.validate(values, mode), failure));
  }
  auto unique = database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(CheckUnique(c, *family, values, Json::object(), id, failure));
    return true;
  });
  if (!unique.ok()) return std::move(unique).error();
  if (!failure.field_errors.empty()) return failure;
  return util::OkStatus();
}

util::Result<WriteResult> RecordService::CreateWith(const Caller& caller,
                                                    const std::string& collection, const Json& body,
                                                    std::string_view expand,
                                                    const WriteOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  CAIRN_ASSIGN_OR_RETURN(Json values, PrepareCreate(caller, *family, body, options));
  const records::ExpandTree tree = MergedExpand(*family, expand, family->create_expand);
  return database_.Write<WriteResult>(
      [&](storage::Connection& c) { return CreateOn(c, &caller, *family, values, tree, options); });
}

util::Result<Json> RecordService::CreateIn(storage::Connection& connection, const Caller& caller,
                                           const std::string& collection, const Json& body) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  const WriteOptions none;
  CAIRN_ASSIGN_OR_RETURN(Json values, PrepareCreate(caller, *family, body, none));
  CAIRN_ASSIGN_OR_RETURN(WriteResult result,
                         CreateOn(connection, &caller, *family, values, {}, none));
  return std::move(result.record);
}

// `caller` null: the admin, for whom no access rule applies.
util::Result<WriteResult> RecordService::CreateOn(storage::Connection& c, const Caller* caller,
                                                  const Family& family, const Json& checked_values,
                                                  const records::ExpandTree& tree,
                                                  const WriteOptions& options) {
  const FamilyDefinition& d = family.definition;
  const Caller nobody;
  const AccessPolicy policy = PolicyFor(caller ? *caller : nobody);
  const records::Visibility& visibility =
      caller ? static_cast<const records::Visibility&>(policy) : records::Unrestricted();
  if (options.before) CAIRN_RETURN_IF_ERROR(options.before(c));
  Json values = checked_values;
  std::vector<std::string> dropped;  // stays empty: a new record holds nothing yet
  CAIRN_RETURN_IF_ERROR(ApplyFileEdits(family, Json::object(), options.edits,
                                       records::WriteMode::kCreate, values, dropped));
  // Relations first: an id that names nothing the caller can see is a 400, like any
  // missing relation; only then may the policy say 403 about what does exist.
  CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
      c, *family.spec, values, visibility, records::FailureMessage(records::WriteMode::kCreate)));
  CAIRN_RETURN_IF_ERROR(
      SettleAgreements(c, family, Json::object(), records::WriteMode::kCreate, values));
  if (caller) {
    storage::SqlFragment allowed = policy.CreateCondition(*family.spec, values);
    CAIRN_ASSIGN_OR_RETURN(auto verdict, c.Query("SELECT " + allowed.sql, allowed.params));
    if (std::get<int64_t>(verdict.rows.at(0).at(0)) == 0) {
      return util::Error::Forbidden(d.access.create_denied);
    }
  }
  util::Error failure =
      util::Error::InvalidArgument(records::FailureMessage(records::WriteMode::kCreate));
  CAIRN_RETURN_IF_ERROR(CheckUnique(c, family, values, Json::object(), "", failure));
  if (!failure.field_errors.empty()) return failure;
  NewRecord record{values, options.hidden_columns};
  if (d.prepare_insert) {
    CAIRN_RETURN_IF_ERROR(d.prepare_insert(c, caller ? *caller : nobody, record));
  }
  AddFoldedKeys(family, values, record.hidden_columns);
  CAIRN_ASSIGN_OR_RETURN(
      Json created, options.record_id.empty()
                        ? engine_.Insert(c, *family.spec, values, visibility, record.hidden_columns)
                        : engine_.InsertWithId(c, *family.spec, options.record_id, values,
                                               visibility, record.hidden_columns));
  if (options.after) CAIRN_RETURN_IF_ERROR(options.after(c, created));
  CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family.spec, {&created}, tree, visibility));
  for (auto& [key, value] : record.response_extras.items()) created[key] = value;
  return WriteResult{std::move(created), {}};
}

util::Status RecordService::CheckMayUpdate(const Caller& caller, const std::string& collection,
                                           std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  const AccessPolicy policy = PolicyFor(caller);
  auto checked = database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
    CAIRN_ASSIGN_OR_RETURN(WriteRight right, RightOn(c, *family, policy, id));
    if (right == WriteRight::kNone) {
      return util::Error::Forbidden(family->access().update_denied);
    }
    return true;
  });
  if (!checked.ok()) return std::move(checked).error();
  return util::OkStatus();
}

util::Result<Json> RecordService::Update(const Caller& caller, const std::string& collection,
                                         std::string_view id, const Json& body,
                                         std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(WriteResult result,
                         UpdateWith(caller, collection, id, body, expand, WriteOptions{}));
  return std::move(result.record);
}

util::Result<WriteResult> RecordService::UpdateWith(const Caller& caller,
                                                    const std::string& collection,
                                                    std::string_view id, const Json& body,
                                                    std::string_view expand,
                                                    const WriteOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  const records::ExpandTree tree = MergedExpand(*family, expand, family->update_expand);
  return database_.Write<WriteResult>([&](storage::Connection& c) {
    return UpdateOn(c, &caller, *family, id, body, tree, options);
  });
}

util::Result<Json> RecordService::UpdateIn(storage::Connection& connection, const Caller& caller,
                                           const std::string& collection, std::string_view id,
                                           const Json& body) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  CAIRN_ASSIGN_OR_RETURN(WriteResult result,
                         UpdateOn(connection, &caller, *family, id, body, {}, WriteOptions{}));
  return std::move(result.record);
}

// `caller` null: the admin, for whom no access rule applies.
util::Result<WriteResult> RecordService::UpdateOn(storage::Connection& c, const Caller* caller,
                                                  const Family& family, std::string_view id,
                                                  const Json& body, const records::ExpandTree& tree,
                                                  const WriteOptions& options) {
  const FamilyDefinition& d = family.definition;
  const Caller nobody;
  const AccessPolicy policy = PolicyFor(caller ? *caller : nobody);
  const records::Visibility& visibility =
      caller ? static_cast<const records::Visibility&>(policy) : records::Unrestricted();
  if (options.before) CAIRN_RETURN_IF_ERROR(options.before(c));
  CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family.spec, id, visibility));
  WriteRight right = WriteRight::kFull;
  if (caller) {
    CAIRN_ASSIGN_OR_RETURN(right, RightOn(c, family, policy, id));
    if (right == WriteRight::kNone) return util::Error::Forbidden(d.access.update_denied);
  }
  Json values = Json::object();
  if (!options.without_body) {
    CAIRN_ASSIGN_OR_RETURN(values, ValidateValues(family, body, records::WriteMode::kUpdate));
  }
  util::Error refused =
      util::Error::InvalidArgument(records::FailureMessage(records::WriteMode::kUpdate));
  std::vector<std::string> fixed = d.immutable_fields;
  fixed.push_back(d.owner_field);
  for (const auto& name : fixed) {
    if (values.contains(name) && values[name] != current[name]) {
      refused.field_errors[name] = {"validation_immutable", "Cannot be changed."};
    }
  }
  if (!refused.field_errors.empty()) return refused;
  if (right == WriteRight::kEdit) {
    for (const auto& [name, value] : values.items()) {
      if (value != current[name] && !Contains(d.editor_fields, name)) {
        return util::Error::Forbidden("An edit share cannot change \"" + name +
                                      "\"; ask the owner.");
      }
    }
    for (const auto& [name, edit] : options.edits) {
      if (!edit.Empty() && !Contains(d.editor_fields, name)) {
        return util::Error::Forbidden("An edit share cannot change \"" + name +
                                      "\"; ask the owner.");
      }
    }
  }
  CAIRN_RETURN_IF_ERROR(engine_.CheckRelations(
      c, *family.spec, values, visibility, records::FailureMessage(records::WriteMode::kUpdate)));
  CAIRN_RETURN_IF_ERROR(SettleAgreements(c, family, current, records::WriteMode::kUpdate, values));
  CAIRN_RETURN_IF_ERROR(KeepHiddenIds(c, family, id, current, values));
  util::Error not_unique =
      util::Error::InvalidArgument(records::FailureMessage(records::WriteMode::kUpdate));
  CAIRN_RETURN_IF_ERROR(CheckUnique(c, family, values, current, id, not_unique));
  if (!not_unique.field_errors.empty()) return not_unique;
  Json changes = MergeDerived(d, current, options.derived, values);
  WriteResult result;
  if (!options.edits.empty()) {
    // The stored names, not the caller's view: files are never hidden, but read them raw so a
    // concurrent upload committed just before this one is kept.
    CAIRN_ASSIGN_OR_RETURN(Json stored, engine_.FindByIdUnchecked(c, *family.spec, id));
    CAIRN_RETURN_IF_ERROR(ApplyFileEdits(family, stored, options.edits, records::WriteMode::kUpdate,
                                         changes, result.dropped));
  }
  if (d.adjust_update && d.access.redact) {
    // The record as stored, not as this caller sees it: a family keeps what redaction hides
    // (a plugin instance's sealed secrets). Families that redact nothing see the same record.
    CAIRN_ASSIGN_OR_RETURN(Json stored, engine_.FindByIdUnchecked(c, *family.spec, id));
    d.adjust_update(stored, changes);
  } else if (d.adjust_update) {
    d.adjust_update(current, changes);
  }
  std::vector<std::pair<std::string, storage::SqlValue>> hidden = options.hidden_columns;
  AddFoldedKeys(family, changes, hidden);
  CAIRN_ASSIGN_OR_RETURN(result.record,
                         engine_.Update(c, *family.spec, id, changes, visibility, hidden));
  if (options.after) CAIRN_RETURN_IF_ERROR(options.after(c, result.record));
  CAIRN_RETURN_IF_ERROR(engine_.Expand(c, *family.spec, {&result.record}, tree, visibility));
  return result;
}

util::Status RecordService::Delete(const Caller& caller, const std::string& collection,
                                   std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FindFamily(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to delete records.");
  const AccessPolicy policy = PolicyFor(caller);
  auto deleted = database_.Write<std::vector<FileOwner>>(
      [&](storage::Connection& c) -> util::Result<std::vector<FileOwner>> {
        CAIRN_ASSIGN_OR_RETURN(Json current, engine_.FindById(c, *family->spec, id, policy));
        CAIRN_ASSIGN_OR_RETURN(bool allowed,
                               Holds(c, policy.DeleteCondition(*family->spec, "a"), *family, id));
        if (family->definition.read_only || !allowed) {
          return util::Error::Forbidden(family->access().delete_denied);
        }
        return DeleteWithDependents(c, families_, *family, id, engine_.Now());
      });
  if (!deleted.ok()) return std::move(deleted).error();
  RemoveStoredFiles(blobs_, *deleted);  // the rows are gone: now the files may go
  return util::OkStatus();
}

}  // namespace cairn::services
