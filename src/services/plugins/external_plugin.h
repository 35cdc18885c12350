// External plugins: executables in DATA_DIR/plugins/NAME/ described by a manifest.json, run in a
// sandbox and spoken to in JSON lines (docs/PLUGINS.md is the protocol for plugin authors).
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "services/imports/activity.h"
#include "services/plugins/plugin_process.h"
#include "util/result.h"

namespace cairn::services::plugins {

// A plugin's manifest.json, checked.
struct ExternalPluginManifest {
  std::string id;       // ^[a-z0-9][a-z0-9_-]*$, at most 64 characters, the folder's name
  std::string name;     // for people
  std::string version;  // as the plugin states it
  // A non-empty subset of "import-archive", "watch", "sync", "send", without repeats.
  std::vector<std::string> capabilities;
  std::string exec;           // the executable's file name inside `dir`
  int timeout_seconds = 300;  // 1..3600
  // File extensions it accepts, lowercased, each starting with '.' (".zip"); empty: any.
  std::vector<std::string> accepts;
  std::string dir;  // the plugin's folder, absolute

  bool HasCapability(const std::string& capability) const;
};

constexpr int kDefaultPluginTimeoutSeconds = 300;
constexpr int kMaxPluginTimeoutSeconds = 3600;

// Reads and checks `plugin_dir`/manifest.json. InvalidArgument, its message naming the plugin's
// folder and what is wrong ("plugin folder \"gpx\": manifest.json: \"exec\" must be a file name
// in the plugin's folder, without '/' or \"..\""), when the manifest is missing, not JSON, lacks
// a field or has a wrong one, or when `exec` is not an executable regular file in the folder.
util::Result<ExternalPluginManifest> ReadPluginManifest(const std::string& plugin_dir);

// One sub-folder of the plugins dir: its manifest, or why it cannot be used.
struct DiscoveredPlugin {
  std::string folder;  // the sub-folder's name
  std::string dir;     // its path
  util::Result<ExternalPluginManifest> manifest;
};

// Every sub-folder of `plugins_dir` (names starting with '.' skipped), sorted by name, each with
// ReadPluginManifest's answer. Empty when `plugins_dir` does not exist; never fails as a whole,
// so a broken plugin is listed with its error and the others still load.
std::vector<DiscoveredPlugin> DiscoverExternalPlugins(const std::string& plugins_dir);

// One run of a plugin.
struct PluginRun {
  std::vector<std::string> input_files;  // copied into the work dir's input/ under their names
  nlohmann::json config = nlohmann::json::object();  // passed as the request's "config"
  std::string temp_root;    // an existing folder; the run's work dir is made in it and removed
  int timeout_seconds = 0;  // > 0: a limit lower than the manifest's (tests); else the manifest's
  SandboxRequirement sandbox = SandboxRequirement::kRequired;
};

// Size limits on what a plugin hands over.
constexpr size_t kMaxPluginTrackBytes = 50u << 20;
constexpr size_t kMaxPluginPhotoBytes = 25u << 20;
constexpr size_t kMaxPluginPhotos = 20;

// Runs `manifest`'s plugin on `run.input_files` with method "import" and hands over what it
// reports, as it reports it, on the calling thread:
//   - on_item for each "activity" (its files read from the work dir into an Activity, labelled
//     with its external_id) and each "problem" (an error item, InvalidArgument, labelled with its
//     "item"). An activity whose file or photo path leaves the work dir, is missing, is not a
//     regular file or is over its size limit is an error item too, and the run goes on.
//   - on_progress (may be empty) for each "progress" line.
// Items handed over before a failure stay handed over; the caller decides what to keep.
// Returns the run's own failure, its message starting "plugin ID":
//   InvalidArgument  the plugin has neither "import-archive" nor "watch", an input's extension is not in
//                    `accepts`, two inputs share a name, or an input cannot be read
//   Unavailable      no Landlock sandbox and `run.sandbox` is kRequired
//   UpstreamTimeout  it ran longer than its limit ("plugin ID took longer than N s")
//   UpstreamFailed   a bad output line (not JSON, not an object, unknown "type", over 1 MiB,
//                    a missing or mistyped field, output after "done"), or it exited without
//                    "done", with a non-zero status or by a signal ("plugin ID crashed (signal
//                    11) after 2 activities"), the end of its stderr appended; or its
//                    executable could not be started ("plugin ID cannot run: PATH: execve
//                    failed: REASON")
//   Internal         the work dir or the process could not be set up
// Output after a bad line is not read; the plugin's process group is killed before returning.
util::Status RunImportPlugin(const ExternalPluginManifest& manifest, const PluginRun& run,
                             const std::function<void(imports::SourceItem)>& on_item,
                             const std::function<void(size_t done, size_t total)>& on_progress);

}  // namespace cairn::services::plugins
