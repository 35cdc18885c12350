// SQLite connections, the statement cache and the writer/reader split.
#include "storage/database.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "storage/schema.h"
#include "storage/sql_functions.h"
#include "storage/upgrade.h"
#include "util/log.h"

namespace cairn::storage {
namespace {

// Generated filter SQL varies per request; cap the cache so hostile variety can't grow memory.
constexpr size_t kMaxCachedStatements = 256;
constexpr int kBusyTimeoutMs = 10000;

util::Error TranslateException(const SQLite::Exception& e, const std::string& sql,
                               sqlite3* handle) {
  int code = e.getErrorCode() & 0xff;
  // SQLite says SQLITE_FULL for most writes that hit ENOSPC, but an I/O error for some (growing
  // the WAL index, syncing); the system errno tells them apart.
  const int system_errno = sqlite3_system_errno(handle);
  if (code == SQLITE_FULL ||
      (code == SQLITE_IOERR && (system_errno == ENOSPC || system_errno == EDQUOT))) {
    return util::Error::InsufficientStorage(std::string("sqlite: ") + e.what() +
                                            " in: " + sql.substr(0, 200));
  }
  if (code == SQLITE_CONSTRAINT) {
    return util::Error::Conflict(std::string("constraint failed: ") + e.what());
  }
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED) {
    return util::Error::Unavailable("the database is busy, try again");
  }
  if (code == SQLITE_INTERRUPT) {
    return util::Error::InvalidArgument(
        "The query took too long and was stopped; narrow the filter or sort.");
  }
  return util::Error::Internal(std::string("sqlite: ") + e.what() + " in: " + sql.substr(0, 200));
}

void Bind(SQLite::Statement& statement, const SqlParams& params) {
  for (size_t i = 0; i < params.size(); ++i) {
    const int index = static_cast<int>(i + 1);
    std::visit(
        [&](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::monostate>) {
            statement.bind(index);
          } else if constexpr (std::is_same_v<V, std::string>) {
            statement.bindNoCopy(index, v);
          } else {
            statement.bind(index, v);
          }
        },
        params[i]);
  }
}

SqlValue ReadColumn(SQLite::Statement& statement, int index) {
  SQLite::Column column = statement.getColumn(index);
  switch (column.getType()) {
    case SQLITE_INTEGER:
      return column.getInt64();
    case SQLITE_FLOAT:
      return column.getDouble();
    case SQLITE_TEXT:
    case SQLITE_BLOB:
      return column.getString();
    default:
      return std::monostate{};
  }
}

}  // namespace

struct Connection::Impl {
  SQLite::Database db;
  std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> statements;
  // A read-only connection remembers answers (QueryUntilChange) for one data_version.
  bool read_only = false;
  int64_t answers_version = -1;
  std::unordered_map<std::string, QueryResult> answers;
  // When set, statements stop at this time (checked by the progress handler).
  std::chrono::steady_clock::time_point deadline{};

  Impl(const std::string& path, int flags) : db(path, flags, kBusyTimeoutMs) {
    // Every 10 000 virtual machine steps (well under a millisecond) SQLite asks whether to go on.
    sqlite3_progress_handler(db.getHandle(), 10000, &Impl::PastDeadline, this);
    // The search index's triggers and the map-area conditions call them.
    RegisterSqlFunctions(db.getHandle());
  }

  static int PastDeadline(void* self) {
    const auto& deadline = static_cast<Impl*>(self)->deadline;
    return deadline != std::chrono::steady_clock::time_point{} &&
           std::chrono::steady_clock::now() > deadline;
  }

  SQLite::Statement& Prepare(const std::string& sql) {
    auto it = statements.find(sql);
    if (it != statements.end()) {
      // tryReset, not reset: sqlite3_reset repeats the error of the statement's last run, and
      // throwing that here would fail this run (a COMMIT or ROLLBACK never executed) for an
      // error that is already handled.
      it->second->tryReset();
      it->second->clearBindings();
      return *it->second;
    }
    if (statements.size() >= kMaxCachedStatements) statements.clear();
    auto statement = std::make_unique<SQLite::Statement>(db, sql);
    return *statements.emplace(sql, std::move(statement)).first->second;
  }
};

