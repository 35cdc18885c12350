// `cairn backup` and `cairn restore`: online backups of a data dir, their check, their return.
#pragma once

#include "app/config.h"

namespace cairn::app {

// `cairn backup --dir DIR [--to FILE] [--keep N]`: writes an archive of DIR while a server may be
// running on it (services/backup/backup_writer.h), prints what it holds and its throughput, then
// with --keep removes the oldest backups of the archive's folder beyond N.
// `cairn backup --verify FILE`: checks an archive through (services/backup/backup_reader.h) and
// prints a summary. Returns 0 on success, 1 on any failure or damage.
int RunBackupCommand(const Config& config);

// `cairn restore FILE --dir DIR [--force]`: refuses while a server holds DIR, and a non-empty DIR
// without --force; verifies the whole archive before writing anything; unpacks it into a hidden
// sibling of DIR and renames that into place (with --force the old DIR is moved aside first, its
// backups/ folder carried over, and removed once the new one is in place), so DIR is never half
// restored. Returns 0 when restored, 1 when refused or failed (nothing changed).
int RunRestoreCommand(const Config& config);

}  // namespace cairn::app
