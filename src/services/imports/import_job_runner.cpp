// The worker's side of an import job: its source opened (an archive reader, an external plugin or
// an online service), each item imported, the counts written to the row as it goes.
#include <filesystem>
#include <tuple>

#include "services/imports/export_formats.h"
#include "services/imports/import_jobs.h"
#include "services/plugins/external_plugin.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services::imports {
namespace {

using records::Json;
namespace fs = std::filesystem;

constexpr size_t kMaxProblemsKept = 1000;
constexpr int64_t kProgressEveryMillis = 500;

const char* ResultName(ItemResult result) {
  switch (result) {
    case ItemResult::kImported:
      return "imported";
    case ItemResult::kSkipped:
      return "skipped";
    case ItemResult::kFailed:
      return "failed";
  }
  return "failed";
}

}  // namespace

void ImportJobs::Execute(const std::string& id, const std::string& path,
                         const std::function<void(const ImportJob&)>& on_progress) {
  struct Owner {
    std::string user, plugin, source, format;
  };
  auto owner = database_.Write<Owner>([&](storage::Connection& c) -> util::Result<Owner> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        c.Query("SELECT user, plugin, source, format FROM import_jobs WHERE id = ?", {id}));
    if (rows.rows.empty()) return util::Error::NotFound("No such import.");
    CAIRN_RETURN_IF_ERROR(
        c.Execute("UPDATE import_jobs SET status = 'running', updated = ? WHERE id = ?",
                  {util::FormatTimestamp(clock_.NowMillis()), id}));
    const auto& row = rows.rows[0];
    return Owner{storage::AsText(row[0]), storage::AsText(row[1]), storage::AsText(row[2]),
                 storage::AsText(row[3])};
  });
  if (!owner.ok()) {
    util::LogWarning("import " + id + ": " + owner.error().message);
    return;
  }
  const auto& [user, plugin, source, format] = *owner;
  // A job resumed after a restart walks its archive again from the start: what it imported
  // before counts as imported again (ActivityImporter knows the job), the rest as it comes.
  Json job = Json::object();
  Json problems = Json::array();
  int64_t done = 0, imported = 0, skipped = 0, failed = 0;
  std::string status = "done";
  std::string message;
  auto flush = [&](bool final) {
    const std::string now = util::FormatTimestamp(clock_.NowMillis());
    auto saved = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
      CAIRN_RETURN_IF_ERROR(c.Execute(
          "UPDATE import_jobs SET status = ?, format = ?, expected = ?, done = ?, imported = ?, "
          "skipped = ?, failed = ?, problems = ?, message = ?, updated = ? WHERE id = ?",
          {final ? status : std::string("running"), job.value("format", ""),
           job.value("expected", int64_t{0}), done, imported, skipped, failed, problems.dump(),
           message, now, id}));
      return true;
    });
    if (!saved.ok()) util::LogWarning("import " + id + ": " + saved.error().message);
  };
  ImportTarget target;
  target.caller.user_id = user;
  target.caller.method = AuthMethod::kBearerToken;  // the owner acting, as when signed in
  target.source = plugin;
  target.job_id = id;
  int64_t last_flush = clock_.NowMillis();
  // One item of the source, whoever read it.
  auto handle = [&](const SourceItem& item) {
    const ItemOutcome outcome = importer_.Import(target, item);
    ++done;
    if (outcome.result == ItemResult::kImported) ++imported;
    if (outcome.result == ItemResult::kSkipped) ++skipped;
    if (outcome.result == ItemResult::kFailed) ++failed;
    if (outcome.result != ItemResult::kImported && problems.size() < kMaxProblemsKept) {
      Json problem = {
          {"item", item.label}, {"result", ResultName(outcome.result)}, {"reason", outcome.reason}};
      if (!outcome.trail_id.empty()) problem["trail"] = outcome.trail_id;
      problems.push_back(std::move(problem));
    }
    for (const std::string& warning : outcome.warnings) {
      if (problems.size() >= kMaxProblemsKept) break;
      problems.push_back({{"item", item.label},
                          {"result", "imported"},
                          {"reason", warning},
                          {"trail", outcome.trail_id}});
    }
    if (on_progress) {
      job["done"] = done;
      job["imported"] = imported;
      job["skipped"] = skipped;
      job["failed"] = failed;
      on_progress(job);
    }
    if (clock_.NowMillis() - last_flush >= kProgressEveryMillis) {
      flush(false);
      last_flush = clock_.NowMillis();
    }
  };
  auto summary = [&] {
    return std::to_string(imported) + " imported, " + std::to_string(skipped) + " skipped, " +
           std::to_string(failed) + " failed";
  };
  const plugins::InstalledPlugin* installed = catalog_.Find(plugin);
  std::unique_ptr<ActivitySource> opened;
  if (auto opener = openers_.find(format); opener != openers_.end()) {
    // An online service: the job's source is the plugin instance it syncs.
    job["format"] = format;
    auto source_of = opener->second(id, user, source);
    if (!source_of.ok()) {
      status = "failed";
      message = source_of.error().message;
      flush(true);
      return;
    }
    opened = std::move(source_of).value();
  } else if (installed != nullptr && installed->manifest.runtime == "external") {
    job["format"] = plugin;
    auto ran = RunExternal(*installed, path, source, handle, [&](size_t, size_t total) {
      job["expected"] = static_cast<int64_t>(total);
    });
    if (!ran.ok()) {
      status = "failed";
      message = ran.error().message;
    }
    message = (message.empty() ? "" : message + "; ") + summary();
    flush(true);
    return;
  } else {
    auto archive = OpenExport(path, plugin);
    if (!archive.ok()) {
      status = "failed";
      message = archive.error().message;
      flush(true);
      return;
    }
    job["format"] = archive->format;
    opened = std::move(archive->source);
  }
  job["expected"] = static_cast<int64_t>(opened->ExpectedCount());
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (cancelled_.erase(id) > 0) {
        status = "cancelled";
        break;
      }
      // Stopping: the row stays "running", so the next start resumes the job.
      if (stopping_) return;
    }
    auto item = opened->Next();
    if (!item.ok()) {
      status = "failed";
      message = item.error().message;
      break;
    }
    if (!item->has_value()) break;
    handle(**item);
  }
  message = (message.empty() ? "" : message + "; ") + summary();
  flush(true);
  opened->Ended(status, message);
}

