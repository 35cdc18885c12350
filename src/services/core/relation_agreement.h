// Keeping a record's relations in agreement with each other (a trail's subcategory belongs to
// its category), as the family's `agreements` declare.
#pragma once

#include "records/record_codec.h"
#include "records/validation.h"
#include "services/core/family_registry.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// Checks the values a write sets (`values`) against the stored record (`stored`; an empty object
// for a create) for each agreement of `family`, inside the write's transaction. A set `field`
// whose target disagrees: InvalidArgument naming `field` with the agreement's message. An
// `equals_field` changed without `field`: a stored `field` that now disagrees is set to "" in
// `values`. Targets are read without access rules (the relation check has already judged them).
util::Status SettleAgreements(storage::Connection& connection, const Family& family,
                              const records::Json& stored, records::WriteMode mode,
                              records::Json& values);

}  // namespace cairn::services
