// What an upload asks of a record's file fields, and the field values that result: files added
// (already stored), names removed, and for a multi-file field the existing names to keep.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "records/collection.h"
#include "records/record_codec.h"
#include "records/validation.h"
#include "util/result.h"

namespace cairn::services {

struct FileFieldEdit {
  std::vector<std::string> added;    // stored names, already on disk; a single field's replaces
  std::vector<std::string> removed;  // existing names to drop (`photos-`)
  // The existing names to keep, in this order (a text `photos` value); absent = keep all. For a
  // single-file field, [""] or [] clears it and [current name] keeps it.
  std::optional<std::vector<std::string>> keep;

  bool Empty() const { return added.empty() && removed.empty() && !keep; }
};

// Keyed by field name.
using FileEdits = std::map<std::string, FileFieldEdit>;

struct FileFieldChange {
  records::Json value;               // the field's new value
  std::vector<std::string> dropped;  // names the record held before and no longer holds
};

// Applies `edit` to `current` (the field's stored value: a name or "", or an array of names).
// Order: keep, then remove, then add. Errors (Form A naming the field): a kept or removed name
// the record does not hold ("validation_invalid_file"), more names than the field's max_select
// ("validation_too_many_files"), more than one file for a single-file field.
util::Result<FileFieldChange> ApplyFileEdit(const records::FieldSpec& field,
                                            const records::Json& current, const FileFieldEdit& edit,
                                            records::WriteMode mode);

}  // namespace cairn::services
