// The bulk importer: one TrackService call per file, the file read straight from disk; export
// archives through the import jobs.
#include "app/import_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "app/core.h"
#include "app/progress.h"
#include "services/imports/export_formats.h"

namespace cairn::app {
namespace {

namespace fs = std::filesystem;

const char* const kGpsExtensions[] = {".gpx", ".kml", ".kmz", ".tcx", ".fit", ".geojson", ".json"};

bool HasGpsExtension(const fs::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return std::find(std::begin(kGpsExtensions), std::end(kGpsExtensions), extension) !=
         std::end(kGpsExtensions);
}

struct Job {
  fs::path path;
  uint64_t bytes = 0;
};

// The files to import, in a stable order, and the paths that could not be read at all.
std::vector<Job> CollectJobs(const std::vector<std::string>& paths,
                             std::vector<std::string>& unreadable) {
  std::vector<Job> jobs;
  for (const std::string& argument : paths) {
    std::error_code ec;
    const fs::path path(argument);
    if (fs::is_directory(path, ec)) {
      std::vector<Job> found;
      for (auto it = fs::recursive_directory_iterator(
               path, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && HasGpsExtension(it->path())) {
          found.push_back({it->path(), static_cast<uint64_t>(it->file_size(ec))});
        }
      }
      std::sort(found.begin(), found.end(),
                [](const Job& a, const Job& b) { return a.path < b.path; });
      jobs.insert(jobs.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(path, ec)) {
      jobs.push_back({path, static_cast<uint64_t>(fs::file_size(path, ec))});
    } else {
      unreadable.push_back(argument + ": no such file or folder");
    }
  }
  return jobs;
}

util::Result<std::string> ReadWholeFile(const fs::path& path, uint64_t size, size_t limit) {
  if (size > limit) {
    return util::Error::TooLarge("larger than " + std::to_string(limit / (1024 * 1024)) +
                                 " MB (raise --max-track-mb)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return util::Error::Internal("cannot open the file");
  std::string bytes(size, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<uint64_t>(in.gcount()) != size) return util::Error::Internal("cannot read it");
  return bytes;
}

bool IsExportArchive(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".zip" && fs::is_regular_file(path);
}

// One export archive through the same import jobs the web app starts; prints its summary and
// appends what failed to `failures`.
void ImportArchive(Core& core, const services::Caller& caller, const Config& config,
                   const std::string& path, std::vector<std::string>& failures) {
  std::string plugin = config.import_plugin;
  if (plugin.empty()) {
    auto detected = services::imports::PluginForArchive(path);
    if (!detected.ok()) {
      failures.push_back(path + ": " + detected.error().message);
      return;
    }
    plugin = *detected;
  }
  std::unique_ptr<Progress> progress;
  int64_t shown = 0;
  auto job =
      core.imports->RunArchive(caller, plugin, path, [&](const services::imports::ImportJob& now) {
        if (!progress) progress = std::make_unique<Progress>(now.value("expected", size_t{0}), 0);
        progress->Advance(0);
        const int64_t done = now.value("done", int64_t{0});
        if (!progress->OnTerminal() && done - shown >= 100) {
          std::printf("%s: %lld of %lld activities read\n", path.c_str(),
                      static_cast<long long>(done), now.value("expected", 0LL));
          shown = done;
        }
      });
  if (progress) progress->Finish();
  if (!job.ok()) {
    failures.push_back(path + ": " + job.error().message);
    return;
  }
  const records::Json& j = *job;
  std::printf("%s (%s): %s\n", path.c_str(), j.value("format", plugin).c_str(),
              j.value("message", "").c_str());
  for (const records::Json& problem : j.value("problems", records::Json::array())) {
    std::printf("  %s: %s: %s\n", problem.value("item", "").c_str(),
                problem.value("result", "").c_str(), problem.value("reason", "").c_str());
    if (problem.value("result", "") == "failed") {
      failures.push_back(path + ": " + problem.value("item", "") + ": " +
                         problem.value("reason", ""));
    }
  }
  if (j.value("status", "") == "failed") failures.push_back(path + ": " + j.value("message", ""));
}

}  // namespace

int RunImportCommand(const Config& config) {
  if (!fs::exists(config.data_dir + "/data.db")) {
    std::fprintf(stderr, "cairn import: no Cairn data in %s (is --dir right?)\n",
                 config.data_dir.c_str());
    return 1;
  }
  auto core = BuildCore(config);
  if (!core.ok()) {
    std::fprintf(stderr, "cairn import: %s\n", core.error().message.c_str());
    return 1;
  }
  auto user = (*core)->accounts->FindUserId(config.import_user);
  if (!user.ok()) {
    std::fprintf(stderr, "cairn import: %s\n", user.error().message.c_str());
    return 1;
  }
  // The owner acting for one of their users, as a signed-in session would.
  const services::Caller caller{*user, "", "", services::AuthMethod::kBearerToken};
  std::vector<std::string> failures;
  std::vector<std::string> files;
  std::vector<std::string> archives;
  for (const std::string& path : config.import_paths) {
    (IsExportArchive(path) ? archives : files).push_back(path);
  }
  for (const std::string& archive : archives)
    ImportArchive(**core, caller, config, archive, failures);
  if (files.empty()) {
    if (!failures.empty()) std::printf("%zu failed:\n", failures.size());
    for (const std::string& failure : failures) std::printf("  %s\n", failure.c_str());
    return failures.empty() ? 0 : 1;
  }
  const std::vector<Job> jobs = CollectJobs(files, failures);
  uint64_t total_bytes = 0;
  for (const Job& job : jobs) total_bytes += job.bytes;
  const size_t limit = static_cast<size_t>(config.max_track_mb) * 1024 * 1024;
  Progress progress(jobs.size(), total_bytes);
  size_t imported = 0, duplicates = 0;
  std::vector<std::string> warnings;
  for (const Job& job : jobs) {
    const std::string shown = job.path.string();
    util::Result<records::Json> trail = util::Error::Internal("not read");
    auto bytes = ReadWholeFile(job.path, job.bytes, limit);
    if (bytes.ok()) {
      trail = (*core)->tracks->ImportTrail(caller, {*bytes, job.path.filename().string()}, {});
    } else {
      trail = std::move(bytes).error();
    }
    std::string outcome;
    if (trail.ok()) {
      ++imported;
      outcome = "imported as \"" + (*trail)["name"].get<std::string>() + "\"";
      for (const auto& warning : trail->value("warnings", records::Json::array())) {
        warnings.push_back(shown + ": " + warning.get<std::string>());
        outcome += "; " + warning.get<std::string>();
      }
    } else if (trail.error().message == "Duplicate trail") {
      ++duplicates;
      outcome = "skipped: already there";
    } else {
      failures.push_back(shown + ": " + trail.error().message);
      outcome = "failed: " + trail.error().message;
    }
    if (!progress.OnTerminal()) std::printf("%s: %s\n", shown.c_str(), outcome.c_str());
    progress.Advance(job.bytes);
  }
  progress.Finish();
  std::printf("%zu imported, %zu skipped as duplicates, %zu failed\n", imported, duplicates,
              failures.size());
  for (const std::string& failure : failures) std::printf("  %s\n", failure.c_str());
  if (!warnings.empty()) std::printf("%zu warning(s):\n", warnings.size());
  for (const std::string& warning : warnings) std::printf("  %s\n", warning.c_str());
  return failures.empty() ? 0 : 1;
}

}  // namespace cairn::app
