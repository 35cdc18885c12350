// Uploads: read the form against the collection, check rights and files, store, commit, clean up.
#include "services/files/upload_service.h"

#include <cstdio>

#include "records/form_values.h"
#include "util/ids.h"
#include "util/log.h"

namespace cairn::services {

using records::Json;

namespace {

// "photos+" / "+photos" → {"photos", '+'}; "photos-" → {"photos", '-'}; else {name, 0}.
std::pair<std::string, char> SplitModifier(const std::string& name) {
  if (name.size() > 1 && name.back() == '+') return {name.substr(0, name.size() - 1), '+'};
  if (name.size() > 1 && name.front() == '+') return {name.substr(1), '+'};
  if (name.size() > 1 && name.back() == '-') return {name.substr(0, name.size() - 1), '-'};
  return {name, 0};
}

// A text value naming files: one name, or a JSON array of names (what some clients send).
util::Result<std::vector<std::string>> NamesIn(const std::string& field, const std::string& text,
                                               records::WriteMode mode) {
  if (text.empty() || text.front() != '[') return std::vector<std::string>{text};
  Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  std::vector<std::string> names;
  bool ok = parsed.is_array();
  for (size_t i = 0; ok && i < parsed.size(); ++i) {
    ok = parsed[i].is_string();
    if (ok) names.push_back(parsed[i].get<std::string>());
  }
  if (!ok) {
    return util::Error::InvalidField(records::FailureMessage(mode), field,
                                     "validation_invalid_value",
                                     "Name files as text or as a JSON array of names.");
  }
  return names;
}

Json MetadataJson(const images::PhotoMetadata& photo) {
  Json out = Json::object();
  if (photo.HasPosition()) {
    out["lat"] = *photo.lat;
    out["lon"] = *photo.lon;
  }
  if (photo.altitude) out["altitude"] = *photo.altitude;
  if (photo.taken_at) out["takenAt"] = *photo.taken_at;
  return out;
}

// The JSON field that keeps where `field`'s photos were taken (FileRule::positions_field), or "".
const std::string& PositionsFieldOf(const Family& family, const std::string& field) {
  static const std::string kNone;
  for (const FileRule& rule : family.definition.files) {
    if (rule.field == field) return rule.positions_field;
  }
  return kNone;
}

util::Error UnknownField(records::WriteMode mode, const std::string& name) {
  return util::Error::InvalidField(records::FailureMessage(mode), name, "validation_unknown_field",
                                   "This record has no file field \"" + name + "\".");
}

}  // namespace

struct UploadService::Plan {
  struct File {
    std::string field;
    std::string_view bytes;
    CheckedFile checked;
  };
  Json body = Json::object();
  std::string form_id;
  FileEdits edits;
  std::vector<File> files;
  Json derived = Json::object();
  Json photo_metadata = Json::object();
};

UploadService::UploadService(storage::BlobStore& blobs, RecordService& records, UploadLimits limits)
    : blobs_(blobs), records_(records), limits_(limits) {}

util::Result<const Family*> UploadService::FamilyOf(const std::string& collection) const {
  const Family* family = records_.families().Find(collection);
  if (!family) return util::Error::NotFound("Missing collection context.");
  return family;
}

util::Result<UploadService::Plan> UploadService::ReadForm(const Family& family,
                                                          const MultipartForm& form,
                                                          bool files_only,
                                                          records::WriteMode mode) const {
  const records::CollectionSpec& collection = *family.spec;
  Plan plan;
  std::vector<std::pair<std::string, std::string>> record_fields;
  auto file_field = [&](const std::string& name) -> const records::FieldSpec* {
    const records::FieldSpec* field = collection.FindField(name);
    return field && field->type == records::FieldType::kFile ? field : nullptr;
  };
  for (const auto& [name, value] : form.fields) {
    auto [base, modifier] = SplitModifier(name);
    if (file_field(base)) {
      if (modifier == '+') return UnknownField(mode, name);  // "+" takes files, not names
      CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> names, NamesIn(base, value, mode));
      FileFieldEdit& edit = plan.edits[base];
      if (modifier == '-') {
        edit.removed.insert(edit.removed.end(), names.begin(), names.end());
      } else {
        if (!edit.keep) edit.keep.emplace();
        edit.keep->insert(edit.keep->end(), names.begin(), names.end());
      }
      continue;
    }
    if (name == "id") {
      plan.form_id = value;
      continue;
    }
    if (files_only) {
      return util::Error::InvalidField(records::FailureMessage(mode), name,
                                       "validation_unknown_field",
                                       "This upload takes file fields only.");
    }
    record_fields.emplace_back(name, value);
  }
  for (const auto& [name, file] : form.files) {
    auto [base, modifier] = SplitModifier(name);
    const records::FieldSpec* field = file_field(base);
    auto rule = UploadRuleFor(limits_, family.definition, base);
    if (!field || !rule || modifier == '-') return UnknownField(mode, name);
    CAIRN_ASSIGN_OR_RETURN(CheckedFile checked, CheckUploadedFile(*rule, base, file));
    plan.files.push_back({base, file.bytes, std::move(checked)});
    plan.edits[base];  // present, so the count below sees the field
  }
  if (files_only && plan.edits.empty()) {
    return util::Error::InvalidArgument("Send at least one file field (missing_file).");
  }
  // Too many files for a field is refused before anything is stored.
  for (const auto& [name, edit] : plan.edits) {
    const records::FieldSpec* field = file_field(name);
    size_t sent = 0;
    for (const auto& file : plan.files) sent += file.field == name;
    const size_t limit = field->multiple ? field->max_select : 1;
    if (sent > limit) {
      return util::Error::InvalidField(records::FailureMessage(mode), name,
                                       "validation_too_many_files",
                                       "At most " + std::to_string(limit) + " file(s) here.");
    }
  }
  // A new or removed track sets the figures it determines, as the family declares.
  for (const FileRule& rule : family.definition.files) {
    if (!rule.sets_fields || !plan.edits.count(rule.field)) continue;
    for (const auto& file : plan.files) {
      if (file.field == rule.field && file.checked.track) {
        plan.derived = rule.sets_fields(&*file.checked.track);
      }
    }
    const FileFieldEdit& edit = plan.edits[rule.field];
    const bool cleared =
        (edit.keep && (edit.keep->empty() || edit.keep->front().empty())) || !edit.removed.empty();
    if (plan.derived.empty() && cleared) plan.derived = rule.sets_fields(nullptr);
  }
  if (!files_only) {
    CAIRN_ASSIGN_OR_RETURN(plan.body, records::FormFieldsToJson(collection, record_fields));
  }
  return plan;
}

