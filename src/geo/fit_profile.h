// The few message and field numbers of the FIT profile (Garmin FIT SDK, Profile.xlsx; checked
// against profile 21.202) that Cairn reads, with their units. Everything else in a FIT file is
// decoded for its size and skipped.
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
inline constexpr uint16_t kFileId = 0;
inline constexpr uint16_t kSport = 12;
inline constexpr uint16_t kSession = 18;
inline constexpr uint16_t kLap = 19;
inline constexpr uint16_t kRecord = 20;
inline constexpr uint16_t kEvent = 21;
inline constexpr uint16_t kCourse = 31;
inline constexpr uint16_t kCoursePoint = 32;
inline constexpr uint16_t kActivity = 34;
inline constexpr uint16_t kGpsMetadata = 160;
inline constexpr uint16_t kTimestampCorrelation = 162;
inline constexpr uint16_t kObdiiData = 174;
inline constexpr uint16_t kAviationAttitude = 178;

// file_id (0)
inline constexpr uint8_t kFileIdType = 0;  // enum file: 4 = activity, 6 = course
inline constexpr int64_t kFileCourse = 6;

// activity (34): local_timestamp is the device's local time at `timestamp` (253), as seconds
// since the FIT epoch; the difference is its time zone.
inline constexpr uint8_t kActivityLocalTimestamp = 5;  // uint32
inline constexpr int64_t kMaxUtcOffsetSeconds = 14 * 3600;

// record (20)
inline constexpr uint8_t kRecordLat = 0;                // sint32, semicircles
inline constexpr uint8_t kRecordLon = 1;                // sint32, semicircles
inline constexpr uint8_t kRecordAltitude = 2;           // uint16, m * 5 + 500
inline constexpr uint8_t kRecordEnhancedAltitude = 78;  // uint32, m * 5 + 500
inline constexpr double kAltitudeScale = 5;
inline constexpr double kAltitudeOffset = 500;

// Sport and sub-sport, both enums (sport, sub_sport; fit_sport.h gives them words).
inline constexpr uint8_t kSessionSport = 5;
inline constexpr uint8_t kSessionSubSport = 6;
inline constexpr uint8_t kSportSport = 0;      // sport (12)
inline constexpr uint8_t kSportSubSport = 1;   // sport (12)
inline constexpr uint8_t kCourseSport = 4;     // course (31)
inline constexpr uint8_t kCourseSubSport = 7;  // course (31)

// course (31)
inline constexpr uint8_t kCourseName = 5;  // string

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
inline constexpr uint8_t kCoursePointTimestamp = 1;  // uint32, s like field 253
inline constexpr uint8_t kCoursePointLat = 2;        // sint32, semicircles
inline constexpr uint8_t kCoursePointLon = 3;        // sint32, semicircles
inline constexpr uint8_t kCoursePointName = 6;       // string

// How a device's clock (system time: s since it powered on, below kMinUtcTimestamp) maps to UTC.
// timestamp_correlation (162): the UTC time (253, s) at which the system time (1) was read.
inline constexpr uint8_t kCorrelationFractionalTimestamp = 0;        // uint16, 1/32768 s
inline constexpr uint8_t kCorrelationSystemTimestamp = 1;            // uint32 date_time, s
inline constexpr uint8_t kCorrelationFractionalSystemTimestamp = 2;  // uint16, 1/32768 s
inline constexpr uint8_t kCorrelationTimestampMs = 4;                // uint16, ms
inline constexpr uint8_t kCorrelationSystemTimestampMs = 5;          // uint16, ms
inline constexpr double kFractionalScale = 32768;
// The other messages of the profile that pair the two clocks: aviation_attitude (178) stamps its
// samples with a UTC timestamp (253 + timestamp_ms) and each with a system_time in ms, and so does
// obdii_data (174), its first sample at start_timestamp (+ start_timestamp_ms) when present. The
// system_time fields are arrays, one element a sample: only a one-sample array is read (the
// decoder reads no arrays). gps_metadata (160) pairs them the other way round: a system-time
// timestamp (253 + timestamp_ms) with the fix's utc_timestamp.
inline constexpr uint8_t kTimestampMs = 0;                 // uint16, ms; in 160, 174 and 178
inline constexpr uint8_t kAviationAttitudeSystemTime = 1;  // uint32[], ms
inline constexpr uint8_t kObdiiDataSystemTime = 5;         // uint32[], ms
inline constexpr uint8_t kObdiiDataStartTimestamp = 6;     // uint32 date_time, s
inline constexpr uint8_t kObdiiDataStartTimestampMs = 7;   // uint16, ms
inline constexpr uint8_t kGpsMetadataUtcTimestamp = 6;     // uint32 date_time, s

}  // namespace cairn::geo::fit_profile
