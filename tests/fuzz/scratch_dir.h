// A folder for the fuzz targets whose readers take files rather than bytes: one per process, on
// tmpfs where there is one (ext4 flushes a file truncated and rewritten when it is closed, which
// would cost every run a disk write), removed when the fuzzer exits.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace cairn::fuzz {

// `name` tells the targets' folders apart ("dem-tile" -> /dev/shm/cairn-dem-tile-fuzz-<pid>).
inline const std::string& ScratchDir(const char* name) {
  static const std::string dir = [name] {
    const char* base = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
    std::string path = std::string(base) + "/cairn-" + name + "-fuzz-" + std::to_string(::getpid());
    std::filesystem::create_directories(path);
    return path;
  }();
  // Registered once `dir` is whole, so it runs before `dir` is destroyed.
  static const bool cleanup = std::atexit([] {
                                std::error_code ec;
                                std::filesystem::remove_all(dir, ec);
                              }) == 0;
  (void)cleanup;
  return dir;
}

}  // namespace cairn::fuzz
