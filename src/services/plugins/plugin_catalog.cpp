// The built-in plugins' manifests, and the catalog's answers.
#include "services/plugins/plugin_catalog.h"

#include <algorithm>

namespace cairn::services::plugins {
namespace {

using records::Json;

std::vector<InstalledPlugin> BuiltInPlugins(const std::string& version) {
  auto builtin = [&](PluginManifest manifest) {
    manifest.runtime = "builtin";
    manifest.version = version;
    return InstalledPlugin{.manifest = std::move(manifest)};
  };
  return {
      builtin({.id = "strava",
               .name = "Strava",
               .description = "Imports a Strava bulk export (activities.csv with the activities' "
                              "files and photos) and syncs new activities through Strava's API: "
                              "make an API application at strava.com/settings/api with this "
                              "server's host name as its Authorization Callback Domain, then "
                              "give its Client ID and secret here and sign in.",
               .capabilities = {kImportArchive, kSync},
               .formats = {"strava-export"},
               .settings = {{"clientId", "Client ID", false, true},
                            {"clientSecret", "Client secret", true, true}},
               .oauth = true}),
      builtin({.id = "garmin-connect",
               .name = "Garmin Connect",
               .description = "Imports a Garmin Connect data export: the FIT files in its nested "
                              "archives, named and typed from its activity summaries.",
               .capabilities = {kImportArchive},
               .formats = {"garmin-export"}}),
      builtin({.id = "fittrackee",
               .name = "FitTrackee",
               .description = "Imports a FitTrackee data export: workouts with their titles, "
                              "notes, sports and GPX files.",
               .capabilities = {kImportArchive},
               .formats = {"fittrackee-export"}}),
      builtin({.id = "komoot",
               .name = "Komoot",
               .description = "Imports a Komoot export of GPX tours.",
               .capabilities = {kImportArchive},
               .formats = {"komoot-export"}}),
      builtin({.id = "wanderer",
               .name = "wanderer or Cairn",
               .description = "Imports a wanderer or Cairn trail export, and sends trails to "
                              "another wanderer or Cairn server with an API token.",
               .capabilities = {kImportArchive, kSend},
               .formats = {"wanderer-export"},
               .settings = {{"url", "Server address", false, true},
                            {"token", "API token", true, true}}}),
      builtin({.id = "gps-files",
               .name = "GPS files",
               .description = "Imports every GPS file (GPX, FIT, TCX, KML, KMZ, GeoJSON) in a zip "
                              "archive.",
               .capabilities = {kImportArchive},
               .formats = {"gps-files"}}),
      builtin({.id = "folder",
               .name = "Watched folder",
               .description = "Turns GPS files that appear in your folder on the server (one a "
                              "phone sync tool fills, say) into trails within seconds.",
               .capabilities = {kWatch}}),
  };
}

Json ManifestJson(const PluginManifest& m) {
  Json settings = Json::array();
  for (const SettingField& f : m.settings) {
    settings.push_back(
        {{"name", f.name}, {"label", f.label}, {"secret", f.secret}, {"required", f.required}});
  }
  return {{"id", m.id},
          {"name", m.name},
          {"version", m.version},
          {"runtime", m.runtime},
          {"description", m.description},
          {"capabilities", m.capabilities},
          {"formats", m.formats},
          {"settings", std::move(settings)},
          {"oauth", m.oauth}};
}

}  // namespace

bool IsPluginId(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  auto lower_or_digit = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!lower_or_digit(id[0])) return false;
  return std::all_of(id.begin(), id.end(),
                     [&](char c) { return lower_or_digit(c) || c == '_' || c == '-'; });
}

PluginCatalog::PluginCatalog(const std::string& version, std::vector<InstalledPlugin> external)
    : plugins_(BuiltInPlugins(version)) {
  const size_t builtins = plugins_.size();
  for (InstalledPlugin& plugin : external) {
    const bool taken =
        std::any_of(plugins_.begin(), plugins_.begin() + static_cast<std::ptrdiff_t>(builtins),
                    [&](const InstalledPlugin& p) { return p.manifest.id == plugin.manifest.id; });
    if (taken) {
      plugin.status = "error";
      plugin.error = "A built-in plugin has the id \"" + plugin.manifest.id + "\".";
    }
    plugins_.push_back(std::move(plugin));
  }
}

const InstalledPlugin* PluginCatalog::Find(std::string_view id) const {
  for (const InstalledPlugin& plugin : plugins_) {
    if (plugin.manifest.id == id && plugin.status != "error") return &plugin;
  }
  for (const InstalledPlugin& plugin : plugins_) {
    if (plugin.manifest.id == id) return &plugin;
  }
  return nullptr;
}

bool PluginCatalog::Offers(std::string_view id, std::string_view capability) const {
  const InstalledPlugin* plugin = Find(id);
  if (plugin == nullptr || plugin->status != "available") return false;
  const auto& caps = plugin->manifest.capabilities;
  return std::find(caps.begin(), caps.end(), capability) != caps.end();
}

Json PluginCatalog::ListJson() const {
  Json items = Json::array();
  for (const InstalledPlugin& plugin : plugins_) {
    Json item = {{"id", plugin.manifest.id},
                 {"type", plugin.manifest.runtime == "builtin" ? "builtin" : "external"},
                 {"name", plugin.manifest.name},
                 {"version", plugin.manifest.version},
                 {"runtime", plugin.manifest.runtime},
                 {"capabilities", plugin.manifest.capabilities},
                 {"status", plugin.status},
                 {"manifest", ManifestJson(plugin.manifest)}};
    if (!plugin.error.empty()) item["error"] = plugin.error;
    items.push_back(std::move(item));
  }
  return {{"items", std::move(items)}};
}

}  // namespace cairn::services::plugins
