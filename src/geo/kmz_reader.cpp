// Reading KMZ: the KML document inside a zip archive, read with the KML reader.
#include <cctype>
#include <string>
#include <utility>

#include "geo/readers.h"
#include "geo/zip_archive.h"
#include "util/text.h"

namespace cairn::geo {
namespace {

bool EndsWithIgnoringCase(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         util::EqualsIgnoringAsciiCase(text.substr(text.size() - suffix.size()), suffix);
}

// Google Earth opens doc.kml at the top of the archive, else the first .kml file; so do we.
// SIZE_MAX when there is none.
size_t FindKmlEntry(const std::vector<ZipEntry>& entries) {
  for (size_t i = 0; i < entries.size(); ++i) {
    if (util::EqualsIgnoringAsciiCase(entries[i].name, "doc.kml")) return i;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].is_directory && EndsWithIgnoringCase(entries[i].name, ".kml")) return i;
  }
  return SIZE_MAX;
}

// The zip adapter's message with "KMZ: " in front, keeping its kind.
util::Error KmzError(util::Error error) {
  error.message = "KMZ: " + error.message;
  return error;
}

}  // namespace

util::Result<Track> ReadKmz(std::string_view bytes) {
  auto archive = ZipReader::Open(bytes);
  if (!archive.ok()) return KmzError(std::move(archive).error());
  const size_t index = FindKmlEntry(archive->entries());
  if (index == SIZE_MAX) {
    return util::Error::InvalidArgument("KMZ: the archive holds no .kml file");
  }
  auto kml = archive->ReadEntry(index);
  if (!kml.ok()) return KmzError(std::move(kml).error());
  auto track = ReadKml(*kml);
  if (!track.ok()) {
    // The KML reader's message already names KML and the place; say which file it was in.
    return util::Error::InvalidArgument("KMZ: in " +
                                        PrintableEntryName(archive->entries()[index].name) + ": " +
                                        track.error().message);
  }
  track->format = "KMZ";
  return track;
}

}  // namespace cairn::geo
