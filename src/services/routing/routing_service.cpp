// The route proxy's order of checks and its reading of Valhalla's answers.
#include "services/routing/routing_service.h"

#include <algorithm>
#include <string>

#include "services/routing/route_request.h"
#include "util/in_flight.h"
#include "util/log.h"

namespace cairn::services::routing {
namespace {

using Json = nlohmann::json;

// How much of a message from the routing server is passed on or logged.
constexpr size_t kMaxQuotedChars = 300;

// `text` fit for a message: control characters replaced, length bounded.
std::string Quoted(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return (c >= 0 && c < 0x20) || c == 0x7F; }, ' ');
  if (text.size() > kMaxQuotedChars) text = text.substr(0, kMaxQuotedChars) + "...";
  return text;
}

// Valhalla's error text from a body {error_code, error, status_code, status}, or "".
std::string ValhallaMessage(const Json& body) {
  if (!body.is_object()) return "";
  const auto error = body.find("error");
  return error != body.end() && error->is_string() ? Quoted(error->get<std::string>()) : "";
}

}  // namespace

RoutingService::RoutingService(std::optional<net::HttpClient> server, const util::Clock& clock,
                               RoutingLimits limits)
    : server_(std::move(server)),
      limits_(limits),
      per_user_(clock, {.capacity = limits.burst, .refill_per_minute = limits.per_minute}) {}

util::Result<Json> RoutingService::Route(const Caller& caller, const Json& request) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  if (!server_) {
    util::Error error = util::Error::Unavailable(kRoutingNotConfiguredMessage);
    error.facts.emplace_back("reason", "routing_not_configured");
    return error;
  }
  CAIRN_RETURN_IF_ERROR(CheckRouteRequest(request));
  if (const int64_t wait = per_user_.TakeOrRetryAfterSeconds(caller.user_id); wait > 0) {
    return util::Error::TooManyRequests(
        "Too many route requests: at most " + std::to_string(limits_.burst) + " at once and " +
            std::to_string(limits_.per_minute) + " a minute. Try again in " + std::to_string(wait) +
            " s.",
        wait);
  }
  util::InFlightSlot slot(in_flight_, limits_.max_in_flight);
  if (!slot.taken()) {
    return util::Error::TooManyRequests(
        "The routing server is busy with other requests. Try again in a moment.", 1);
  }
  return Forward(request);
}

util::Result<Json> RoutingService::Forward(const Json& request) {
  const net::HttpClient& server = *server_;
  auto answer =
      server.PostJson("/route", request.dump(-1, ' ', false, Json::error_handler_t::replace));
  if (!answer.ok()) {
    const util::Error& error = answer.error();
    util::LogWarning("routing: " + error.message);
    if (error.kind == util::ErrorKind::kUpstreamTimeout) {
      const auto seconds =
          std::chrono::duration_cast<std::chrono::seconds>(server.options().total_timeout);
      return util::Error::UpstreamTimeout("The routing server did not answer within " +
                                          std::to_string(seconds.count()) + " s.");
    }
    if (error.kind == util::ErrorKind::kUpstreamFailed) {
      return util::Error::UpstreamFailed(
          "The routing server could not be reached or gave no usable answer.");
    }
    return answer.error();
  }
  const Json body = Json::parse(answer->body, nullptr, false);
  const std::string where =
      "routing: " + server.display_url() + "/route answered HTTP " + std::to_string(answer->status);
  if (answer->status >= 200 && answer->status < 300) {
    if (body.is_object()) return body;
    util::LogWarning(where + " with a body that is not a JSON object");
    return util::Error::UpstreamFailed("The routing server's answer is not JSON.");
  }
  const std::string valhalla = ValhallaMessage(body);
  if (answer->status == 400 && !valhalla.empty()) {
    // Valhalla's refusal of this request: the caller's to read (no route, no road nearby).
    util::Error error = util::Error::InvalidArgument(valhalla);
    if (const auto code = body.find("error_code"); code != body.end() && code->is_number()) {
      error.facts.emplace_back("valhalla_error_code", std::to_string(code->get<int64_t>()));
    }
    return error;
  }
  util::LogWarning(where + ": " + (valhalla.empty() ? Quoted(answer->body) : valhalla));
  if (answer->status == 404) {
    util::LogWarning("routing: is --routing-url the Valhalla server's base address?");
  }
  return util::Error::UpstreamFailed("The routing server failed (HTTP " +
                                     std::to_string(answer->status) + ")" +
                                     (valhalla.empty() ? std::string(".") : ": " + valhalla));
}

}  // namespace cairn::services::routing
