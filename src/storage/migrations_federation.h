// Schema steps 23 and up (issue 21's federation), kept apart from the other migration files so
// each reads in one sitting. Only migrations.cpp includes this.
#pragma once

#include <vector>

#include "storage/schema.h"

namespace cairn::storage {

// Steps 23.., in order, each as Migrations() lists it.
const std::vector<Migration>& FederationMigrations();

}  // namespace cairn::storage
