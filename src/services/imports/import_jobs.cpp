// The job table, the resumable upload and the worker that reads archives.
#include "services/imports/import_jobs.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "storage/disk_space.h"
#include "util/ids.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services::imports {
namespace {

using records::Json;
namespace fs = std::filesystem;

constexpr int64_t kAbandonedUploadMillis = 2LL * 24 * 3600 * 1000;

constexpr char kColumns[] =
    "id, plugin, source, format, status, expected, done, imported, skipped, failed, problems, "
    "message, created, updated, size, received";

int64_t Integer(const storage::SqlValue& value) {
  return static_cast<int64_t>(storage::AsNumber(value));
}

Json JobJson(const std::vector<storage::SqlValue>& row) {
  Json problems = Json::parse(storage::AsText(row[10]), nullptr, false);
  if (problems.is_discarded()) problems = Json::array();
  return {{"id", storage::AsText(row[0])},
          {"plugin", storage::AsText(row[1])},
          {"source", storage::AsText(row[2])},
          {"format", storage::AsText(row[3])},
          {"status", storage::AsText(row[4])},
          {"expected", Integer(row[5])},
          {"done", Integer(row[6])},
          {"imported", Integer(row[7])},
          {"skipped", Integer(row[8])},
          {"failed", Integer(row[9])},
          {"problems", std::move(problems)},
          {"message", storage::AsText(row[11])},
          {"created", storage::AsText(row[12])},
          {"updated", storage::AsText(row[13])},
          {"size", Integer(row[14])},
          {"received", Integer(row[15])}};
}

bool IsFinished(const std::string& status) {
  return status == "done" || status == "failed" || status == "cancelled";
}

}  // namespace

ImportJobs::ImportJobs(storage::Database& database, ActivityImporter& importer,
                       const plugins::PluginCatalog& catalog, ImportJobsOptions options,
                       const util::Clock& clock)
    : database_(database),
      importer_(importer),
      catalog_(catalog),
      options_(std::move(options)),
      clock_(clock) {}

ImportJobs::~ImportJobs() { Stop(); }

std::string ImportJobs::SpoolPath(const std::string& id) const {
  return options_.spool_dir + "/" + id + ".archive";
}

util::Status ImportJobs::Start() {
  std::error_code ec;
  fs::create_directories(options_.spool_dir, ec);
  if (ec) {
    return util::Error::Internal("cannot create " + options_.spool_dir + ": " + ec.message());
  }
  const std::string cutoff = util::FormatTimestamp(clock_.NowMillis() - kAbandonedUploadMillis);
  auto abandoned = database_.Write<std::vector<std::string>>(
      [&](storage::Connection& c) -> util::Result<std::vector<std::string>> {
        CAIRN_ASSIGN_OR_RETURN(auto rows,
                               c.Query("SELECT id FROM import_jobs WHERE status = 'uploading' AND "
                                       "updated < ?",
                                       {cutoff}));
        std::vector<std::string> ids;
        for (const auto& row : rows.rows) ids.push_back(storage::AsText(row[0]));
        CAIRN_RETURN_IF_ERROR(c.Execute(
            "DELETE FROM import_jobs WHERE status = 'uploading' AND updated < ?", {cutoff}));
        // Interrupted by the last stop: they run again; what they imported is skipped then. A
        // `cairn import` read its archive where it lay, not here: it cannot be resumed.
        CAIRN_ASSIGN_OR_RETURN(
            auto running, c.Query("SELECT id, format FROM import_jobs WHERE status = 'running'"));
        for (const auto& row : running.rows) {
          const std::string id = storage::AsText(row[0]);
          std::error_code missing;
          const bool resumable =
              openers_.contains(storage::AsText(row[1])) || fs::exists(SpoolPath(id), missing);
          CAIRN_RETURN_IF_ERROR(c.Execute(
              "UPDATE import_jobs SET status = ?, message = CASE WHEN ? THEN message ELSE ? END "
              "WHERE id = ?",
              {std::string(resumable ? "queued" : "failed"), int64_t{resumable ? 1 : 0},
               std::string("Interrupted before it ended; what it imported stays. Run the import "
                           "again for the rest: nothing is created twice."),
               id}));
        }
        return ids;
      });
  if (!abandoned.ok()) return std::move(abandoned).error();
  for (const std::string& id : *abandoned) fs::remove(SpoolPath(id), ec);
  std::lock_guard lock(mutex_);
  stopping_ = false;
  if (!worker_.joinable()) worker_ = std::thread([this] { WorkLoop(); });
  return util::OkStatus();
}

void ImportJobs::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

util::Result<ImportJob> ImportJobs::Load(const std::string& id) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        c.Query(std::string("SELECT ") + kColumns + " FROM import_jobs WHERE id = ?", {id}));
    if (rows.rows.empty()) return util::Error::NotFound("No such import.");
    return JobJson(rows.rows[0]);
  });
}

