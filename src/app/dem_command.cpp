// The terrain CLI: parsing, and printing what the dem layer did.
#include "app/dem_command.h"

#include <cstdio>
#include <filesystem>

#include "dem/terrain_model.h"
#include "dem/tile_import.h"

namespace cairn::app {
namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "cairn dem: %s\n", message.c_str());
  return 1;
}

std::string Mebibytes(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024 * 1024));
  return text;
}

// "46.0000,8.0000 .. 47.0000,9.0000" (south-west .. north-east, degrees).
std::string BoxText(const dem::GeoBox& box) {
  char text[96];
  std::snprintf(text, sizeof text, "%.4f,%.4f .. %.4f,%.4f", box.south, box.west, box.north,
                box.east);
  return text;
}

std::string ResolutionText(const dem::GridGeometry& grid) {
  char text[48];
  std::snprintf(text, sizeof text, "%.4g\" %dx%d", grid.ArcSeconds(), grid.cols, grid.rows);
  return text;
}

int Add(const Config& config) {
  if (!std::filesystem::is_directory(config.data_dir)) {
    return Fail("no data dir " + config.data_dir + " (is --dir right?)");
  }
  const std::string dem_dir = dem::DemDirOf(config.data_dir);
  auto report = dem::ImportTiles(dem_dir, config.dem_paths);
  if (!report.ok()) return Fail(report.error().message);
  size_t imported = 0;
  for (const dem::ImportOutcome& outcome : report->outcomes) {
    if (!outcome.tile) {
      std::printf("refused   %s: %s\n", outcome.input.c_str(), outcome.refusal.c_str());
      continue;
    }
    ++imported;
    const dem::TileInfo& tile = *outcome.tile;
    std::printf("%s  %s -> %s (%s, %s, %zu void sample(s) filled)\n",
                outcome.replaced ? "replaced" : "imported", outcome.input.c_str(),
                tile.file_name.c_str(), BoxText(tile.grid.coverage).c_str(),
                ResolutionText(tile.grid).c_str(), outcome.voids_filled);
  }
  std::printf("%zu tile(s) imported, %zu refused", imported, report->Refused());
  if (report->other_files > 0) {
    std::printf(", %zu other file(s) in the folders left alone", report->other_files);
  }
  std::printf("; %s\n", imported > 0 ? "a running server uses them from its next height request"
                                     : "nothing changed");
  return report->Refused() > 0 || report->outcomes.empty() ? 1 : 0;
}

int List(const Config& config) {
  const std::string dem_dir = dem::DemDirOf(config.data_dir);
  std::vector<std::string> problems;
  auto tiles = dem::ListTiles(dem_dir, &problems);
  if (!tiles.ok()) return Fail(tiles.error().message);
  for (const std::string& problem : problems)
    std::fprintf(stderr, "warning: %s\n", problem.c_str());
  if (tiles->empty()) {
    std::printf("no terrain tiles in %s (add some with: cairn dem add FILE_OR_FOLDER...)\n",
                dem_dir.c_str());
    return problems.empty() ? 0 : 1;
  }
  std::printf("%-22s  %-40s  %-18s  %10s  %s\n", "TILE", "BOX (S,W .. N,E)", "RESOLUTION", "SIZE",
              "SOURCE");
  uint64_t total = 0;
  for (const dem::TileInfo& tile : *tiles) {
    total += tile.file_bytes;
    std::printf("%-22s  %-40s  %-18s  %10s  %s\n", tile.file_name.c_str(),
                BoxText(tile.grid.coverage).c_str(), ResolutionText(tile.grid).c_str(),
                Mebibytes(tile.file_bytes).c_str(), tile.source.c_str());
  }
  std::printf("%zu tile(s), %s in %s\n", tiles->size(), Mebibytes(total).c_str(), dem_dir.c_str());
  return problems.empty() ? 0 : 1;
}

}  // namespace

util::Result<Config> ParseDemCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kDem;
  if (args.size() < 2 || (args[1] != "add" && args[1] != "list")) {
    return util::Error::InvalidArgument("cairn dem needs an action: add or list");
  }
  config.dem_action = args[1];
  for (size_t i = 2; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--dir") {
      if (i + 1 >= args.size() || args[i + 1].empty()) {
        return util::Error::InvalidArgument("--dir needs a value");
      }
      config.data_dir = args[++i];
    } else if (arg.rfind("--dir=", 0) == 0 && arg.size() > 6) {
      config.data_dir = arg.substr(6);
    } else if (arg.rfind("--", 0) == 0) {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\" for cairn dem");
    } else if (config.dem_action == "add") {
      config.dem_paths.push_back(arg);
    } else {
      return util::Error::InvalidArgument("cairn dem list takes no arguments");
    }
  }
  if (config.dem_action == "add" && config.dem_paths.empty()) {
    return util::Error::InvalidArgument("cairn dem add needs tile files or folders");
  }
  return config;
}

int RunDemCommand(const Config& config) {
  return config.dem_action == "add" ? Add(config) : List(config);
}

}  // namespace cairn::app
