// Files into records: the multipart `/{family}/{id}/file` uploads and the one-step
// `/{family}/form` creates and updates (record fields and files in one request).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "services/files/upload_checks.h"
#include "storage/blob_store.h"

namespace cairn::services {

// A multipart form as the API read it: text parts and file parts, each in request order.
struct MultipartForm {
  std::vector<std::pair<std::string, std::string>> fields;
  std::vector<std::pair<std::string, UploadedFile>> files;
};

// How a form speaks to a file field, e.g. for `photos`:
// - files under `photos` or `photos+` (or `+photos`) are added after the existing ones;
// - text values under `photos-` name existing files to remove;
// - text values under `photos` name the existing files to keep, in order (one empty value keeps
//   none), so "replace all" is `photos=""` plus the new files;
// - for a single-file field (`avatar`, `gpx`) a file replaces the current one and an empty text
//   value clears it.
// A new `gpx` also sets the figures its track determines (distance, elevation, duration, start,
// bounds and map line of a trail; distance, duration, elevation of a summit log); fields the
// form sets itself win over them.
//
// Order of work, so nothing uploaded is lost and nothing half-written is left: check the
// caller's right to change the record, check every file (size, type by content), store each one
// (fsynced) under the record's id, commit the row pointing at them, and only then remove the
// files the row no longer names. If the write fails, the files just stored are removed.
//
// Responses are the record as the caller sees it; when JPEG photos were added, a member
// "photoMetadata" maps each new stored name to what its EXIF says ({lat, lon, altitude,
// takenAt}, members present only when known), so the client can offer a waypoint there.
// Thread-safe.
class UploadService {
 public:
  UploadService(storage::BlobStore& blobs, RecordService& records, UploadLimits limits);

  // POST /{family}/{id}/file for trails, lists, waypoints, summit logs and users. Only file
  // fields may be sent, at least one. Errors: Unauthorized when anonymous; NotFound when the
  // record is invisible; Forbidden when visible but not the caller's to change; TooLarge and
  // InvalidArgument naming the field for files refused by their checks, unknown fields, names
  // the record does not hold, or too many files.
  util::Result<records::Json> Upload(const Caller& caller, const std::string& collection,
                                     std::string_view id, const MultipartForm& form);

  // PUT /{family}/form: creates a record from the form's fields and files in one transaction.
  // A form `id` is ignored (the server chooses ids). Errors as RecordService::Create, plus the
  // file errors above.
  util::Result<records::Json> CreateFromForm(const Caller& caller, const std::string& collection,
                                             const MultipartForm& form, std::string_view expand);

  // `cairn category add`: like CreateFromForm without a caller or access rule (read-only
  // families too), for the admin CLI. The same checks of fields and files.
  util::Result<records::Json> AdminCreateFromForm(const std::string& collection,
                                                  const MultipartForm& form);

  // POST /{family}/form/{id}: updates record `id` (from the path; a form `id` naming another
  // record is refused with "id_mismatch") with the form's fields and files in one transaction.
  util::Result<records::Json> UpdateFromForm(const Caller& caller, const std::string& collection,
                                             std::string_view id, const MultipartForm& form,
                                             std::string_view expand);

 private:
  struct Plan;  // the form read against the collection: body, edits, files to store

  util::Result<const Family*> FamilyOf(const std::string& collection) const;
  util::Result<Plan> ReadForm(const Family& family, const MultipartForm& form, bool files_only,
                              records::WriteMode mode) const;
  // Stores the plan's files under record `id`, filling the plan's edits with their names.
  util::Status StoreFiles(const Family& family, const std::string& id, Plan& plan);
  // Removes stored files / a new record's folder after a failed write; failures are logged.
  void RemoveFiles(const records::CollectionSpec& collection, const std::string& id,
                   const std::vector<std::string>& names);
  void RemoveRecordFolder(const records::CollectionSpec& collection, const std::string& id);

  storage::BlobStore& blobs_;
  RecordService& records_;
  const UploadLimits limits_;
};

}  // namespace cairn::services