util::Result<ImportJob> ImportJobs::Create(const Caller& caller, const NewImport& request) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to import.");
  if (!catalog_.Offers(request.plugin, plugins::kImportArchive)) {
    return util::Error::InvalidField("The plugin cannot import archives.", "plugin",
                                     "validation_invalid_value",
                                     "Name a plugin that imports export archives.");
  }
  if (request.name.empty() || request.name.size() > 255) {
    return util::Error::InvalidField("The archive needs a name.", "name", "validation_required",
                                     "Give the archive's file name (at most 255 bytes).");
  }
  if (request.size == 0) {
    return util::Error::InvalidField("The archive is empty.", "size", "validation_required",
                                     "Give the archive's size in bytes.");
  }
  if (request.size > options_.max_archive_bytes) {
    return util::Error::TooLarge("Archives of at most " +
                                 std::to_string(options_.max_archive_bytes >> 30) +
                                 " GB are imported.");
  }
  CAIRN_ASSIGN_OR_RETURN(storage::DiskSpace space, storage::DiskSpaceOf(options_.spool_dir));
  if (space.available_bytes < request.size + options_.min_free_bytes) {
    return util::Error::InsufficientStorage("no room for an archive of " +
                                            std::to_string(request.size >> 20) + " MB in " +
                                            options_.spool_dir);
  }
  const std::string id = util::NewRecordId();
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  auto written = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO import_jobs (id, created, updated, user, plugin, source, status, size) "
        "VALUES (?, ?, ?, ?, ?, ?, 'uploading', ?)",
        {id, now, now, caller.user_id, request.plugin, request.name,
         static_cast<int64_t>(request.size)}));
    return true;
  });
  if (!written.ok()) return std::move(written).error();
  // The file exists from the start, so the first piece appends like every other.
  const int fd = ::open(SpoolPath(id).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return util::Error::Internal("cannot create the archive in " + options_.spool_dir);
  ::close(fd);
  return Load(id);
}

util::Result<ImportJob> ImportJobs::Append(const Caller& caller, const std::string& id,
                                           uint64_t offset, std::string_view bytes) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to import.");
  if (bytes.size() > options_.max_piece_bytes) {
    return util::Error::TooLarge("Send the archive in pieces of at most " +
                                 std::to_string(options_.max_piece_bytes >> 20) + " MB.");
  }
  std::lock_guard lock(append_mutex_);
  auto owned = database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT 1 FROM import_jobs WHERE id = ? AND user = ?",
                                              {id, caller.user_id}));
    return !rows.rows.empty();
  });
  if (!owned.ok()) return std::move(owned).error();
  if (!*owned) return util::Error::NotFound("No such import.");
  CAIRN_ASSIGN_OR_RETURN(Json job, Load(id));
  if (job["status"] != "uploading") {
    return util::Error::Conflict("The archive is complete: the import is " +
                                 job["status"].get<std::string>() + ".");
  }
  const uint64_t received = job["received"].get<uint64_t>();
  const uint64_t size = job["size"].get<uint64_t>();
  if (offset != received) {
    util::Error error =
        util::Error::Conflict("The next piece starts at byte " + std::to_string(received) + ".");
    error.facts = {{"received", std::to_string(received)}};
    return error;
  }
  if (received + bytes.size() > size) {
    return util::Error::TooLarge("The archive is larger than the " + std::to_string(size) +
                                 " bytes announced.");
  }
  const std::string path = SpoolPath(id);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return util::Error::Internal("cannot open " + path);
  // A piece written before a crash but never recorded is written again over itself.
  bool ok = ::ftruncate(fd, static_cast<off_t>(received)) == 0;
  size_t written = 0;
  while (ok && written < bytes.size()) {
    const ssize_t n = ::pwrite(fd, bytes.data() + written, bytes.size() - written,
                               static_cast<off_t>(received + written));
    ok = n > 0 || (n < 0 && errno == EINTR);
    if (n > 0) written += static_cast<size_t>(n);
  }
  const int write_errno = errno;
  const bool complete = ok && received + bytes.size() == size;
  if (complete) ok = ::fsync(fd) == 0;
  ::close(fd);
  if (!ok) {
    if (write_errno == ENOSPC || write_errno == EDQUOT) {
      return util::Error::InsufficientStorage("the disk is full: " + path);
    }
    return util::Error::Internal("cannot write " + path);
  }
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  auto updated = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("UPDATE import_jobs SET received = ?, updated = ?, status = ? WHERE id = ?",
                  {static_cast<int64_t>(received + bytes.size()), now,
                   std::string(complete ? "queued" : "uploading"), id}));
    return true;
  });
  if (!updated.ok()) return std::move(updated).error();
  if (complete) Wake();
  return Load(id);
}

