// `cairn federation block|unblock|blocks|status`: the servers this one will not talk to, and
// the deliveries waiting to go out; on a stopped or running server's data dir.
#pragma once

#include "app/config.h"

namespace cairn::app {

// Runs the action in `config`; returns the exit code (0, or 1 with a message on stderr).
int RunFederationCommand(const Config& config);

}  // namespace cairn::app
