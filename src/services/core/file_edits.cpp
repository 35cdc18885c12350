// Merging file edits into a field's value.
#include "services/core/file_edits.h"

#include <algorithm>
#include <unordered_set>

namespace cairn::services {

using records::Json;

namespace {

// A single-file value is a name or ""; a multi-file value an array of names. Anything else
// (a damaged row) reads as empty.
std::vector<std::string> Names(const Json& value, bool multiple) {
  std::vector<std::string> names;
  if (!multiple && value.is_string() && !value.get_ref<const std::string&>().empty()) {
    names.push_back(value.get<std::string>());
  }
  if (multiple && value.is_array()) {
    for (const auto& item : value) {
      if (item.is_string()) names.push_back(item.get<std::string>());
    }
  }
  return names;
}

util::Error NotHeld(const records::FieldSpec& field, records::WriteMode mode,
                    const std::string& name) {
  return util::Error::InvalidField(records::FailureMessage(mode), field.name,
                                   "validation_invalid_file",
                                   "\"" + name + "\" is not a file of this record.");
}

}  // namespace

util::Result<FileFieldChange> ApplyFileEdit(const records::FieldSpec& field, const Json& current,
                                            const FileFieldEdit& edit, records::WriteMode mode) {
  const std::vector<std::string> before = Names(current, field.multiple);
  const std::unordered_set<std::string> held(before.begin(), before.end());
  std::vector<std::string> after = before;
  if (edit.keep) {
    after.clear();
    for (const auto& name : *edit.keep) {
      if (name.empty()) continue;  // the form's way of sending an empty list
      if (!held.count(name)) return NotHeld(field, mode, name);
      if (std::find(after.begin(), after.end(), name) == after.end()) after.push_back(name);
    }
  }
  for (const auto& name : edit.removed) {
    if (name.empty()) continue;
    if (!held.count(name)) return NotHeld(field, mode, name);
    after.erase(std::remove(after.begin(), after.end(), name), after.end());
  }
  if (!field.multiple) {
    if (edit.added.size() > 1) {
      return util::Error::InvalidField(records::FailureMessage(mode), field.name,
                                       "validation_too_many_files", "Send one file.");
    }
    if (!edit.added.empty()) after = edit.added;
  } else {
    after.insert(after.end(), edit.added.begin(), edit.added.end());
    const size_t limit = field.max_select ? field.max_select : records::kDefaultMaxSelect;
    if (after.size() > limit) {
      return util::Error::InvalidField(
          records::FailureMessage(mode), field.name, "validation_too_many_files",
          "A record holds at most " + std::to_string(limit) + " files here.");
    }
  }
  FileFieldChange change;
  const std::unordered_set<std::string> kept(after.begin(), after.end());
  for (const auto& name : before) {
    if (!kept.count(name)) change.dropped.push_back(name);
  }
  if (field.multiple) {
    change.value = after;
  } else {
    change.value = after.empty() ? "" : after.front();
  }
  return change;
}

}  // namespace cairn::services
