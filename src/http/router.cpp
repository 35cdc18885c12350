// Segment-wise routing with literal-over-capture precedence.
#include "http/router.h"

#include <strings.h>

namespace cairn::http {

bool CaseInsensitiveLess::operator()(const std::string& a, const std::string& b) const {
  return strcasecmp(a.c_str(), b.c_str()) < 0;
}

std::string Request::QueryValue(std::string_view name) const {
  for (const auto& [k, v] : query) {
    if (k == name) return v;
  }
  return "";
}

bool Request::HasQuery(std::string_view name) const {
  for (const auto& [k, v] : query) {
    if (k == name) return true;
  }
  return false;
}

std::string Request::Header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? "" : it->second;
}

const FormPart* Request::FormField(std::string_view name) const {
  for (const auto& part : form_parts) {
    if (part.name == name) return &part;
  }
  return nullptr;
}

std::string Request::PathParam(const std::string& name) const {
  auto it = path_params.find(name);
  return it == path_params.end() ? "" : it->second;
}

std::vector<std::string> Router::Split(const std::string& path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    if (slash > start) out.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return out;
}

void Router::Add(std::string method, std::string pattern, Handler handler) {
  std::vector<std::string> segments = Split(pattern);
  routes_.push_back(
      {std::move(method), std::move(pattern), std::move(segments), std::move(handler)});
}

void Router::AddPrefix(std::string method, std::string prefix, Handler handler) {
  prefix_routes_.push_back({std::move(method), std::move(prefix), std::move(handler)});
}

void Router::SetFallbacks(Handler not_found, Handler method_not_allowed) {
  not_found_ = std::move(not_found);
  method_not_allowed_ = std::move(method_not_allowed);
}

// Returns -1 when the route does not match, otherwise a score where more literal segments win.
int Router::Match(const Route& route, const std::vector<std::string>& segments,
                  std::map<std::string, std::string>* params) {
  if (route.segments.size() != segments.size()) return -1;
  int score = 0;
  for (size_t i = 0; i < segments.size(); ++i) {
    const std::string& pattern = route.segments[i];
    if (!pattern.empty() && pattern[0] == ':') {
      if (params) (*params)[pattern.substr(1)] = segments[i];
    } else if (pattern == segments[i]) {
      score += 1 << (segments.size() - i);
    } else {
      return -1;
    }
  }
  return score;
}

Response Router::Dispatch(Request& request) const {
  // HEAD is GET without a body; the server drops the body when writing the response.
  const std::string& method = request.method == "HEAD" ? std::string("GET") : request.method;
  const std::vector<std::string> segments = Split(request.path);
  const Route* best = nullptr;
  int best_score = -1;
  bool path_known = false;
  for (const auto& route : routes_) {
    int score = Match(route, segments, nullptr);
    if (score < 0) continue;
    path_known = true;
    if (route.method == method && score > best_score) {
      best = &route;
      best_score = score;
    }
  }
  if (best) {
    Match(*best, segments, &request.path_params);
    request.route = best->pattern;
    return best->handler(request);
  }
  request.route = "unmatched";
  if (path_known && method_not_allowed_) return method_not_allowed_(request);
  const PrefixRoute* longest = nullptr;
  for (const auto& route : prefix_routes_) {
    if (route.method == method && request.path.starts_with(route.prefix) &&
        (!longest || route.prefix.size() > longest->prefix.size())) {
      longest = &route;
    }
  }
  if (longest) {
    request.route = longest->prefix + "*";
    return longest->handler(request);
  }
  if (not_found_) return not_found_(request);
  return Response{404, "text/plain", "Not Found", {}};
}

}  // namespace cairn::http
