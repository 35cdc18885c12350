// One trail to another server, in the three requests its API takes, each answer read for what it
// says went wrong.
#include "services/plugins/trail_sender.h"

#include "services/families/names.h"
#include "util/random.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

constexpr char kTrailsCollectionId[] = "e864strfxo14pm4";

// A multipart/form-data body built part by part.
class Multipart {
 public:
  Multipart() : boundary_("cairn-" + util::RandomString(24)) {}
  void Field(const std::string& name, const std::string& value) {
    body_ += "--" + boundary_ + "\r\nContent-Disposition: form-data; name=\"" + name +
             "\"\r\n\r\n" + value + "\r\n";
  }
  void File(const std::string& name, const std::string& file_name, std::string_view bytes) {
    body_ += "--" + boundary_ + "\r\nContent-Disposition: form-data; name=\"" + name +
             "\"; filename=\"" + Quoted(file_name) +
             "\"\r\nContent-Type: application/octet-stream\r\n\r\n";
    body_.append(bytes);
    body_ += "\r\n";
  }
  std::string Finish() { return body_ + "--" + boundary_ + "--\r\n"; }
  std::string ContentType() const { return "multipart/form-data; boundary=" + boundary_; }

 private:
  static std::string Quoted(const std::string& name) {
    std::string out;
    for (char c : name) out += (c == '"' || c == '\r' || c == '\n' || c == '\\') ? '_' : c;
    return out;
  }
  std::string boundary_;
  std::string body_;
};

// What the server's error body says, if it says anything.
std::string MessageOf(const net::UrlResponse& response) {
  const Json body = Json::parse(response.body, nullptr, false);
  if (body.is_object() && body.contains("message") && body["message"].is_string()) {
    return body["message"].get<std::string>().substr(0, 300);
  }
  return "";
}

}  // namespace

struct TrailSender::Remote {
  OpenedInstance instance;
  std::string base;  // "https://trails.example.org", no trailing '/'
  std::vector<net::HttpHeader> headers;
};

util::Result<TrailSender> TrailSender::Create(RecordService& records, storage::BlobStore& blobs,
                                              PluginInstances& instances,
                                              const PluginCatalog& catalog,
                                              TrailSenderOptions options) {
  CAIRN_ASSIGN_OR_RETURN(net::UrlClient client,
                         net::UrlClient::Create({.addresses = options.addresses,
                                                 .address_setting = "--plugin-allow-private",
                                                 .max_redirects = 0,
                                                 .connect_timeout = std::chrono::seconds(10),
                                                 .total_timeout = std::chrono::seconds(180),
                                                 .max_response_bytes = 8u << 20,
                                                 .user_agent = options.user_agent}));
  return TrailSender(records, blobs, instances, catalog, std::move(client), std::move(options));
}

util::Result<TrailSender::Remote> TrailSender::RemoteOf(const Caller& caller,
                                                        const std::string& instance_id) {
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.OpenOwned(caller, instance_id));
  if (!catalog_.Offers(instance.plugin_id, kSend)) {
    return util::Error::InvalidArgument("The plugin \"" + instance.plugin_id +
                                        "\" does not send trails.");
  }
  if (!instance.enabled) {
    return util::Error::InvalidArgument("This connection is turned off; turn it on to send.");
  }
  std::string base = instance.config.value("url", "");
  while (!base.empty() && base.back() == '/') base.pop_back();
  if (!base.starts_with("https://") && !base.starts_with("http://")) {
    return util::Error::InvalidArgument(
        "The connection has no server address (https://...); add it in the settings.");
  }
  const std::string token = instance.secrets.value("token", "");
  if (token.empty()) {
    return util::Error::InvalidArgument(
        "The connection has no API token; make one on that server and add it in the settings.");
  }
  Remote remote{.instance = std::move(instance), .base = base};
  remote.headers = {{"Authorization", "Bearer " + token}, {"Accept", "application/json"}};
  return remote;
}

util::Result<Json> TrailSender::Validate(const Caller& caller, const std::string& instance_id) {
  CAIRN_ASSIGN_OR_RETURN(Remote remote, RemoteOf(caller, instance_id));
  // A file-less upload: refused for the token (401) before it is refused for being empty (400),
  // on Cairn and on wanderer alike, and it creates nothing.
  Multipart form;
  form.File("file", "empty.gpx", "");
  std::vector<net::HttpHeader> headers = remote.headers;
  headers.push_back({"Content-Type", form.ContentType()});
  auto answer = client_.Put(remote.base + "/api/v1/trail/upload", form.Finish(), headers);
  Json result;
  if (!answer.ok()) {
    result = {{"valid", false},
              {"message", "The server could not be reached: " + answer.error().message}};
  } else if (answer->status == 401 || answer->status == 403) {
    result = {{"valid", false}, {"message", "The server refused the API token."}};
  } else if (answer->status == 400) {
    result = {{"valid", true}, {"message", "The server takes the API token."}};
  } else {
    result = {{"valid", false},
              {"message", "The server answered " + std::to_string(answer->status) +
                              " where a trail server answers 400 or 401: is the address right?"}};
  }
  const bool valid = result["valid"];
  CAIRN_RETURN_IF_ERROR(instances_.RecordOutcome(
      instance_id, valid ? "configured" : (answer.ok() ? "needs_reauth" : "unavailable"),
      result["message"], false));
  return result;
}

