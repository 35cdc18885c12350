// Numbers, time stamps and degrees as the GPS XML formats write them, and element readers for the
// GPX, TCX and KML readers whose errors say where the bad value is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "geo/xml_scanner.h"
#include "util/result.h"

namespace cairn::geo::xml_internal {

// `text` without leading and trailing XML white space (space, tab, CR, LF).
std::string_view TrimXmlSpace(std::string_view text);

// A finite number in decimal notation ("46.5", "-0.25", "+3", "1.5e3"), with white space around
// it allowed. nullopt for anything else: "", "nan", "inf", "46,5", "12abc". Never allocates.
std::optional<double> ParseNumber(std::string_view text);

// An ISO 8601 date and time (xsd:dateTime) as Unix epoch milliseconds, UTC:
// "YYYY-MM-DDThh:mm[:ss[.fraction]]" followed by "Z", an offset ("+01:00", "-0500", "+01") or
// nothing (read as UTC, as GPX readers commonly do), or a date alone ("YYYY-MM-DD", midnight
// UTC). Any number of fraction digits; those past milliseconds are dropped (towards the earlier
// time). Years 0000 to 9999, before 1970 included. nullopt for anything else.
std::optional<int64_t> ParseDateTime(std::string_view text);

enum class Axis { kLatitude, kLongitude };

// `text` as degrees of latitude ([-90, 90]) or longitude ([-180, 180]). On failure, an error at
// `offset` naming `element` (a tag name such as "trkpt") and the value.
util::Result<double> ParseDegrees(const XmlScanner& xml, std::string_view text, Axis axis,
                                  size_t offset, std::string_view element);

// The readers below are called on a start tag and consume the element through its end tag. They
// fail with the scanner's error, or with an error at the element naming it and the bad value.

// The element's text, decoded and trimmed.
util::Status ReadStringElement(XmlScanner& xml, std::string* out);

// A number that must be there ("<DistanceMeters>12.5</DistanceMeters>").
util::Status ReadNumberElement(XmlScanner& xml, double* out);

// An elevation: a number, or kNoElevation when the element is empty or says "NaN" (writers use
// both for "unknown"). Any other text is an error: a file that writes garbage where a number
// belongs is refused rather than guessed at.
util::Status ReadElevationElement(XmlScanner& xml, double* out);

// A time stamp (ParseDateTime), or kNoTime when the element is empty. Any other text is an error.
util::Status ReadTimeElement(XmlScanner& xml, int64_t* out);

}  // namespace cairn::geo::xml_internal
