// Schema steps 18 and up (issue 19's people features), kept apart from migrations.cpp so each
// file reads in one sitting. Only migrations.cpp includes this.
#pragma once

#include <vector>

#include "storage/schema.h"

namespace cairn::storage {

// Steps 18.., in order, each as Migrations() lists it.
const std::vector<Migration>& PeopleMigrations();

}  // namespace cairn::storage
