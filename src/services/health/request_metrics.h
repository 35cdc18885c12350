// Counts of answered requests and their durations, for the Prometheus endpoint (--metrics).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>

namespace cairn::services {

// Requests by method, route pattern and status class, and a duration histogram by method and
// route. Labels come from a bounded set (route patterns, never raw paths; unknown methods are
// "other"), so the series cannot grow with what clients send. Thread-safe.
class RequestMetrics {
 public:
  // Upper bounds of the duration histogram's buckets, in seconds (Prometheus' defaults).
  static constexpr std::array<double, 11> kBucketSeconds = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
                                                            0.5,   1,    2.5,   5,    10};

  // Counts one answered request. `route` is the router's pattern ("/api/v1/trail/:id").
  void Record(std::string_view method, std::string_view route, int status, double seconds);

  // cairn_http_requests_total and cairn_http_request_duration_seconds in Prometheus' text
  // format 0.0.4, each with its HELP and TYPE lines (and no samples before the first request).
  std::string RenderPrometheus() const;

 private:
  struct Histogram {
    std::array<uint64_t, kBucketSeconds.size()> buckets{};  // not cumulative; summed on render
    uint64_t count = 0;
    double sum = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::tuple<std::string, std::string, std::string>, uint64_t> requests_;
  std::map<std::pair<std::string, std::string>, Histogram> durations_;
};

// `value` as a Prometheus label value with its quotes (backslash, quote and newline escaped).
std::string PrometheusLabel(std::string_view value);

}  // namespace cairn::services
