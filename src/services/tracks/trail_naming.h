// What an imported trail is called and which category it gets when the file says little: names
// people recognise ("Cycling, 25 Oct 2020") instead of a device's file pattern or a timestamp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "geo/track.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// A name as stored: white space trimmed, at most 500 characters (never cut inside one).
std::string TrimmedName(std::string_view text);

// Whether a name says nothing a person would call a walk: empty, only a date or time
// ("2008-08-21T13:08:52Z", "12/04/2014 11:24 AM"), a device's file pattern
// ("2019-02-17-062644-ELEMNT-297E-195-0", "IMG_20200101"), or a device's generic word with a
// number ("ACTIVE LOG #2", "Track 001", "track").
bool IsMachineMadeName(std::string_view name);

// The calendar day, "YYYY-MM-DD", of `time_ms` where the walk was: with the device's own offset
// from UTC when the file gives one (`utc_offset_s`), else the nautical time zone of `lon` (15° an
// hour, within an hour of the legal one in most places), else UTC. nullopt for kNoTime.
std::optional<std::string> LocalDateOf(int64_t time_ms, std::optional<double> lon,
                                       std::optional<int32_t> utc_offset_s = std::nullopt);

// "25 Oct 2020" for "2020-10-25"; "" for anything else.
std::string ReadableDate(std::string_view iso_date);

// The name made from what a file knows: "Cycling, 25 Oct 2020"; "Activity, 25 Oct 2020"
// without a sport; "Cycling" without a date; "" with neither. `sport` is Track::sport.
std::string NameFromSportAndDate(std::string_view sport, std::string_view iso_date);

// The first name that is not machine-made of: the one the caller chose (kept even if it looks
// machine-made: the person typed it), the file's own (metadata, first named track, first named
// route), the uploaded file's name without its extension, the name from sport and date; else
// "Untitled trail". Trimmed and at most 500 characters.
std::string ChooseTrailName(const geo::Track& track, const std::string& file_name,
                            const std::string& chosen, std::string_view iso_date);

// The names of the categories a sport belongs in, best first, to match case-insensitively
// against the categories there are ("mountain biking" → "Mountain biking", "Biking"). Empty for
// no sport.
std::vector<std::string> CategoryNamesFor(std::string_view sport);

// The id of the category the sport belongs in (the first of CategoryNamesFor that exists), or ""
// when none does.
util::Result<std::string> CategoryForSport(storage::Connection& connection, std::string_view sport);

}  // namespace cairn::services
