// Where a trail's photos were taken: `photo_positions` is {file name: {lat, lon}}, filled from the
// camera's GPS (EXIF) when a photo is uploaded and set by hand for the others. The trail map
// shows them as a photo layer.
#pragma once

#include "records/record_codec.h"
#include "records/validation.h"
#include "util/result.h"

namespace cairn::services {

inline constexpr const char* kPhotoPositions = "photo_positions";
// At most this many positions (a trail has at most 999 photos).
inline constexpr size_t kMaxPhotoPositions = 999;

// A body's `photo_positions`, when it has one: an object of at most kMaxPhotoPositions entries,
// each {lat in [-90, 90], lon in [-180, 180]} (other keys are refused). Form A errors.
util::Status CheckPhotoPositions(const records::Json& values, records::WriteMode mode);

// Settles the positions a write leaves: those an upload found (`photo_positions+`, consumed
// here) are added to the body's own, or else to the stored ones (`current`, null on create);
// positions of photos the trail no longer has are dropped. Leaves `values` alone when neither
// the photos nor the positions change.
void SettlePhotoPositions(const records::Json* current, records::Json& values);

}  // namespace cairn::services