util::Status UploadService::StoreFiles(const Family& family, const std::string& id, Plan& plan) {
  const records::CollectionSpec& collection = *family.spec;
  std::vector<std::string> stored;
  for (const auto& file : plan.files) {
    auto name = blobs_.Put(collection.id, id, file.checked.name, file.bytes);
    if (!name.ok()) {
      RemoveFiles(collection, id, stored);
      return std::move(name).error();
    }
    stored.push_back(*name);
    plan.edits[file.field].added.push_back(*name);
    if (file.checked.photo) {
      Json metadata = MetadataJson(*file.checked.photo);
      if (!metadata.empty()) plan.photo_metadata[*name] = std::move(metadata);
      const std::string& positions = PositionsFieldOf(family, file.field);
      if (!positions.empty() && file.checked.photo->HasPosition()) {
        plan.derived[positions + "+"][*name] =
            Json{{"lat", *file.checked.photo->lat}, {"lon", *file.checked.photo->lon}};
      }
    }
  }
  return util::OkStatus();
}

void UploadService::RemoveFiles(const records::CollectionSpec& collection, const std::string& id,
                                const std::vector<std::string>& names) {
  for (const auto& name : names) {
    auto removed = blobs_.Remove(collection.id, id, name);
    // Not fatal: the row no longer names it, and `cairn doctor` reports what is left behind.
    if (!removed.ok()) util::LogWarning(removed.error().message);
  }
}

