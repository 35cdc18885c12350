#include "services/search/search_documents.h"

#include <variant>

#include "services/families/names.h"
#include "util/timestamp.h"

namespace cairn::services::search {

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

nlohmann::json UnixSeconds(const std::string& timestamp) {
  if (timestamp.empty()) return nullptr;
  const auto millis = util::ParseTimestampMillis(timestamp);
  if (!millis) return nullptr;
  // Floor, not truncation, for dates before 1970.
  return *millis >= 0 ? *millis / 1000 : -((-*millis + 999) / 1000);
}

std::string AvatarUrl(const std::string& user_id, const std::string& file) {
  if (file.empty()) return "";
  return "/api/v1/files/" + std::string(kUsers) + "/" + user_id + "/" + file;
}

std::vector<nlohmann::json> InRequestedOrder(
    const std::vector<std::string>& ids, std::unordered_map<std::string, nlohmann::json> by_id) {
  std::vector<nlohmann::json> documents;
  documents.reserve(ids.size());
  for (const std::string& id : ids) {
    auto found = by_id.find(id);
    if (found != by_id.end()) documents.push_back(std::move(found->second));
  }
  return documents;
}

}  // namespace cairn::services::search
