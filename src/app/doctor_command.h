// `cairn doctor --dir DIR [--fix]`: do the database and the stored files agree?
#pragma once

#include "app/config.h"

namespace cairn::app {

struct Core;

// Prints every problem the storage check finds (orphan files, thumbnails and folders, names of
// missing files, temporaries of interrupted uploads, entries Cairn never writes) and a summary.
// With config.doctor_fix, repairs them (see StorageDoctor::Fix) and checks again. Takes the data
// dir's lock, so it refuses to run beside a server. Returns 0 when storage is (now) consistent,
// 1 when problems remain or the check could not run.
int RunDoctorCommand(const Config& config);

// The same check at server start, before serving: removes temporaries of interrupted uploads
// and logs a summary line (and the first problems) to stderr. Never fails the start.
void CheckStorageAtStart(Core& core);

}  // namespace cairn::app
