// The few message and field numbers of the FIT profile (Garmin FIT SDK, Profile.xlsx) that Cairn
// reads, with their units. Everything else in a FIT file is decoded for its size and skipped.
#pragma once

#include <cstdint>

namespace cairn::geo::fit_profile {

// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
inline constexpr int64_t kFitEpochUnixSeconds = 631065600;
// Timestamps below this count seconds since the device powered on, not UTC.
inline constexpr int64_t kMinUtcTimestamp = 0x10000000;
// Positions are semicircles: 2^31 of them make 180 degrees.
inline constexpr double kDegreesPerSemicircle = 180.0 / 2147483648.0;

// Message numbers.
inline constexpr uint16_t kSession = 18;
inline constexpr uint16_t kLap = 19;
inline constexpr uint16_t kRecord = 20;
inline constexpr uint16_t kEvent = 21;
inline constexpr uint16_t kCoursePoint = 32;

// record (20)
inline constexpr uint8_t kRecordLat = 0;                // sint32, semicircles
inline constexpr uint8_t kRecordLon = 1;                // sint32, semicircles
inline constexpr uint8_t kRecordAltitude = 2;           // uint16, m * 5 + 500
inline constexpr uint8_t kRecordEnhancedAltitude = 78;  // uint32, m * 5 + 500
inline constexpr double kAltitudeScale = 5;
inline constexpr double kAltitudeOffset = 500;

// session (18) and lap (19) share these numbers...
inline constexpr uint8_t kTotalElapsedTime = 7;  // uint32, ms
inline constexpr uint8_t kTotalTimerTime = 8;    // uint32, ms
inline constexpr uint8_t kTotalDistance = 9;     // uint32, cm
inline constexpr double kTimeScale = 1000;
inline constexpr double kDistanceScale = 100;
// ...but not these (uint16, m).
inline constexpr uint8_t kSessionTotalAscent = 22;
inline constexpr uint8_t kSessionTotalDescent = 23;
inline constexpr uint8_t kLapTotalAscent = 21;
inline constexpr uint8_t kLapTotalDescent = 22;

// event (21)
inline constexpr uint8_t kEventEvent = 0;  // enum event: 0 = timer
inline constexpr uint8_t kEventType = 1;   // enum event_type: 0 = start, 1 = stop, 4 = stop_all
inline constexpr int64_t kEventTimer = 0;
inline constexpr int64_t kEventTypeStart = 0;

// course_point (32)
inline constexpr uint8_t kCoursePointTimestamp = 1;  // uint32, s since the FIT epoch
inline constexpr uint8_t kCoursePointLat = 2;        // sint32, semicircles
inline constexpr uint8_t kCoursePointLon = 3;        // sint32, semicircles
inline constexpr uint8_t kCoursePointName = 6;       // string

}  // namespace cairn::geo::fit_profile
