// The composition root: owns and wires every object, serves until SIGINT/SIGTERM.
#pragma once

#include "app/config.h"

namespace cairn::app {

// Runs `cairn serve` with `config`: opens the data dir, the database and the HTTP server, serves
// until SIGINT or SIGTERM, finishes in-flight requests and closes the database. Returns the
// process exit code (0 on a clean stop) and prints failures to stderr.
int RunServer(const Config& config);

}  // namespace cairn::app
