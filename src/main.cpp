// `cairn`: parses the command line and hands over to the app.
#include <malloc.h>

#include <cstdio>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/backup_command.h"
#include "app/category_command.h"
#include "app/config.h"
#include "app/dem_command.h"
#include "app/doctor_command.h"
#include "app/federation_command.h"
#include "app/import_command.h"
#include "app/user_command.h"

#ifndef CAIRN_VERSION
#define CAIRN_VERSION "dev"
#endif

int main(int argc, char** argv) {
  // Request bodies, photos and decoded images are megabytes each. With glibc's default, the mmap
  // threshold climbs after the first such buffer is freed, later ones land in per-thread arenas,
  // and their memory is kept: 5 photo uploads left 47 MB resident. A fixed threshold returns
  // every large buffer to the system when it is freed.
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
  std::vector<std::string> args(argv + 1, argv + argc);
  auto config = cairn::app::ParseConfig(args);
  if (!config.ok()) {
    std::fprintf(stderr, "cairn: %s\n\n%s", config.error().message.c_str(),
                 cairn::app::UsageText().c_str());
    return 2;
  }
  switch (config->command) {
    case cairn::app::Command::kVersion:
      std::printf("cairn %s\n", CAIRN_VERSION);
      return 0;
    case cairn::app::Command::kHelp:
      std::printf("%s", cairn::app::UsageText().c_str());
      return 0;
    case cairn::app::Command::kServe:
      return cairn::app::RunServer(*config);
    case cairn::app::Command::kUser:
      return cairn::app::RunUserCommand(*config);
    case cairn::app::Command::kImport:
      return cairn::app::RunImportCommand(*config);
    case cairn::app::Command::kDoctor:
      return cairn::app::RunDoctorCommand(*config);
    case cairn::app::Command::kCategory:
      return cairn::app::RunCategoryCommand(*config);
    case cairn::app::Command::kBackup:
      return cairn::app::RunBackupCommand(*config);
    case cairn::app::Command::kRestore:
      return cairn::app::RunRestoreCommand(*config);
    case cairn::app::Command::kDem:
      return cairn::app::RunDemCommand(*config);
    case cairn::app::Command::kFederation:
      return cairn::app::RunFederationCommand(*config);
  }
  return 0;
}
