// An activity type written as text (GPX trk/type, TCX Activity Sport) in the words of
// Track::sport.
#pragma once

#include <string>
#include <string_view>

namespace cairn::geo {

// Lower case with spaces for '_'; the apps' own words mapped to ours ("Biking", "ride" and
// "bike" → "cycling", "run" → "running", "walk" → "walking", "hike" → "hiking",
// "MountainBiking" → "mountain biking"); "" for anything that is not an activity we know by
// name ("Other", "generic", a number such as Strava's old type codes, free text).
std::string SportFromText(std::string_view text);

}  // namespace cairn::geo
