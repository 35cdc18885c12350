// The FIT profile's sport and sub_sport enums (Garmin FIT SDK, Profile.xlsx, types "sport" and
// "sub_sport", checked against profile 21.202) in words, for Track::sport.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace cairn::geo::fit_internal {

// The activity type of a FIT sport and sub-sport in lower-case English words with spaces:
// "running", "cycling", "cross country skiing", "e-biking"... A few sub-sports refine their sport
// ("mountain biking", "gravel cycling", "road cycling", "e-mountain biking", "trail running");
// the others (indoor cycling, treadmill...) keep it. "" for generic, transition, all, a number the
// profile does not define, or no sport (nullopt, the field absent or invalid).
std::string SportWords(std::optional<int64_t> sport, std::optional<int64_t> sub_sport);

}  // namespace cairn::geo::fit_internal
