// Recognising a GPS file by its content and handing it to its reader.
#include "geo/readers.h"

#include <algorithm>
#include <cstring>

namespace cairn::geo {
namespace {

constexpr size_t kSniffWindow = 64 * 1024;  // the root element is always near the start

bool StartsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

std::string_view SkipBomAndSpace(std::string_view text) {
  if (StartsWith(text, "\xEF\xBB\xBF")) text.remove_prefix(3);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r' ||
                           text.front() == '\n')) {
    text.remove_prefix(1);
  }
  return text;
}

// The local name of the XML document's root element, or "" when `text` does not begin with XML.
std::string_view RootElement(std::string_view text) {
  text = SkipBomAndSpace(text.substr(0, kSniffWindow));
  while (StartsWith(text, "<")) {
    if (StartsWith(text, "<?") || StartsWith(text, "<!")) {
      // Declarations, processing instructions, comments and DOCTYPE come before the root.
      const std::string_view end = StartsWith(text, "<!--") ? "-->" : ">";
      const size_t close = text.find(end);
      if (close == std::string_view::npos) return "";
      text = SkipBomAndSpace(text.substr(close + end.size()));
      continue;
    }
    text.remove_prefix(1);
    const size_t stop = text.find_first_of(" \t\r\n/>");
    std::string_view name = text.substr(0, stop);
    if (const size_t colon = name.find(':'); colon != std::string_view::npos) {
      name.remove_prefix(colon + 1);  // a namespace prefix such as <gpx:gpx>
    }
    return name;
  }
  return "";
}

bool IsFitHeader(std::string_view bytes) {
  if (bytes.size() < 12) return false;
  const unsigned char size = static_cast<unsigned char>(bytes[0]);
  return (size == 12 || size == 14) && bytes.substr(8, 4) == ".FIT";
}

}  // namespace

FileFormat SniffFormat(std::string_view bytes) {
  if (bytes.empty()) return FileFormat::kUnknown;
  if (IsFitHeader(bytes)) return FileFormat::kFit;
  if (StartsWith(bytes, "PK\x03\x04")) return FileFormat::kKmz;
  const std::string_view root = RootElement(bytes);
  if (root == "gpx") return FileFormat::kGpx;
  if (root == "TrainingCenterDatabase") return FileFormat::kTcx;
  if (root == "kml") return FileFormat::kKml;
  if (StartsWith(SkipBomAndSpace(bytes), "{")) return FileFormat::kGeoJson;
  return FileFormat::kUnknown;
}

const char* FormatName(FileFormat format) {
  switch (format) {
    case FileFormat::kGpx:
      return "GPX";
    case FileFormat::kTcx:
      return "TCX";
    case FileFormat::kKml:
      return "KML";
    case FileFormat::kKmz:
      return "KMZ";
    case FileFormat::kGeoJson:
      return "GeoJSON";
    case FileFormat::kFit:
      return "FIT";
    case FileFormat::kUnknown:
      break;
  }
  return "unknown";
}

util::Error NoPositionsError(std::string message) {
  util::Error error = util::Error::InvalidArgument(std::move(message));
  error.facts = {{"positions", "none"}};
  return error;
}

bool IsNoPositionsError(const util::Error& error) {
  for (const auto& [name, value] : error.facts) {
    if (name == "positions" && value == "none") return true;
  }
  return false;
}

util::Result<Track> ReadTrackFile(std::string_view bytes) {
  if (SkipBomAndSpace(bytes).empty()) return util::Error::InvalidArgument("Empty file");
  switch (SniffFormat(bytes)) {
    case FileFormat::kGpx:
      return ReadGpx(bytes);
    case FileFormat::kTcx:
      return ReadTcx(bytes);
    case FileFormat::kKml:
      return ReadKml(bytes);
    case FileFormat::kKmz:
      return ReadKmz(bytes);
    case FileFormat::kGeoJson:
      return ReadGeoJson(bytes);
    case FileFormat::kFit:
      return ReadFit(bytes);
    case FileFormat::kUnknown:
      break;
  }
  return util::Error::InvalidArgument(
      "Unrecognised file: expected a GPS track as GPX, KML, KMZ, TCX, GeoJSON or FIT.");
}

}  // namespace cairn::geo
