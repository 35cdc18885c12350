// Reads each GPS file given on the command line REPEAT times and computes its statistics, then
// prints one line: file, bytes, points, best milliseconds per pass, MB/s, points/s and the
// process's peak RSS. Run one file per process so the peak belongs to that file.
// usage: cairn_gps_bench [--repeat N] FILE...
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "geo/readers.h"
#include "geo/statistics.h"

int main(int argc, char** argv) {
  int repeat = 5;
  int first = 1;
  if (argc > 2 && std::string(argv[1]) == "--repeat") {
    repeat = std::max(1, std::atoi(argv[2]));
    first = 3;
  }
  for (int i = first; i < argc; ++i) {
    // Read at its exact size, as the server holds an upload: growing a string by doubling would
    // briefly hold twice the file and be counted against the parser.
    std::ifstream in(argv[i], std::ios::binary | std::ios::ate);
    std::string bytes(static_cast<size_t>(in.tellg()), '\0');
    in.seekg(0);
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    double best_ms = 1e300;
    size_t points = 0;
    double distance = 0;
    for (int pass = 0; pass < repeat; ++pass) {
      const auto start = std::chrono::steady_clock::now();
      auto track = cairn::geo::ReadTrackFile(bytes);
      if (!track.ok()) {
        std::printf("%s\tERROR\t%s\n", argv[i], track.error().message.c_str());
        break;
      }
      const auto stats = cairn::geo::ComputeStatistics(*track);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count();
      best_ms = std::min(best_ms, ms);
      points = stats.points;
      distance = stats.distance_m;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double mb = bytes.size() / 1e6;
    std::printf("%s\t%zu\t%zu\t%.2f\t%.1f\t%.0f\t%ld\t%.1f\n", argv[i], bytes.size(), points,
                best_ms, mb / (best_ms / 1000), points / (best_ms / 1000), usage.ru_maxrss,
                distance);
  }
  return 0;
}
