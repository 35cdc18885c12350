// SRTM names parsed, tile file names made and checked.
#include "dem/tile_name.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace cairn::dem {
namespace {

bool Digits(std::string_view text) {
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

char Upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

}  // namespace

std::optional<TileCorner> ParseSrtmName(std::string_view file_name) {
  if (auto slash = file_name.find_last_of("/\\"); slash != std::string_view::npos) {
    file_name.remove_prefix(slash + 1);
  }
  // "N46E008.hgt": 7 characters of corner, then the extension.
  if (file_name.size() != 11) return std::nullopt;
  std::string ext;
  for (char c : file_name.substr(7)) ext += static_cast<char>(std::tolower(c));
  if (ext != ".hgt") return std::nullopt;
  const char ns = Upper(file_name[0]);
  const char ew = Upper(file_name[3]);
  if ((ns != 'N' && ns != 'S') || (ew != 'E' && ew != 'W')) return std::nullopt;
  if (!Digits(file_name.substr(1, 2)) || !Digits(file_name.substr(4, 3))) return std::nullopt;
  int lat = std::stoi(std::string(file_name.substr(1, 2)));
  int lon = std::stoi(std::string(file_name.substr(4, 3)));
  if (ns == 'S') lat = -lat;
  if (ew == 'W') lon = -lon;
  if (lat < -90 || lat > 89 || lon < -180 || lon > 179) return std::nullopt;
  return TileCorner{lat, lon};
}

std::string TileFileName(const GridGeometry& grid) {
  const GeoBox& box = grid.coverage;
  int lat = static_cast<int>(std::floor((box.south + box.north) / 2));
  int lon = static_cast<int>(std::floor((box.west + box.east) / 2));
  if (lat > 89) lat = 89;
  if (lat < -90) lat = -90;
  if (lon > 179) lon = 179;
  if (lon < -180) lon = -180;
  char name[64];
  std::snprintf(name, sizeof name, "%c%02d%c%03d-%.4gas.dem", lat < 0 ? 'S' : 'N', std::abs(lat),
                lon < 0 ? 'W' : 'E', std::abs(lon), grid.ArcSeconds());
  return name;
}

bool IsTileFileName(std::string_view name) {
  if (name.size() < 13 || name.size() > 40) return false;
  if (name.substr(name.size() - 4) != ".dem" || name.front() == '.') return false;
  for (char c : name) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
    if (!ok) return false;
  }
  return name.find("..") == std::string_view::npos;
}

}  // namespace cairn::dem
