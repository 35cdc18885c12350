// The plugins this server has: the built-in ones (compiled in) and external executables found in
// DIR/plugins (docs/PLUGINS.md), each with its manifest and whether it can be used.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "records/record_codec.h"

namespace cairn::services::plugins {

// What a plugin can do; a plugin instance offers the routes of its capabilities only.
inline constexpr char kImportArchive[] = "import-archive";  // reads an export archive
inline constexpr char kWatch[] = "watch";                   // picks up files in a folder
inline constexpr char kSync[] = "sync";                     // pulls new activities from a service
inline constexpr char kSend[] = "send";                     // pushes a trail to another server

// A value a person gives a plugin instance: a secret goes to `auth` (sealed, never shown again),
// anything else to `config`.
struct SettingField {
  std::string name;   // "token", "url"
  std::string label;  // "API token"
  bool secret = false;
  bool required = false;
};

struct PluginManifest {
  std::string id;  // ^[a-z0-9][a-z0-9_-]*$, at most 64
  std::string name;
  std::string version;
  std::string runtime;  // "builtin" or "external"
  std::string description;
  std::vector<std::string> capabilities;
  std::vector<std::string> formats;  // import-archive: the export formats it reads
  std::vector<SettingField> settings;
  bool oauth = false;  // connects through oauth/start and oauth/callback
};

struct InstalledPlugin {
  PluginManifest manifest;
  std::string status = "available";  // available, disabled or error
  std::string error;                 // why, for "error"
  std::string directory;             // external plugins: their folder
};

// Thread-safe once built (read only).
class PluginCatalog {
 public:
  // The built-in plugins (of Cairn `version`), then `external` (DiscoverExternalPlugins), in that
  // order; an external plugin whose id is a built-in one's is kept with status "error".
  explicit PluginCatalog(const std::string& version, std::vector<InstalledPlugin> external = {});

  const std::vector<InstalledPlugin>& plugins() const { return plugins_; }
  // The plugin with `id`, or nullptr.
  const InstalledPlugin* Find(std::string_view id) const;
  // Whether plugin `id` exists, is available and has `capability`.
  bool Offers(std::string_view id, std::string_view capability) const;

  // GET /plugin-system/plugins: {items: [{id, type, name, version, runtime, capabilities, status,
  // error?, manifest}]}.
  records::Json ListJson() const;

 private:
  std::vector<InstalledPlugin> plugins_;
};

// Whether `id` may name a plugin: ^[a-z0-9][a-z0-9_-]*$ and at most 64 characters.
bool IsPluginId(std::string_view id);

}  // namespace cairn::services::plugins
