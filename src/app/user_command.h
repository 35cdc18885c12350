// `cairn user add|passwd|delete|list`: account management for the server's owner, on a stopped
// or running server's data dir.
#pragma once

#include "app/config.h"

namespace cairn::app {

// Runs the user action in `config` and returns the process exit code (0 on success; 1 with a
// message on stderr otherwise). Passwords are read from the terminal without echo, or as one
// line from standard input (--password-stdin, or when standard input is not a terminal); never
// from the command line, where `ps` would show them.
int RunUserCommand(const Config& config);

}  // namespace cairn::app