namespace {

std::vector<std::string> AddedNames(const FileEdits& edits) {
  std::vector<std::string> names;
  for (const auto& [field, edit] : edits) {
    names.insert(names.end(), edit.added.begin(), edit.added.end());
  }
  return names;
}

Json WithMetadata(Json record, const Json& metadata) {
  if (!metadata.empty()) record["photoMetadata"] = metadata;
  return record;
}

}  // namespace

util::Result<Json> UploadService::Upload(const Caller& caller, const std::string& collection,
                                         std::string_view id, const MultipartForm& form) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FamilyOf(collection));
  // Rights first, so nobody makes the server read or store files for records they cannot change.
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, collection, id));
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*family, form, true, records::WriteMode::kUpdate));
  const std::string record_id(id);
  CAIRN_RETURN_IF_ERROR(StoreFiles(*family, record_id, plan));
  WriteOptions write{.edits = plan.edits, .derived = plan.derived, .without_body = true};
  auto result = records_.UpdateWith(caller, collection, id, Json::object(), "", write);
  if (!result.ok()) {
    RemoveFiles(*family->spec, record_id, AddedNames(plan.edits));
    return std::move(result).error();
  }
  RemoveFiles(*family->spec, record_id, result->dropped);  // only now does nothing point at them
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

util::Result<Json> UploadService::CreateFromForm(const Caller& caller,
                                                 const std::string& collection,
                                                 const MultipartForm& form,
                                                 std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FamilyOf(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to create records.");
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*family, form, false, records::WriteMode::kCreate));
  const std::string id = util::NewRecordId();
  CAIRN_RETURN_IF_ERROR(StoreFiles(*family, id, plan));
  WriteOptions write{.record_id = id, .edits = plan.edits, .derived = plan.derived};
  auto result = records_.CreateWith(caller, collection, plan.body, expand, write);
  if (!result.ok()) {
    // Nothing points at them.
    if (!plan.files.empty()) RemoveRecordFolder(*family->spec, id);
    return std::move(result).error();
  }
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

util::Result<Json> UploadService::AdminCreateFromForm(const std::string& collection,
                                                      const MultipartForm& form) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FamilyOf(collection));
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*family, form, false, records::WriteMode::kCreate));
  const std::string id = util::NewRecordId();
  CAIRN_RETURN_IF_ERROR(StoreFiles(*family, id, plan));
  WriteOptions write{.record_id = id, .edits = plan.edits, .derived = plan.derived};
  auto result = records_.AdminCreate(collection, plan.body, write);
  if (!result.ok()) {
    if (!plan.files.empty()) RemoveRecordFolder(*family->spec, id);
    return std::move(result).error();
  }
  return std::move(result->record);
}

util::Result<Json> UploadService::UpdateFromForm(const Caller& caller,
                                                 const std::string& collection, std::string_view id,
                                                 const MultipartForm& form,
                                                 std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const Family* family, FamilyOf(collection));
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, collection, id));
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*family, form, false, records::WriteMode::kUpdate));
  if (!plan.form_id.empty() && plan.form_id != id) {
    return util::Error::InvalidField("The form's id differs from the path's.", "id", "id_mismatch",
                                     "The record id comes from the path.");
  }
  // Body errors before any file is stored.
  CAIRN_RETURN_IF_ERROR(
      records::ValidateBody(*family->spec, plan.body, records::WriteMode::kUpdate));
  const std::string record_id(id);
  CAIRN_RETURN_IF_ERROR(StoreFiles(*family, record_id, plan));
  WriteOptions write{.edits = plan.edits, .derived = plan.derived};
  auto result = records_.UpdateWith(caller, collection, id, plan.body, expand, write);
  if (!result.ok()) {
    RemoveFiles(*family->spec, record_id, AddedNames(plan.edits));
    return std::move(result).error();
  }
  RemoveFiles(*family->spec, record_id, result->dropped);
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

void UploadService::RemoveRecordFolder(const records::CollectionSpec& collection,
                                       const std::string& id) {
  auto removed = blobs_.RemoveRecord(collection.id, id);
  // Not fatal: no row names them, and `cairn doctor` reports what is left behind.
  if (!removed.ok()) util::LogWarning(removed.error().message);
}

}  // namespace cairn::services
