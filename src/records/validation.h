// Validation of client-supplied record bodies against a collection's declared fields.
#pragma once

#include "records/record_codec.h"
#include "util/result.h"

namespace cairn::records {

enum class WriteMode { kCreate, kUpdate };

// Checks `body` (a JSON object from the client) against `collection` and returns the writable
// fields it carries, normalised (dates as "YYYY-MM-DD", relation arrays de-duplicated in order).
// Unknown, system and derived fields are ignored. Type mismatches come back as a Form B error
// (invalid_type / invalid_string + custom for dates); missing required values, bad select values,
// number and length constraints as a Form A error naming every failing field. Relation
// existence is checked separately by the engine because it needs the database.
util::Result<Json> ValidateBody(const CollectionSpec& collection, const Json& body, WriteMode mode);

// ValidateBody for callers that add checks of their own and report every failing field at once:
// `values` receives every field that passed even when others failed (the Form A error names
// those); on a Form B error it holds what was read before the type check failed.
util::Status ValidateFields(const CollectionSpec& collection, const Json& body, WriteMode mode,
                            Json& values);

// Form B issues for members of `body` that are present, not null and not of the JSON type named
// beside them ("string", "boolean", "number"); for bodies checked field by field (accounts).
std::vector<util::ParamIssue> TypeIssues(
    const Json& body, const std::vector<std::pair<const char*, const char*>>& expected_types);

// The number of Unicode characters in valid UTF-8 text (JSON bodies are checked UTF-8). Length
// limits count characters, so accented or non-Latin text gets the same room as ASCII.
size_t CountCharacters(std::string_view utf8);

// The message of a Form A error for the mode ("Failed to create record." / "...update...").
const char* FailureMessage(WriteMode mode);

}  // namespace cairn::records
