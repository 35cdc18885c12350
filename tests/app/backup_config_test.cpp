// Command-line parsing of `cairn backup` and `cairn restore`.
#include <catch2/catch.hpp>

#include "app/config.h"

namespace cairn::app {
namespace {

TEST_CASE("cairn backup takes a data dir, a target and a number of backups to keep", "[app]") {
  auto backup =
      ParseConfig({"backup", "--dir", "/srv/cairn", "--to", "/mnt/usb/c.tar", "--keep", "7"});
  REQUIRE(backup.ok());
  CHECK(backup->command == Command::kBackup);
  CHECK(backup->data_dir == "/srv/cairn");
  CHECK(backup->backup_to == "/mnt/usb/c.tar");
  CHECK(backup->backup_keep == 7);
  auto verify = ParseConfig({"backup", "--verify", "c.tar"});
  REQUIRE(verify.ok());
  CHECK(verify->backup_verify == "c.tar");
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"backup", "--keep", "0"},
                                             {"backup", "--keep", "many"},
                                             {"backup", "--to"},
                                             {"backup", "--verify", "c.tar", "--keep", "2"},
                                             {"backup", "--fix"}}) {
    INFO(bad.back());
    CHECK(!ParseConfig(bad).ok());
  }
}

TEST_CASE("cairn restore needs one archive and an explicit data dir", "[app]") {
  auto restore = ParseConfig({"restore", "c.tar", "--dir", "/srv/cairn", "--force"});
  REQUIRE(restore.ok());
  CHECK(restore->command == Command::kRestore);
  CHECK(restore->restore_archive == "c.tar");
  CHECK(restore->data_dir == "/srv/cairn");
  CHECK(restore->restore_force);
  auto plain = ParseConfig({"restore", "c.tar", "--dir", "/srv/cairn"});
  REQUIRE(plain.ok());
  CHECK(!plain->restore_force);
  CHECK(!ParseConfig({"restore", "c.tar"}).ok());  // the default dir is not good enough
  CHECK(!ParseConfig({"restore", "--dir", "/srv/cairn"}).ok());
  CHECK(!ParseConfig({"restore", "a.tar", "b.tar", "--dir", "/srv/cairn"}).ok());
  CHECK(!ParseConfig({"restore", "a.tar", "--dir", "/srv/cairn", "--yes"}).ok());
}

}  // namespace
}  // namespace cairn::app
