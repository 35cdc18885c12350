// What the admin commands (`cairn user`, `cairn category`) share at the terminal: how an error
// is told, and asking before a destructive step.
#pragma once

#include <string>

#include "app/config.h"
#include "util/result.h"

namespace cairn::app {

// The error's message with each field's and parameter's problem on its own line.
std::string DescribeForTerminal(const util::Error& error);

// True with --yes; otherwise asks `question` on a terminal (false when stdin is not one).
bool ConfirmAtTerminal(const Config& config, const std::string& question);

}  // namespace cairn::app
