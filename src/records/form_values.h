// Reading a multipart form's text fields as a JSON record body, by the collection's field types.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "records/collection.h"
#include "records/record_codec.h"
#include "util/result.h"

namespace cairn::records {

// The body a form means, the way PocketBase reads forms: a "@jsonPayload" part (a JSON object)
// first, then every other part on top of it, converted by its field's type:
// - number: a decimal number becomes a number, "" becomes null (clears the field), anything else
//   stays text (so validation reports the wrong type);
// - bool: "true"/"on"/"1" and "false"/"off"/"0"/"" become booleans;
// - multi-valued relation or select: repeated parts become an array; one part holding a JSON
//   array is that array; one empty part is the empty array;
// - json: the part's text parsed as JSON ("" is null);
// - everything else (text, date, single relation or select), and unknown names: the text; a
//   repeated single-valued field becomes an array, which validation refuses.
// File fields are not read here. Errors: InvalidArgument naming "@jsonPayload" when it is not a
// JSON object, and Form A "validation_invalid_json" naming a json field that does not parse.
util::Result<Json> FormFieldsToJson(const CollectionSpec& collection,
                                    const std::vector<std::pair<std::string, std::string>>& parts);

}  // namespace cairn::records
