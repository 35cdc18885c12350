// A trail's statistics typed by hand over the ones its track gives: which the person set, and
// what a write then stores.
#pragma once

#include <array>
#include <string>

#include "records/record_codec.h"

namespace cairn::services {

// The trail fields a track computes that a person may correct. Each keeps its computed value in
// `computed_<field>` (null, or "" for the date, without a track); the field itself holds the
// value in effect, which lists sort and filter by.
inline constexpr std::array<const char*, 5> kOverridableTrailFields = {
    "distance", "duration", "elevation_gain", "elevation_loss", "date"};

// What a trail write stores, from the stored record (`current`, an empty object on create), the
// values a new or removed track gives (`derived`: TrailFieldsFromTrack or TrailFieldsWithoutTrack,
// or nothing) and the validated body (`written`).
//  - Without a track the five fields are plain values: `overrides` is empty.
//  - With one, writing a field with a value other than its computed one makes it an override;
//    writing the computed value (numbers within 0.05) ends the override. A written value equal
//    to the stored one is no edit (a form sent whole with a new file), so it changes nothing.
//  - Writing `overrides` sets the list itself: a field left out goes back to its computed value,
//    one added keeps its current value from then on.
//  - A new track sets every `computed_*`, and each field without an override to its computed
//    value (the date only when the track has one).
records::Json MergeTrailStatistics(const records::Json& current, const records::Json& derived,
                                   const records::Json& written);

}  // namespace cairn::services
