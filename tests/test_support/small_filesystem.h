// A size-limited tmpfs mounted for one test, so "the disk is full" can happen for real.
#pragma once

#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "test_support/temp_dir.h"

namespace cairn::test_support {

// Mounts a tmpfs of `megabytes` at a fresh temporary folder; unmounted when destroyed. Mounting
// needs CAP_SYS_ADMIN (root, as on the CI machine); where it is refused, mounted() is false and
// why() says so, and the test reports that it was skipped.
class SmallFilesystem {
 public:
  explicit SmallFilesystem(int megabytes) {
    const std::string options = "size=" + std::to_string(megabytes) + "m,mode=0700";
    if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) ==
        0) {
      mounted_ = true;
    } else {
      why_ = std::string("cannot mount a ") + std::to_string(megabytes) + " MB tmpfs here (" +
             std::strerror(errno) + "); run the tests as root (CI does) to include this one";
    }
  }
  ~SmallFilesystem() {
    if (mounted_) ::umount2(dir_.path().c_str(), MNT_DETACH);
  }
  SmallFilesystem(const SmallFilesystem&) = delete;
  SmallFilesystem& operator=(const SmallFilesystem&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& why() const { return why_; }
  const std::string& path() const { return dir_.path(); }

 private:
  TempDir dir_;
  bool mounted_ = false;
  std::string why_;
};

}  // namespace cairn::test_support