util::Result<Json> TrailSender::Send(const Caller& caller, const std::string& trail_id,
                                     const std::string& instance_id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to send trails.");
  CAIRN_ASSIGN_OR_RETURN(Json trail, records_.Show(caller, kTrails, trail_id, ""));
  if (trail.value("author", "") != caller.user_id) {
    return util::Error::Forbidden("Only your own trails can be sent to another server.");
  }
  const std::string gpx_name = trail.value("gpx", "");
  if (gpx_name.empty()) {
    return util::Error::InvalidArgument("The trail has no GPS file to send.");
  }
  CAIRN_ASSIGN_OR_RETURN(Remote remote, RemoteOf(caller, instance_id));
  CAIRN_ASSIGN_OR_RETURN(std::string gpx, blobs_.Read(kTrailsCollectionId, trail_id, gpx_name));
  const std::string& base = remote.base;
  // Every failure after this point is the server's: the instance's status tells it too.
  auto refuse = [&](const std::string& step, const net::UrlResponse& response) -> util::Error {
    const std::string said = MessageOf(response);
    if (response.status == 401 || response.status == 403) {
      (void)instances_.RecordOutcome(instance_id, "needs_reauth",
                                     "The server refused the API token.", false);
      return util::Error::UpstreamFailed(
          "The server refused the API token (" + std::to_string(response.status) +
          "): make a new one there and put it in the connection's settings.");
    }
    return util::Error::UpstreamFailed("The server refused " + step + " (" +
                                       std::to_string(response.status) +
                                       (said.empty() ? "" : ": " + said) + ").");
  };
  auto reached = [&](util::Result<net::UrlResponse> answer) -> util::Result<net::UrlResponse> {
    if (!answer.ok()) {
      util::Error error = std::move(answer).error();
      (void)instances_.RecordOutcome(instance_id, "unavailable", error.message, false);
      error.message = "The server could not be reached: " + error.message;
      return error;
    }
    return answer;
  };

  Multipart upload;
  upload.File("file", gpx_name, gpx);
  upload.Field("name", trail.value("name", ""));
  std::vector<net::HttpHeader> headers = remote.headers;
  headers.push_back({"Content-Type", upload.ContentType()});
  CAIRN_ASSIGN_OR_RETURN(
      net::UrlResponse created,
      reached(client_.Put(base + "/api/v1/trail/upload", upload.Finish(), headers)));
  if (created.status == 400 && MessageOf(created) == "Duplicate trail") {
    const Json body = Json::parse(created.body, nullptr, false);
    util::Error error = util::Error::Conflict("The server already has this trail, as \"" +
                                              body.value("name", std::string("?")) + "\".");
    if (body.is_object() && body.contains("id")) error.facts = {{"remoteId", body.value("id", "")}};
    return error;
  }
  if (created.status != 200) return refuse("the GPS file", created);
  const Json remote_trail = Json::parse(created.body, nullptr, false);
  if (!remote_trail.is_object() || !remote_trail.contains("id")) {
    return util::Error::UpstreamFailed("The server's answer to the upload is not a trail.");
  }
  const std::string remote_id = remote_trail["id"];

  Json words = {{"name", trail.value("name", "")}, {"description", trail.value("description", "")}};
  for (const char* field : {"date", "difficulty", "location"}) {
    if (trail.contains(field) && trail[field].is_string() &&
        !trail[field].get<std::string>().empty())
      words[field] = trail[field];
  }
  // The category of the same name there: ids differ from server to server.
  if (!trail.value("category", "").empty()) {
    auto mine = records_.Show(caller, kCategories, trail["category"].get<std::string>(), "");
    auto theirs = client_.Get(base + "/api/v1/category", remote.headers);
    if (mine.ok() && theirs.ok() && theirs->status == 200) {
      const Json list = Json::parse(theirs->body, nullptr, false);
      const Json& items = list.is_object() ? list.value("items", Json::array()) : list;
      for (const Json& category : items.is_array() ? items : Json::array()) {
        if (category.is_object() && category.value("name", "") == mine->value("name", "")) {
          words["category"] = category.value("id", "");
        }
      }
    }
  }
  headers = remote.headers;
  headers.push_back({"Content-Type", "application/json"});
  CAIRN_ASSIGN_OR_RETURN(
      net::UrlResponse updated,
      reached(client_.Post(base + "/api/v1/trail/" + remote_id, words.dump(), headers)));
  if (updated.status != 200) return refuse("the trail's details", updated);

  size_t sent_photos = 0;
  std::vector<std::string> unsent;
  for (const Json& photo : trail.value("photos", Json::array())) {
    if (sent_photos >= options_.max_photos || !photo.is_string()) break;
    auto bytes = blobs_.Read(kTrailsCollectionId, trail_id, photo.get<std::string>());
    if (!bytes.ok()) continue;
    Multipart form;
    form.File("photos+", photo.get<std::string>(), *bytes);
    headers = remote.headers;
    headers.push_back({"Content-Type", form.ContentType()});
    CAIRN_ASSIGN_OR_RETURN(net::UrlResponse stored,
                           reached(client_.Post(base + "/api/v1/trail/" + remote_id + "/file",
                                                form.Finish(), headers)));
    if (stored.status != 200) {
      unsent.push_back(photo.get<std::string>() + " (" + std::to_string(stored.status) + ")");
      continue;
    }
    ++sent_photos;
  }
  std::string message =
      "Sent \"" + trail.value("name", "") + "\" with " + std::to_string(sent_photos) + " photo(s)";
  if (!unsent.empty()) message += "; the server refused " + std::to_string(unsent.size());
  CAIRN_RETURN_IF_ERROR(instances_.RecordOutcome(instance_id, "configured", message + ".", true));
  Json answer = {{"acknowledged", true},
                 {"message", message + "."},
                 {"photos", sent_photos},
                 {"remote",
                  {{"id", remote_id},
                   {"name", remote_trail.value("name", "")},
                   {"url", base + "/trail/" + remote_id}}}};
  if (!unsent.empty()) answer["refusedPhotos"] = unsent;
  return answer;
}

}  // namespace cairn::services::plugins
