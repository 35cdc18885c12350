// Reads each GPS file given on the command line and prints one tab-separated line per file:
//   path, device ascent, device descent, device distance, our gain, our loss, our distance, points
// (metres; "-" where the file stores no device total). A file that cannot be read gives
//   path, ERROR, message.
// bench/elevation_table.sh builds it twice, against the working tree and against an older commit,
// so it uses only API present in both: ReadTrackFile, ComputeStatistics,
// TrackStatistics::{elevation_gain_m, elevation_loss_m, distance_m, points} and Track::device.
// usage: cairn_elevation_driver FILE...
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "geo/readers.h"
#include "geo/statistics.h"

namespace {

std::string Format(const std::optional<double>& value) {
  if (!value) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%.1f", *value);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE...\n", argv[0]);
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::printf("%s\tERROR\tcannot open the file\n", argv[i]);
      continue;
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    auto track = cairn::geo::ReadTrackFile(bytes.str());
    if (!track.ok()) {
      std::printf("%s\tERROR\t%s\n", argv[i], track.error().message.c_str());
      continue;
    }
    const auto stats = cairn::geo::ComputeStatistics(*track);
    const auto& device = track->device;
    std::printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%zu\n", argv[i], Format(device.ascent_m).c_str(),
                Format(device.descent_m).c_str(), Format(device.distance_m).c_str(),
                Format(stats.elevation_gain_m).c_str(), Format(stats.elevation_loss_m).c_str(),
                Format(stats.distance_m).c_str(), stats.points);
  }
  return 0;
}