util::Status ImportJobs::RunExternal(const plugins::InstalledPlugin& plugin,
                                     const std::string& path, const std::string& source,
                                     const std::function<void(const SourceItem&)>& handle,
                                     const std::function<void(size_t, size_t)>& on_progress) {
  CAIRN_ASSIGN_OR_RETURN(plugins::ExternalPluginManifest manifest,
                         plugins::ReadPluginManifest(plugin.directory));
  // The plugin sees the archive under the name it was uploaded with: what `accepts` judges.
  std::string name = fs::path(source).filename().string();
  for (char& c : name) {
    if (c == '/' || c == '\\' || static_cast<unsigned char>(c) < 0x20) c = '_';
  }
  if (name.empty() || name[0] == '.') name = "archive" + name;
  const std::string folder = options_.spool_dir + "/" + fs::path(path).stem().string() + ".in";
  std::error_code ec;
  fs::create_directories(folder, ec);
  const std::string named = folder + "/" + name;
  fs::remove(named, ec);
  fs::create_hard_link(path, named, ec);
  if (ec) fs::copy_file(path, named, fs::copy_options::overwrite_existing, ec);
  if (ec) return util::Error::Internal("cannot hand the archive to the plugin: " + ec.message());
  plugins::PluginRun run;
  run.input_files = {named};
  run.temp_root = options_.spool_dir;
  const util::Status ran = plugins::RunImportPlugin(
      manifest, run, [&](SourceItem item) { handle(item); }, on_progress);
  fs::remove_all(folder, ec);
  return ran;
}

}  // namespace cairn::services::imports
