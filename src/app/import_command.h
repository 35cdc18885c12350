// `cairn import --dir DIR --user NAME [--plugin ID] PATH...`: bulk import of GPS files and export
// archives into one user's trails.
#pragma once

#include "app/config.h"

namespace cairn::app {

// Imports every .zip export archive named in config.import_paths as the web app's import does
// (with config.import_plugin, or the plugin its contents call for), then every GPS file (folders
// are walked recursively, taking files with a GPS extension; files named directly are always
// tried) as trails of
// config.import_user. Duplicates of trails the user can already see are skipped, so running it
// again imports only what is new. Shows a progress line on a terminal and ends with a summary of
// failures and their reasons. Returns 0 when every file was imported or skipped as a duplicate,
// 1 when any failed or the setup is wrong.
int RunImportCommand(const Config& config);

}  // namespace cairn::app
