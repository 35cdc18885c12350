// Schema steps 26 and up (issue 22's plugins and importers), kept apart from the other migration
// files so each reads in one sitting. Only migrations.cpp includes this.
#pragma once

#include <vector>

#include "storage/schema.h"

namespace cairn::storage {

// Steps 26.., in order, each as Migrations() lists it.
const std::vector<Migration>& ImportMigrations();

}  // namespace cairn::storage
