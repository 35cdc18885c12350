// Reading GPS files into a Track: one function per format, and one that recognises the format
// by content (never by file name or Content-Type) and calls the right reader.
#pragma once

#include <string_view>

#include "geo/track.h"
#include "util/result.h"

namespace cairn::geo {

enum class FileFormat { kGpx, kTcx, kKml, kKmz, kGeoJson, kFit, kUnknown };

// The format of `bytes` judged from its first bytes: FIT by its header signature, KMZ by the zip
// signature, GPX/TCX/KML by the root element of the XML (after a BOM, declaration, comments),
// GeoJSON by a JSON object with a "type". kUnknown for anything else, including empty input.
FileFormat SniffFormat(std::string_view bytes);

// A readable name for a format ("GPX", "FIT", ...).
const char* FormatName(FileFormat format);

// Every reader below takes the whole file and returns the track it holds. On input it cannot
// read, it returns InvalidArgument with a message naming the format and where reading failed
// (e.g. "GPX: line 12, column 4: a <trkpt> has no lat attribute"). A file that holds no point
// and no waypoint at all is InvalidArgument too ("GPX: the file has no track, route or
// waypoint"). Readers never throw, never read outside `bytes`, and use memory proportional to
// the points they keep, not to the file (large files are streamed, not loaded as a tree).
// Coordinates outside [-90, 90] / [-180, 180] or not finite are errors. Empty tracks and
// segments are dropped: every part read has at least one segment, every segment one point.
util::Result<Track> ReadGpx(std::string_view bytes);      // GPX 1.0 and 1.1
util::Result<Track> ReadTcx(std::string_view bytes);      // Training Center XML v2
util::Result<Track> ReadKml(std::string_view bytes);      // KML 2.2 with the gx: extensions
util::Result<Track> ReadKmz(std::string_view bytes);      // zipped KML (doc.kml or the first .kml)
util::Result<Track> ReadGeoJson(std::string_view bytes);  // RFC 7946
util::Result<Track> ReadFit(std::string_view bytes);      // Garmin FIT, chained files included

// The InvalidArgument a reader returns for a well-formed file without a single position (an
// indoor workout, an activity entered by hand): it carries the fact "positions": "none", so an
// import can tell it from damage and skip the activity instead of failing it.
util::Error NoPositionsError(std::string message);
bool IsNoPositionsError(const util::Error& error);

// Sniffs the format and reads `bytes` with the matching reader. Empty input is
// InvalidArgument("Empty file"); an unrecognised format names the formats that are accepted.
util::Result<Track> ReadTrackFile(std::string_view bytes);

}  // namespace cairn::geo