Connection::Connection(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Connection::~Connection() = default;

util::Result<QueryResult> Connection::Query(const std::string& sql, const SqlParams& params) {
  try {
    SQLite::Statement& statement = impl_->Prepare(sql);
    Bind(statement, params);
    QueryResult result;
    const int columns = statement.getColumnCount();
    result.columns.reserve(columns);
    for (int i = 0; i < columns; ++i) result.columns.emplace_back(statement.getColumnName(i));
    while (statement.executeStep()) {
      std::vector<SqlValue> row;
      row.reserve(columns);
      for (int i = 0; i < columns; ++i) row.push_back(ReadColumn(statement, i));
      result.rows.push_back(std::move(row));
    }
    statement.reset();
    return result;
  } catch (const SQLite::Exception& e) {
    return TranslateException(e, sql, impl_->db.getHandle());
  }
}

namespace {

// At most this many answers are remembered per connection; past it they are all forgotten (a
// rare case: as many different filters between two writes).
constexpr size_t kMaxRememberedAnswers = 256;

// The text of a query with its values, as the key of a remembered answer.
std::string AnswerKey(const std::string& sql, const SqlParams& params) {
  std::string key = sql;
  for (const SqlValue& value : params) {
    key += '\x1f';
    if (const auto* i = std::get_if<int64_t>(&value)) {
      key += 'i' + std::to_string(*i);
    } else if (const auto* d = std::get_if<double>(&value)) {
      char bytes[sizeof(double)];
      std::memcpy(bytes, d, sizeof bytes);
      key += 'd';
      key.append(bytes, sizeof bytes);
    } else if (const auto* text = std::get_if<std::string>(&value)) {
      key += 's' + std::to_string(text->size()) + ':' + *text;
    } else {
      key += 'n';
    }
  }
  return key;
}

}  // namespace

util::Result<QueryResult> Connection::QueryUntilChange(const std::string& sql,
                                                       const SqlParams& params) {
  if (!impl_->read_only) return Query(sql, params);
  CAIRN_ASSIGN_OR_RETURN(QueryResult version, Query("PRAGMA data_version"));
  const auto* now = std::get_if<int64_t>(&version.rows.at(0).at(0));
  if (!now) return Query(sql, params);
  if (*now != impl_->answers_version || impl_->answers.size() >= kMaxRememberedAnswers) {
    impl_->answers.clear();
    impl_->answers_version = *now;
  }
  std::string key = AnswerKey(sql, params);
  if (auto it = impl_->answers.find(key); it != impl_->answers.end()) return it->second;
  CAIRN_ASSIGN_OR_RETURN(QueryResult answer, Query(sql, params));
  impl_->answers.emplace(std::move(key), answer);
  return answer;
}

util::Result<int64_t> Connection::Execute(const std::string& sql, const SqlParams& params) {
  try {
    SQLite::Statement& statement = impl_->Prepare(sql);
    Bind(statement, params);
    while (statement.executeStep()) {
    }
    statement.reset();
    return static_cast<int64_t>(sqlite3_changes(impl_->db.getHandle()));
  } catch (const SQLite::Exception& e) {
    return TranslateException(e, sql, impl_->db.getHandle());
  }
}

void Connection::StartBudget(int milliseconds) {
  impl_->deadline = milliseconds > 0
                        ? std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds)
                        : std::chrono::steady_clock::time_point{};
}

util::Status Connection::ExecuteScript(const std::string& sql) {
  try {
    impl_->db.exec(sql);
    return util::OkStatus();
  } catch (const SQLite::Exception& e) {
    return TranslateException(e, sql, impl_->db.getHandle());
  }
}

bool Connection::InTransaction() const {
  return sqlite3_get_autocommit(impl_->db.getHandle()) == 0;
}

