// The manifest's JSON form and the archive's path rules.
#include "services/backup/backup_manifest.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "storage/blob_store.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

bool IsHexDigest(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

std::string SerializeManifest(const BackupManifest& manifest) {
  Json entries = Json::array();
  for (const auto& entry : manifest.entries) {
    entries.push_back({{"path", entry.path}, {"size", entry.size}, {"sha256", entry.sha256}});
  }
  Json json = {{"format", "cairn-backup"},
               {"formatVersion", manifest.format_version},
               {"cairnVersion", manifest.cairn_version},
               {"schemaVersion", manifest.schema_version},
               {"created", manifest.created},
               {"entries", std::move(entries)}};
  return json.dump(1) + "\n";
}

util::Result<BackupManifest> ParseManifest(std::string_view text) {
  const Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  auto bad = [](const std::string& what) {
    return util::Error::InvalidArgument("the manifest " + what);
  };
  if (!json.is_object()) return bad("is not a JSON object");
  if (json.value("format", "") != "cairn-backup") return bad("is not a Cairn backup's");
  const auto version = json.find("formatVersion");
  if (version == json.end() || !version->is_number_integer()) return bad("has no formatVersion");
  if (version->get<int>() != kBackupFormatVersion) {
    return bad("has format version " + std::to_string(version->get<int>()) +
               ", which this cairn does not read (it reads " +
               std::to_string(kBackupFormatVersion) + "); use a newer cairn");
  }
  BackupManifest manifest;
  const auto schema = json.find("schemaVersion");
  const auto entries = json.find("entries");
  if (schema == json.end() || !schema->is_number_integer()) return bad("has no schemaVersion");
  if (entries == json.end() || !entries->is_array()) return bad("has no entries");
  manifest.schema_version = schema->get<int>();
  manifest.cairn_version = json.value("cairnVersion", "");
  manifest.created = json.value("created", "");
  std::set<std::string> seen;
  for (const auto& item : *entries) {
    if (!item.is_object()) return bad("has an entry that is not an object");
    const auto path = item.find("path");
    const auto size = item.find("size");
    const auto digest = item.find("sha256");
    if (path == item.end() || !path->is_string() || size == item.end() ||
        !size->is_number_unsigned() || digest == item.end() || !digest->is_string()) {
      return bad("has an entry without path, size or sha256");
    }
    BackupEntry entry{path->get<std::string>(), size->get<uint64_t>(), digest->get<std::string>()};
    if (!IsBackupEntryPath(entry.path)) return bad("lists a path no backup holds");
    if (!IsHexDigest(entry.sha256)) return bad("has a malformed sha256 for " + entry.path);
    if (!seen.insert(entry.path).second) return bad("lists " + entry.path + " twice");
    manifest.entries.push_back(std::move(entry));
  }
  if (!seen.count(std::string(kDatabaseEntry))) return bad("lists no data.db");
  return manifest;
}

bool IsBackupEntryPath(std::string_view path) {
  if (path == kDatabaseEntry || path == kSecretEntry) return true;
  constexpr std::string_view kStorage = "storage/";
  if (path.substr(0, kStorage.size()) != kStorage) return false;
  path.remove_prefix(kStorage.size());
  const size_t first = path.find('/');
  if (first == std::string_view::npos) return false;
  const size_t second = path.find('/', first + 1);
  if (second == std::string_view::npos) return false;
  return storage::IsStorageId(path.substr(0, first)) &&
         storage::IsStorageId(path.substr(first + 1, second - first - 1)) &&
         storage::IsStoredName(path.substr(second + 1));
}

}  // namespace cairn::services
