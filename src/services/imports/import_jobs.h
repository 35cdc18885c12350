// Imports that run in the background: an export archive is uploaded in pieces (resumable, each
// within the request size limit), then read by one worker thread activity by activity, its
// progress and summary kept in `import_jobs`. One import runs at a time, so the Pi keeps serving.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/imports/activity_importer.h"
#include "services/plugins/plugin_catalog.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services::imports {

struct ImportJobsOptions {
  std::string spool_dir;  // archives being uploaded or imported
  uint64_t max_archive_bytes = uint64_t{32} << 30;
  size_t max_piece_bytes = 16u << 20;             // one upload request's body, at most
  uint64_t min_free_bytes = uint64_t{256} << 20;  // left free on the disk after the archive
};

struct NewImport {
  std::string plugin;  // a plugin with the import-archive capability
  std::string name;    // the archive's file name, as shown
  uint64_t size = 0;   // its exact size in bytes
};

// A job as answers show it: {id, plugin, source, format, status (uploading, queued, running,
// done, failed, cancelled), size, received, expected, done, imported, skipped, failed, problems:
// [{item, result: skipped|failed, reason}], message, created, updated}.
using ImportJob = records::Json;

// Thread-safe.
class ImportJobs {
 public:
  ImportJobs(storage::Database& database, ActivityImporter& importer,
             const plugins::PluginCatalog& catalog, ImportJobsOptions options,
             const util::Clock& clock);
  ~ImportJobs();

  // Starts the worker. Jobs that were queued or running when the server last stopped are queued
  // again (what they imported is skipped the second time); uploads left unfinished for two days
  // are removed with their data.
  util::Status Start();
  // Lets the activity being imported finish, then stops the worker. Idempotent.
  void Stop();

  // PUT /plugin-system/import: a job waiting for its archive. Unauthorized when anonymous;
  // InvalidArgument for an unknown plugin or one that does not import archives, an empty name or
  // size; TooLarge over the archive limit; InsufficientStorage when the disk cannot take it.
  util::Result<ImportJob> Create(const Caller& caller, const NewImport& request);
  // POST /plugin-system/import/{id}/data?offset=N: the next piece of the archive. Conflict (with
  // the fact "received") when `offset` is not what was received so far, so a client resumes
  // where the server is; TooLarge past the announced size or the piece limit. The last piece
  // queues the job.
  util::Result<ImportJob> Append(const Caller& caller, const std::string& id, uint64_t offset,
                                 std::string_view bytes);
  // GET /plugin-system/import/{id}: NotFound unless it is the caller's.
  util::Result<ImportJob> Show(const Caller& caller, const std::string& id);
  // GET /plugin-system/import: the caller's 50 newest jobs, newest first.
  util::Result<records::Json> List(const Caller& caller);
  // DELETE /plugin-system/import/{id}: a job not yet done is cancelled (a running one after its
  // current activity; what it imported stays); a finished one is forgotten. NotFound unless the
  // caller's.
  util::Status Cancel(const Caller& caller, const std::string& id);

  // Opens the source of a job that reads no archive: an online service's new activities. Gets
  // the job's id, its user and its `source` (the plugin instance it syncs).
  using SourceOpener = std::function<util::Result<std::unique_ptr<ActivitySource>>(
      const std::string& job_id, const std::string& user, const std::string& source)>;
  // Jobs of `format` are read through `opener`. Before Start().
  void RegisterSource(const std::string& format, SourceOpener opener);
  // Queues a job of `format` (registered) for `user`'s `source`, by `plugin` (the key of what it
  // imports); when one for the same source is queued or running already, that one.
  util::Result<ImportJob> Enqueue(const std::string& user, const std::string& plugin,
                                  const std::string& source, const std::string& format);

  // `cairn import` of an archive: the same import, run on this thread from `path` (not copied),
  // recorded as a job; `on_progress` is called after each activity.
  util::Result<ImportJob> RunArchive(const Caller& caller, const std::string& plugin,
                                     const std::string& path,
                                     const std::function<void(const ImportJob&)>& on_progress);

 private:
  void WorkLoop();
  void Wake();
  // Imports job `id` from `path` (or its registered source); the row says how it went
  // (import_job_runner.cpp).
  void Execute(const std::string& id, const std::string& path,
               const std::function<void(const ImportJob&)>& on_progress);
  // Runs external plugin `plugin` over the archive at `path` (uploaded as `source`), each item
  // to `handle`; its own failure (time limit, crash, bad output) as the error.
  util::Status RunExternal(const plugins::InstalledPlugin& plugin, const std::string& path,
                           const std::string& source,
                           const std::function<void(const SourceItem&)>& handle,
                           const std::function<void(size_t, size_t)>& on_progress);
  util::Result<ImportJob> Load(const std::string& id);
  std::string SpoolPath(const std::string& id) const;

  storage::Database& database_;
  ActivityImporter& importer_;
  const plugins::PluginCatalog& catalog_;
  const ImportJobsOptions options_;
  const util::Clock& clock_;
  std::map<std::string, SourceOpener> openers_;  // by job format

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool work_pending_ = false;        // a job was queued since the worker last looked
  std::set<std::string> cancelled_;  // running or queued jobs to end
  std::mutex append_mutex_;          // one piece at a time per server: pieces are appended in order
  std::thread worker_;
};

}  // namespace cairn::services::imports
