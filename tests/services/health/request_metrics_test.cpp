// Request counters: bounded labels, cumulative buckets, Prometheus' text format.
#include "services/health/request_metrics.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("requests are counted by method, route and status class", "[health][metrics]") {
  RequestMetrics metrics;
  metrics.Record("GET", "/api/v1/trail/:id", 200, 0.003);
  metrics.Record("GET", "/api/v1/trail/:id", 204, 0.2);
  metrics.Record("GET", "/api/v1/trail/:id", 404, 20);
  metrics.Record("BREW", "unmatched", 999, 0.001);
  const std::string text = metrics.RenderPrometheus();
  INFO(text);
  for (
      const char* line : {
          R"(cairn_http_requests_total{method="GET",route="/api/v1/trail/:id",status="2xx"} 2)",
          R"(cairn_http_requests_total{method="GET",route="/api/v1/trail/:id",status="4xx"} 1)",
          R"(cairn_http_requests_total{method="other",route="unmatched",status="other"} 1)",
          // Buckets count every request at or under their bound.
          R"(cairn_http_request_duration_seconds_bucket{method="GET",route="/api/v1/trail/:id",le="0.005"} 1)",
          R"(cairn_http_request_duration_seconds_bucket{method="GET",route="/api/v1/trail/:id",le="0.25"} 2)",
          R"(cairn_http_request_duration_seconds_bucket{method="GET",route="/api/v1/trail/:id",le="10"} 2)",
          R"(cairn_http_request_duration_seconds_bucket{method="GET",route="/api/v1/trail/:id",le="+Inf"} 3)",
          R"(cairn_http_request_duration_seconds_sum{method="GET",route="/api/v1/trail/:id"} 20.203)",
          R"(cairn_http_request_duration_seconds_count{method="GET",route="/api/v1/trail/:id"} 3)",
          "# TYPE cairn_http_requests_total counter",
          "# TYPE cairn_http_request_duration_seconds histogram",
      }) {
    CHECK(text.find(std::string(line) + "\n") != std::string::npos);
  }
  CHECK(text.find("BREW") == std::string::npos);
}

TEST_CASE("label values are escaped", "[health][metrics]") {
  CHECK(PrometheusLabel(R"(a"b\c)") == R"("a\"b\\c")");
  CHECK(PrometheusLabel("line\nbreak") == R"("line\nbreak")");
}

}  // namespace
}  // namespace cairn::services
