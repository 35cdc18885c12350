// Uploads: read the form against the collection, check rights and files, store, commit, clean up.
#include "services/files/upload_service.h"

#include <cstdio>

#include "records/form_values.h"
#include "services/core/access_policy.h"
#include "services/core/collections.h"
#include "services/tracks/track_fields.h"
#include "util/ids.h"

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

UploadService::UploadService(storage::Database& database, const records::RecordEngine& engine,
                             storage::BlobStore& blobs, RecordService& records,
                             AccountService& accounts, UploadLimits limits)
    : database_(database),
      engine_(engine),
      blobs_(blobs),
      records_(records),
      accounts_(accounts),
      limits_(limits) {}

util::Result<UploadService::Plan> UploadService::ReadForm(const records::CollectionSpec& collection,
                                                          const MultipartForm& form,
                                                          bool files_only,
                                                          records::WriteMode mode) const {
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
    auto rule = UploadRuleFor(limits_, collection.name, base);
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
  // A new or removed track sets the figures it determines.
  const bool trails = collection.name == kTrails;
  for (const auto& file : plan.files) {
    if (file.field != "gpx" || !file.checked.track) continue;
    plan.derived = trails ? TrailFieldsFromTrack(*file.checked.track)
                          : SummitLogFieldsFromTrack(*file.checked.track);
  }
  if (trails && plan.edits.count("gpx") && plan.derived.empty()) {
    const FileFieldEdit& gpx = plan.edits["gpx"];
    const bool cleared =
        (gpx.keep && (gpx.keep->empty() || gpx.keep->front().empty())) || !gpx.removed.empty();
    if (cleared) plan.derived = TrailFieldsWithoutTrack();
  }
  if (!files_only) {
    CAIRN_ASSIGN_OR_RETURN(plan.body, records::FormFieldsToJson(collection, record_fields));
  }
  return plan;
}

util::Status UploadService::StoreFiles(const records::CollectionSpec& collection,
                                       const std::string& id, Plan& plan) {
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
    }
  }
  return util::OkStatus();
}

void UploadService::RemoveFiles(const records::CollectionSpec& collection, const std::string& id,
                                const std::vector<std::string>& names) {
  for (const auto& name : names) {
    auto removed = blobs_.Remove(collection.id, id, name);
    // Not fatal: the row no longer names it, and `cairn doctor` reports what is left behind.
    if (!removed.ok()) std::fprintf(stderr, "warning: %s\n", removed.error().message.c_str());
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
  if (collection == kUsers) return UploadAvatar(caller, id, form);
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(collection));
  // Rights first, so nobody makes the server read or store files for records they cannot change.
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, collection, id));
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*spec, form, true, records::WriteMode::kUpdate));
  const std::string record_id(id);
  CAIRN_RETURN_IF_ERROR(StoreFiles(*spec, record_id, plan));
  FileWrite write{.edits = plan.edits, .derived = plan.derived, .without_body = true};
  auto result = records_.UpdateWithFiles(caller, collection, id, Json::object(), "", write);
  if (!result.ok()) {
    RemoveFiles(*spec, record_id, AddedNames(plan.edits));
    return std::move(result).error();
  }
  RemoveFiles(*spec, record_id, result->dropped);  // only now does nothing point at them
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

util::Result<Json> UploadService::CreateFromForm(const Caller& caller,
                                                 const std::string& collection,
                                                 const MultipartForm& form,
                                                 std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(collection));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to create records.");
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*spec, form, false, records::WriteMode::kCreate));
  const std::string id = util::NewRecordId();
  CAIRN_RETURN_IF_ERROR(StoreFiles(*spec, id, plan));
  FileWrite write{.record_id = id, .edits = plan.edits, .derived = plan.derived};
  auto result = records_.CreateWithFiles(caller, collection, plan.body, expand, write);
  if (!result.ok()) {
    if (!plan.files.empty()) (void)blobs_.RemoveRecord(spec->id, id);  // nothing points at it
    return std::move(result).error();
  }
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

util::Result<Json> UploadService::UpdateFromForm(const Caller& caller,
                                                 const std::string& collection, std::string_view id,
                                                 const MultipartForm& form,
                                                 std::string_view expand) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(collection));
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, collection, id));
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(*spec, form, false, records::WriteMode::kUpdate));
  if (!plan.form_id.empty() && plan.form_id != id) {
    return util::Error::InvalidField("The form's id differs from the path's.", "id", "id_mismatch",
                                     "The record id comes from the path.");
  }
  // Body errors before any file is stored.
  CAIRN_RETURN_IF_ERROR(records::ValidateBody(*spec, plan.body, records::WriteMode::kUpdate));
  const std::string record_id(id);
  CAIRN_RETURN_IF_ERROR(StoreFiles(*spec, record_id, plan));
  FileWrite write{.edits = plan.edits, .derived = plan.derived};
  auto result = records_.UpdateWithFiles(caller, collection, id, plan.body, expand, write);
  if (!result.ok()) {
    RemoveFiles(*spec, record_id, AddedNames(plan.edits));
    return std::move(result).error();
  }
  RemoveFiles(*spec, record_id, result->dropped);
  return WithMetadata(std::move(result->record), plan.photo_metadata);
}

util::Result<Json> UploadService::UploadAvatar(const Caller& caller, std::string_view id,
                                               const MultipartForm& form) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  const records::CollectionSpec& users = *engine_.registry().Find(kUsers);
  const std::string user_id(id);
  // Through the access policy, as every read (profiles are visible to all today; if that
  // changes, an avatar upload must not confirm an id the caller cannot see).
  const AccessPolicy policy(caller);
  auto exists = database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(Json user, engine_.FindById(c, users, user_id, policy));
    return true;
  });
  if (!exists.ok()) return std::move(exists).error();
  if (caller.user_id != user_id) {
    return util::Error::Forbidden("You can only change your own avatar.");
  }
  CAIRN_ASSIGN_OR_RETURN(Plan plan, ReadForm(users, form, true, records::WriteMode::kUpdate));
  CAIRN_RETURN_IF_ERROR(StoreFiles(users, user_id, plan));
  auto dropped = database_.Write<std::vector<std::string>>(
      [&](storage::Connection& c) -> util::Result<std::vector<std::string>> {
        CAIRN_ASSIGN_OR_RETURN(Json stored, engine_.FindByIdUnchecked(c, users, user_id));
        Json changes = Json::object();
        std::vector<std::string> names;
        for (const auto& [name, edit] : plan.edits) {
          CAIRN_ASSIGN_OR_RETURN(FileFieldChange change,
                                 ApplyFileEdit(*users.FindField(name), stored[name], edit,
                                               records::WriteMode::kUpdate));
          changes[name] = change.value;
          names.insert(names.end(), change.dropped.begin(), change.dropped.end());
        }
        CAIRN_RETURN_IF_ERROR(engine_.Update(c, users, user_id, changes, records::Unrestricted()));
        return names;
      });
  if (!dropped.ok()) {
    RemoveFiles(users, user_id, AddedNames(plan.edits));
    return std::move(dropped).error();
  }
  RemoveFiles(users, user_id, *dropped);
  CAIRN_ASSIGN_OR_RETURN(Json user, accounts_.Show(caller, user_id));
  return WithMetadata(std::move(user), plan.photo_metadata);
}

}  // namespace cairn::services
