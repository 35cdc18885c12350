// libFuzzer target: the backup archive reader (util::TarReader, which `cairn restore` and
// `cairn backup --verify` run over files they did not write) on any bytes: every entry and every
// byte of it read, never a crash, an exception, a hang or a read past the input.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "util/tar_archive.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The reader takes a path (archives are streamed from disk), so each input becomes a file.
  static const std::string path = "/tmp/cairn-tar-fuzz-" + std::to_string(::getpid()) + ".tar";
  FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);
  auto reader = cairn::util::TarReader::Open(path);
  if (!reader.ok()) return 0;
  char buffer[4096];
  for (;;) {
    auto next = reader->Next();
    if (!next.ok() || !next->has_value()) break;
    for (;;) {
      auto read = reader->Read(buffer, sizeof buffer);
      if (!read.ok() || *read == 0) break;
    }
  }
  return 0;
}
