// Request parsing shared by every route family.
#include "api/core/request_parsing.h"

#include <algorithm>
#include <charconv>

#include "util/ids.h"

namespace cairn::api {
namespace {

// Deeper nesting than any record needs; the JSON library copies and compares values recursively,
// so unbounded depth could exhaust a thread's stack.
constexpr int kMaxJsonDepth = 64;

// The deepest nesting of arrays and objects in `text`, counting brackets outside strings.
int NestingDepth(std::string_view text) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

util::Result<int> IntParam(const http::Request& request, const char* name, int fallback) {
  if (!request.HasQuery(name)) return fallback;
  const std::string text = request.QueryValue(name);
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    return util::Error::InvalidParams(
        {{"invalid_type",
          "Expected an integer, received \"" + text.substr(0, 32) + "\"",
          {name},
          {{"expected", std::string("integer")}, {"received", std::string("string")}}}});
  }
  return value;
}

}  // namespace

bool IsTrue(std::string_view text) {
  std::string lower(text.substr(0, 8));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "true" || lower == "1" || lower == "yes" || lower == "on";
}

util::Result<services::FieldSelection> FieldSelectionOf(const http::Request& request) {
  return services::FieldSelection::Parse(request.QueryValue("fields"));
}

util::Result<int> BoundedIntParam(const http::Request& request, const char* name, int fallback,
                                  int min, int max) {
  CAIRN_ASSIGN_OR_RETURN(int value, IntParam(request, name, fallback));
  if (value >= min && value <= max) return value;
  const bool small = value < min;
  util::ParamIssue issue{small ? "too_small" : "too_big",
                         small ? "Number must be greater than or equal to " + std::to_string(min)
                               : "Number must be less than or equal to " + std::to_string(max),
                         {name},
                         {{small ? "minimum" : "maximum", int64_t{small ? min : max}},
                          {"type", std::string("number")},
                          {"inclusive", true},
                          {"exact", false}}};
  return util::Error::InvalidParams({issue});
}

util::Result<std::string> RecordIdParam(const http::Request& request) {
  std::string id = request.PathParam("id");
  if (id.size() == util::kRecordIdLength) return id;
  const bool small = id.size() < util::kRecordIdLength;
  util::ParamIssue issue{small ? "too_small" : "too_big",
                         "String must contain exactly 15 character(s)",
                         {"id"},
                         {{small ? "minimum" : "maximum", int64_t{15}},
                          {"type", std::string("string")},
                          {"inclusive", true},
                          {"exact", true}}};
  return util::Error::InvalidParams({issue});
}

util::Result<nlohmann::json> JsonBody(const http::Request& request, ContentTypeRule rule,
                                      size_t max_bytes) {
  if (rule == ContentTypeRule::kRequired && request.Header("Content-Type").empty()) {
    return util::Error::InvalidArgument("The Content-Type header is required.");
  }
  if (request.body.size() > max_bytes) {
    return util::Error::TooLarge(
        "The request body is larger than " + std::to_string(max_bytes / (1024 * 1024)) + " MiB" +
        (max_bytes == kMaxJsonBodyBytes ? "; record bodies are JSON objects of fields." : "."));
  }
  if (NestingDepth(request.body) > kMaxJsonDepth) {
    return util::Error::InvalidArgument("invalid_json: the request body is nested more than " +
                                        std::to_string(kMaxJsonDepth) + " levels deep.");
  }
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) {
    return util::Error::InvalidArgument("invalid_json: the request body is not valid JSON.");
  }
  if (!body.is_object()) {
    return util::Error::InvalidArgument("invalid_json: the request body must be a JSON object.");
  }
  return body;
}

util::Result<services::ListParams> ListParamsOf(const http::Request& request) {
  services::ListParams params;
  CAIRN_ASSIGN_OR_RETURN(params.page, IntParam(request, "page", 1));
  CAIRN_ASSIGN_OR_RETURN(params.per_page, IntParam(request, "perPage", services::kDefaultPerPage));
  if (params.page < 1) params.page = 1;
  // wanderer's clients ask for "everything" with a negative perPage; they get the largest page
  // we serve (and the total, so they can tell whether there is more), never an unbounded one.
  if (params.per_page < 0 || params.per_page > services::kMaxPerPage) {
    params.per_page = services::kMaxPerPage;
  }
  if (params.per_page == 0) params.per_page = services::kDefaultPerPage;
  params.sort = request.QueryValue("sort");
  params.filter = request.QueryValue("filter");
  params.expand = request.QueryValue("expand");
  params.skip_total = IsTrue(request.QueryValue("skipTotal"));
  params.query = request.query;
  return params;
}

util::Result<services::MultipartForm> MultipartFormOf(const http::Request& request) {
  const std::string type = request.Header("Content-Type");
  if (type.rfind("multipart/form-data", 0) != 0) {
    return util::Error::InvalidArgument(
        "Send files and fields as multipart/form-data (Content-Type: multipart/form-data).");
  }
  services::MultipartForm form;
  for (const auto& part : request.form_parts) {
    const bool file = !part.filename.empty() ||
                      (!part.content_type.empty() && part.content_type.rfind("text/plain", 0) != 0);
    if (!file) {
      if (NestingDepth(part.content) > kMaxJsonDepth) {
        return util::Error::InvalidField(
            "Invalid form.", part.name, "validation_invalid_json",
            "JSON may be at most " + std::to_string(kMaxJsonDepth) + " levels deep.");
      }
      form.fields.emplace_back(part.name, part.content);
      continue;
    }
    if (part.filename.empty() && part.content.empty()) continue;
    form.files.emplace_back(part.name, services::UploadedFile{part.content, part.filename});
  }
  return form;
}

}  // namespace cairn::api
