// `cairn category add|rename|delete|list`: the server owner's categories, on a stopped or
// running server's data dir.
#pragma once

#include "app/config.h"

namespace cairn::app {

// Runs the category action in `config` and returns the process exit code (0 on success; 1 with
// a message on stderr otherwise). A delete asks for confirmation on a terminal unless --yes.
int RunCategoryCommand(const Config& config);

}  // namespace cairn::app
