// Request counters and the duration histogram in Prometheus' text format.
#include "services/health/request_metrics.h"

#include <cstdio>

namespace cairn::services {
namespace {

// The methods the server answers; anything else is one label value.
std::string MethodLabel(std::string_view method) {
  for (std::string_view known : {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}) {
    if (method == known) return std::string(known);
  }
  return "other";
}

std::string StatusClass(int status) {
  if (status < 100 || status > 599) return "other";
  return std::to_string(status / 100) + "xx";
}

// A number as Prometheus reads it: integers without a fraction, others with enough digits.
std::string Number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

}  // namespace

std::string PrometheusLabel(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void RequestMetrics::Record(std::string_view method, std::string_view route, int status,
                            double seconds) {
  std::string method_label = MethodLabel(method);
  std::string route_label(route);
  std::lock_guard lock(mutex_);
  ++requests_[{method_label, route_label, StatusClass(status)}];
  Histogram& histogram = durations_[{std::move(method_label), std::move(route_label)}];
  for (size_t i = 0; i < kBucketSeconds.size(); ++i) {
    if (seconds <= kBucketSeconds[i]) {
      ++histogram.buckets[i];
      break;
    }
  }
  ++histogram.count;
  histogram.sum += seconds;
}

std::string RequestMetrics::RenderPrometheus() const {
  std::lock_guard lock(mutex_);
  std::string out =
      "# HELP cairn_http_requests_total Requests answered, by method, route pattern and status "
      "class.\n# TYPE cairn_http_requests_total counter\n";
  for (const auto& [key, count] : requests_) {
    const auto& [method, route, status] = key;
    out += "cairn_http_requests_total{method=" + PrometheusLabel(method) +
           ",route=" + PrometheusLabel(route) + ",status=" + PrometheusLabel(status) + "} " +
           std::to_string(count) + "\n";
  }
  out +=
      "# HELP cairn_http_request_duration_seconds Time from routing a request to writing its "
      "response, by method and route pattern.\n"
      "# TYPE cairn_http_request_duration_seconds histogram\n";
  for (const auto& [key, histogram] : durations_) {
    const std::string labels =
        "method=" + PrometheusLabel(key.first) + ",route=" + PrometheusLabel(key.second);
    uint64_t cumulative = 0;
    for (size_t i = 0; i < kBucketSeconds.size(); ++i) {
      cumulative += histogram.buckets[i];
      out += "cairn_http_request_duration_seconds_bucket{" + labels +
             ",le=" + PrometheusLabel(Number(kBucketSeconds[i])) + "} " +
             std::to_string(cumulative) + "\n";
    }
    out += "cairn_http_request_duration_seconds_bucket{" + labels + ",le=\"+Inf\"} " +
           std::to_string(histogram.count) + "\n";
    out +=
        "cairn_http_request_duration_seconds_sum{" + labels + "} " + Number(histogram.sum) + "\n";
    out += "cairn_http_request_duration_seconds_count{" + labels + "} " +
           std::to_string(histogram.count) + "\n";
  }
  return out;
}

}  // namespace cairn::services