util::Status Database::BeginOn(Connection& connection, const char* begin_sql) {
  if (connection.InTransaction()) {
    util::LogWarning("database: a transaction was left open; rolling it back");
    EndFailedTransaction(connection);
  }
  auto begun = connection.Execute(begin_sql);
  if (!begun.ok()) return std::move(begun).error();
  return util::OkStatus();
}

void Database::EndFailedTransaction(Connection& connection) {
  if (!connection.InTransaction()) return;  // SQLite already rolled it back
  auto rolled_back = connection.Execute("ROLLBACK");
  if (!rolled_back.ok() || connection.InTransaction()) {
    util::LogError(std::string("database: rollback failed: ") +
                   (rolled_back.ok() ? "still in a transaction" : rolled_back.error().message));
  }
}

util::Status Database::Upgrade(Connection& writer, const Options& options, int from) {
  const int to = CurrentSchemaVersion();
  const std::string what =
      options.path + " from schema version " + std::to_string(from) + " to " + std::to_string(to);
  if (!options.backup_dir.empty()) {
    auto backup = BackUpBeforeUpgrade(writer, options.backup_dir, from, to);
    if (!backup.ok()) {
      util::Error error = std::move(backup).error();
      error.message = "not upgrading " + what + ": the backup of the database before the " +
                      "upgrade cannot be written (" + error.message +
                      "); nothing was changed. Free space or fix " + options.backup_dir +
                      " and start again";
      return error;
    }
    util::LogInfo("database: backed up before the upgrade to " + *backup);
  }
  util::LogInfo("database: upgrading " + what + " in one transaction");
  const auto started = std::chrono::steady_clock::now();
  if (auto migrated = MigrateInOneTransaction(writer, from); !migrated.ok()) {
    util::Error error = std::move(migrated).error();
    error.message = "cannot upgrade " + what + " (" + error.message +
                    "); the file was left at version " + std::to_string(from);
    return error;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  util::LogInfo("database: upgraded to schema version " + std::to_string(to) + " in " +
                std::to_string(ms) + " ms");
  return util::OkStatus();
}

util::Result<std::unique_ptr<Database>> Database::Open(const Options& options) {
  // A file of a newer schema is refused before SQLite opens it: opening would not change it, but
  // closing the last connection checkpoints the write-ahead log into it.
  CAIRN_ASSIGN_OR_RETURN(const int header_version, SchemaVersionInFileHeader(options.path));
  if (header_version > CurrentSchemaVersion()) {
    return util::Error::Internal(
        NewerSchemaMessage(options.path, header_version, CurrentSchemaVersion()));
  }
  std::unique_ptr<Database> database(new Database());
  database->read_budget_ms_ = options.read_budget_ms;
  database->path_ = options.path;
  try {
    auto writer_impl = std::make_unique<Connection::Impl>(
        options.path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX);
    database->writer_.reset(new Connection(std::move(writer_impl)));
  } catch (const SQLite::Exception& e) {
    return util::Error::Internal("cannot open database " + options.path + ": " + e.what());
  }
  Connection& writer = *database->writer_;
  sqlite3* handle = writer.impl_->db.getHandle();
  // Until the version is known to be one this build may write, closing must not checkpoint (a
  // newer version can sit in the log of a server that was killed) and nothing may be set.
  sqlite3_db_config(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  const int version = database->SchemaVersion();
  if (version < 0)
    return util::Error::Internal("cannot read the schema version of " + options.path);
  if (version > CurrentSchemaVersion()) {
    return util::Error::Internal(NewerSchemaMessage(options.path, version, CurrentSchemaVersion()));
  }
  sqlite3_db_config(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);
  database->checkpoint_on_close_ = true;
  // WAL lets readers run beside the single writer; NORMAL is crash-safe in WAL mode.
  CAIRN_RETURN_IF_ERROR(writer.ExecuteScript(
      "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
      "PRAGMA temp_store=MEMORY; PRAGMA journal_size_limit=67108864;"));
  if (version == 0) {
    auto applied = writer.ExecuteScript(std::string("BEGIN IMMEDIATE;") + kSchemaSql + ";COMMIT;");
    if (!applied.ok()) {
      (void)writer.ExecuteScript("ROLLBACK");
      return std::move(applied).error();
    }
  } else if (version < CurrentSchemaVersion()) {
    CAIRN_RETURN_IF_ERROR(Upgrade(writer, options, version));
  }
  if (database->SchemaVersion() != CurrentSchemaVersion()) {
    return util::Error::Internal(options.path + " ended at schema version " +
                                 std::to_string(database->SchemaVersion()) + ", expected " +
                                 std::to_string(CurrentSchemaVersion()));
  }
  database->RefreshStatistics();
  for (int i = 0; i < options.reader_count; ++i) {
    try {
      auto impl = std::make_unique<Connection::Impl>(options.path,
                                                     SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX);
      impl->read_only = true;
      std::unique_ptr<Connection> reader(new Connection(std::move(impl)));
      // Readers map the file (the first 256 MiB of address space, not memory: the kernel's page
      // cache backs it) rather than copying each page into SQLite's 2 MB cache: a map area reads
      // thousands of trails' lines at random, and copying them cost a third of its time at
      // 100 000 trails (bench/search.sh).
      CAIRN_RETURN_IF_ERROR(reader->ExecuteScript(
          "PRAGMA query_only=ON; PRAGMA temp_store=MEMORY; PRAGMA mmap_size=268435456;"));
      database->idle_readers_.push_back(reader.get());
      database->readers_.push_back(std::move(reader));
    } catch (const SQLite::Exception& e) {
      return util::Error::Internal("cannot open a reader on " + options.path + ": " + e.what());
    }
  }
  return database;
}

Database::~Database() {
  readers_.clear();
  if (writer_ && checkpoint_on_close_) {
    // Fold the WAL back into the main file so a stopped server leaves one tidy file.
    (void)writer_->ExecuteScript("PRAGMA wal_checkpoint(TRUNCATE);");
  }
}

void Database::RefreshStatistics() {
  writes_since_analyze_ = 0;
  // analysis_limit bounds the rows examined per index, so this stays a few milliseconds even
  // on large tables. Failure only means older statistics; never fail a request over it.
  auto analyzed = writer_->ExecuteScript("PRAGMA analysis_limit=400; ANALYZE;");
  (void)analyzed;
}

int Database::SchemaVersion() {
  std::lock_guard lock(writer_mutex_);
  auto result = writer_->Query("PRAGMA user_version");
  if (!result.ok() || result->rows.empty()) return -1;
  const auto* v = std::get_if<int64_t>(&result->rows[0][0]);
  return v ? static_cast<int>(*v) : -1;
}

util::Result<bool> Database::CheckWritable() {
  auto read = Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(QueryResult r, c.Query("SELECT count(*) FROM sqlite_schema"));
    return static_cast<int64_t>(r.rows.size());
  });
  if (!read.ok()) return std::move(read).error();
  struct statvfs filesystem {};
  if (::statvfs(path_.c_str(), &filesystem) == 0 && (filesystem.f_flag & ST_RDONLY)) return false;
  if (::access(path_.c_str(), W_OK) != 0) return false;
  // The writer is asked only when idle: a health check must not wait behind a long write (which
  // is itself a sign the database is writable).
  if (std::unique_lock lock(writer_mutex_, std::try_to_lock); lock.owns_lock()) {
    if (sqlite3_db_readonly(writer_->impl_->db.getHandle(), "main") == 1) return false;
  }
  return true;
}

Connection* Database::AcquireReader() {
  std::unique_lock lock(pool_mutex_);
  pool_cv_.wait(lock, [this] { return !idle_readers_.empty(); });
  Connection* c = idle_readers_.back();
  idle_readers_.pop_back();
  return c;
}

void Database::ReleaseReader(Connection* connection) {
  {
    std::lock_guard lock(pool_mutex_);
    idle_readers_.push_back(connection);
  }
  pool_cv_.notify_one();
}

}  // namespace cairn::storage
