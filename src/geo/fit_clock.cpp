// Learning a FIT device's system-time-to-UTC offset from the messages that pair the two clocks.
#include "geo/fit_clock.h"

#include <cmath>

#include "geo/fit_profile.h"

namespace cairn::geo::fit_internal {
namespace {

namespace fp = fit_profile;

bool IsUtc(int64_t seconds) { return seconds >= fp::kMinUtcTimestamp && seconds <= UINT32_MAX; }
bool IsSystem(int64_t seconds) { return seconds >= 0 && seconds < fp::kMinUtcTimestamp; }

int64_t UtcUnixMillis(int64_t seconds, int64_t millis) {
  return (seconds + fp::kFitEpochUnixSeconds) * 1000 + millis;
}

// The sub-second part of a time in ms: the ms field when present, else the fractional field
// (1/32768 s), else 0. Values beyond one second are damage and count as absent.
int64_t SubSecondMillis(const Message& message, uint8_t ms_field, std::optional<uint8_t> fraction) {
  if (const auto ms = message.Integer(ms_field); ms && *ms < 1000) return *ms;
  if (fraction) {
    if (const auto f = message.Integer(*fraction); f && *f < fp::kFractionalScale) {
      return std::llround(static_cast<double>(*f) * 1000 / fp::kFractionalScale);
    }
  }
  return 0;
}

// How much each kind of message is trusted: the message made for the purpose first.
constexpr int kRankCorrelation = 1;
constexpr int kRankSample = 2;

}  // namespace

void DeviceClock::OnMessage(const Message& message) {
  const std::optional<uint32_t> timestamp = message.timestamp();
  switch (message.global_number()) {
    case fp::kTimestampCorrelation: {
      const auto system = message.Integer(fp::kCorrelationSystemTimestamp);
      if (!timestamp || !IsUtc(*timestamp) || !system || !IsSystem(*system)) return;
      const int64_t utc_ms =
          UtcUnixMillis(*timestamp, SubSecondMillis(message, fp::kCorrelationTimestampMs,
                                                    fp::kCorrelationFractionalTimestamp));
      const int64_t system_ms =
          *system * 1000 + SubSecondMillis(message, fp::kCorrelationSystemTimestampMs,
                                           fp::kCorrelationFractionalSystemTimestamp);
      Learn(kRankCorrelation, utc_ms, system_ms);
      return;
    }
    case fp::kAviationAttitude: {
      const auto system_ms = message.Integer(fp::kAviationAttitudeSystemTime);
      if (!timestamp || !IsUtc(*timestamp) || !system_ms) return;
      Learn(kRankSample,
            UtcUnixMillis(*timestamp, SubSecondMillis(message, fp::kTimestampMs, std::nullopt)),
            *system_ms);
      return;
    }
    case fp::kObdiiData: {
      // The first system_time is the first sample's, stamped start_timestamp when present.
      const auto system_ms = message.Integer(fp::kObdiiDataSystemTime);
      if (!system_ms) return;
      if (const auto start = message.Integer(fp::kObdiiDataStartTimestamp);
          start && IsUtc(*start)) {
        Learn(kRankSample,
              UtcUnixMillis(*start,
                            SubSecondMillis(message, fp::kObdiiDataStartTimestampMs, std::nullopt)),
              *system_ms);
      } else if (timestamp && IsUtc(*timestamp)) {
        Learn(kRankSample,
              UtcUnixMillis(*timestamp, SubSecondMillis(message, fp::kTimestampMs, std::nullopt)),
              *system_ms);
      }
      return;
    }
    case fp::kGpsMetadata: {
      const auto utc = message.Integer(fp::kGpsMetadataUtcTimestamp);
      if (!timestamp || !IsSystem(*timestamp) || !utc || !IsUtc(*utc)) return;
      Learn(kRankSample, UtcUnixMillis(*utc, 0),
            int64_t{*timestamp} * 1000 + SubSecondMillis(message, fp::kTimestampMs, std::nullopt));
      return;
    }
    default:
      return;
  }
}

void DeviceClock::Learn(int rank, int64_t utc_unix_ms, int64_t system_ms) {
  if (offset_ms_ && rank >= rank_) return;
  offset_ms_ = utc_unix_ms - system_ms;
  rank_ = rank;
}

}  // namespace cairn::geo::fit_internal