util::Result<ImportJob> ImportJobs::Show(const Caller& caller, const std::string& id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to see your imports.");
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query(std::string("SELECT ") + kColumns +
                                                  " FROM import_jobs WHERE id = ? AND user = ?",
                                              {id, caller.user_id}));
    if (rows.rows.empty()) return util::Error::NotFound("No such import.");
    return JobJson(rows.rows[0]);
  });
}

util::Result<Json> ImportJobs::List(const Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to see your imports.");
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query(std::string("SELECT ") + kColumns +
                               " FROM import_jobs WHERE user = ? ORDER BY created DESC, id DESC "
                               "LIMIT 50",
                           {caller.user_id}));
    Json items = Json::array();
    for (const auto& row : rows.rows) items.push_back(JobJson(row));
    return Json{{"items", std::move(items)}};
  });
}

util::Status ImportJobs::Cancel(const Caller& caller, const std::string& id) {
  CAIRN_ASSIGN_OR_RETURN(Json job, Show(caller, id));
  const std::string status = job["status"];
  std::error_code ec;
  if (IsFinished(status)) {
    auto removed = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
      CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM import_jobs WHERE id = ?", {id}));
      return true;
    });
    if (!removed.ok()) return std::move(removed).error();
    return util::OkStatus();
  }
  {
    std::lock_guard lock(mutex_);
    cancelled_.insert(id);
  }
  // Only a job that has not started is ended here; a running one ends itself (Execute).
  auto ended = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("UPDATE import_jobs SET status = 'cancelled', updated = ? WHERE id = ? AND "
                  "status IN ('uploading', 'queued')",
                  {util::FormatTimestamp(clock_.NowMillis()), id}));
    return true;
  });
  if (!ended.ok()) return std::move(ended).error();
  if (status != "running") fs::remove(SpoolPath(id), ec);
  return util::OkStatus();
}

void ImportJobs::RegisterSource(const std::string& format, SourceOpener opener) {
  openers_[format] = std::move(opener);
}

util::Result<ImportJob> ImportJobs::Enqueue(const std::string& user, const std::string& plugin,
                                            const std::string& source, const std::string& format) {
  if (!openers_.contains(format)) return util::Error::Internal("no source reads " + format);
  const std::string fresh = util::NewRecordId();
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  auto id = database_.Write<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query("SELECT id FROM import_jobs WHERE user = ? AND plugin = ? AND source = "
                           "? AND format = ? AND status IN ('queued', 'running') LIMIT 1",
                           {user, plugin, source, format}));
    if (!rows.rows.empty()) return storage::AsText(rows.rows[0][0]);
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO import_jobs (id, created, updated, user, plugin, source, format, status) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, 'queued')",
        {fresh, now, now, user, plugin, source, format}));
    return fresh;
  });
  if (!id.ok()) return std::move(id).error();
  if (*id == fresh) Wake();
  return Load(*id);
}

util::Result<ImportJob> ImportJobs::RunArchive(
    const Caller& caller, const std::string& plugin, const std::string& path,
    const std::function<void(const ImportJob&)>& on_progress) {
  if (!catalog_.Offers(plugin, plugins::kImportArchive)) {
    return util::Error::InvalidArgument("the plugin \"" + plugin + "\" does not import archives");
  }
  const std::string id = util::NewRecordId();
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  std::error_code ec;
  const auto size = static_cast<int64_t>(fs::file_size(path, ec));
  auto written = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO import_jobs (id, created, updated, user, plugin, source, status, size, "
        "received) VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?)",
        {id, now, now, caller.user_id, plugin, fs::path(path).filename().string(), size, size}));
    return true;
  });
  if (!written.ok()) return std::move(written).error();
  Execute(id, path, on_progress);
  return Load(id);
}

void ImportJobs::WorkLoop() {
  while (true) {
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
    }
    auto next =
        database_.Read<std::string>([](storage::Connection& c) -> util::Result<std::string> {
          CAIRN_ASSIGN_OR_RETURN(auto rows,
                                 c.Query("SELECT id FROM import_jobs WHERE status = 'queued' ORDER "
                                         "BY created, id LIMIT 1"));
          return rows.rows.empty() ? std::string() : storage::AsText(rows.rows[0][0]);
        });
    if (next.ok() && !next->empty()) {
      Execute(*next, SpoolPath(*next), nullptr);
      auto job = Load(*next);
      // The archive goes once the import is over; a stop leaves it for the next start.
      if (!job.ok() || IsFinished((*job)["status"])) {
        std::error_code ec;
        fs::remove(SpoolPath(*next), ec);
      }
      continue;
    }
    if (!next.ok()) util::LogWarning("imports: " + next.error().message);
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, std::chrono::seconds(30), [this] { return stopping_ || work_pending_; });
    work_pending_ = false;
  }
}

void ImportJobs::Wake() {
  {
    std::lock_guard lock(mutex_);
    work_pending_ = true;
  }
  wake_.notify_all();
}

}  // namespace cairn::services::imports
