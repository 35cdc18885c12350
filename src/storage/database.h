// SQLite access: one writer connection and a small pool of read-only connections, each with a
// cache of prepared statements. The only layer that sees SQLiteCpp.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::storage {

// All rows of a query, values in column order.
struct QueryResult {
  std::vector<std::string> columns;
  std::vector<std::vector<SqlValue>> rows;
};

// One SQLite connection. Not thread-safe: the Database hands it to one thread at a time.
class Connection {
 public:
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs `sql` (prepared once and cached by its text) with `params` bound to its `?`s and
  // returns every row. SQLite errors come back as Internal (Conflict for constraint violations,
  // InsufficientStorage when the disk or the database's size limit is full).
  util::Result<QueryResult> Query(const std::string& sql, const SqlParams& params = {});

  // Query, remembering the answer on a read-only connection until the database changes (a commit
  // since, by this process's writer or any other; SQLite's data_version): for aggregates that
  // pages ask again and again, such as a list's total. Call it inside Database::Read, so the
  // answer and the version it is kept under come from one snapshot. On the writer it is Query.
  util::Result<QueryResult> QueryUntilChange(const std::string& sql, const SqlParams& params = {});

  // Runs a statement that returns no rows; returns the number of rows it changed.
  util::Result<int64_t> Execute(const std::string& sql, const SqlParams& params = {});

  // Runs several `;`-separated statements without parameters (schema scripts, pragmas).
  util::Status ExecuteScript(const std::string& sql);

  // From now on, statements running past `milliseconds` are interrupted and fail with
  // InvalidArgument ("took too long"); 0 lifts the limit.
  void StartBudget(int milliseconds);

  // Whether a transaction is open on this connection (SQLite is not in autocommit mode).
  bool InTransaction() const;

 private:
  friend class Database;
  struct Impl;
  explicit Connection(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

class Database {
 public:
  struct Options {
    std::string path;      // the database file; created when missing
    int reader_count = 4;  // read-only connections in the pool
    // A read transaction running longer than this is interrupted and fails with
    // InvalidArgument, so one costly filter cannot hold a reader (of only a few) for minutes.
    int read_budget_ms = 10000;
    // Where a file of an older schema is copied before it is upgraded (the data dir's backups/);
    // empty takes no copy (tests, tools working on a copy of their own).
    std::string backup_dir;
  };

  // Opens (creating if needed) the database with WAL, synchronous=NORMAL, busy_timeout and
  // foreign keys on, and applies schema.sql when the file is new. A file of an older schema is
  // first copied to `backup_dir` (storage/upgrade.h; when the copy cannot be written the file is
  // not upgraded and Open fails) and then upgraded in one transaction: a failure or a crash
  // leaves it at its old version. A file of a newer schema than this build knows is refused
  // before anything is written to it or beside it (no checkpoint, no pragma, no statistics).
  static util::Result<std::unique_ptr<Database>> Open(const Options& options);
  ~Database();

  // Runs `fn` on a read-only connection inside one read transaction, so every query it makes sees
  // the same snapshot. Blocks until a reader is free. Thread-safe. An exception escaping `fn`
  // becomes an Internal error; the connection always goes back to the pool.
  template <class T>
  util::Result<T> Read(const std::function<util::Result<T>(Connection&)>& fn) {
    Connection* c = AcquireReader();
    auto begun = BeginOn(*c, "BEGIN");
    if (!begun.ok()) {
      ReleaseReader(c);
      return std::move(begun).error();
    }
    c->StartBudget(read_budget_ms_);
    util::Result<T> result = Guarded(fn, *c);
    c->StartBudget(0);
    // A read transaction that cannot end is rolled back, so the reader goes back clean.
    if (!c->Execute("COMMIT").ok()) EndFailedTransaction(*c);
    ReleaseReader(c);
    return result;
  }

  // Runs `fn` on the single writer connection inside BEGIN IMMEDIATE; commits when `fn` returns
  // success and rolls back otherwise (an exception counts as failure), so a failed request never
  // leaves a half-written record or an open transaction. A COMMIT that fails (disk full, I/O
  // error, a deferred constraint) is rolled back too and its error returned; whatever failed, the
  // writer is outside any transaction afterwards and ready for the next call. A lack of space
  // comes back as InsufficientStorage. Writers are serialised. Thread-safe.
  template <class T>
  util::Result<T> Write(const std::function<util::Result<T>(Connection&)>& fn) {
    std::lock_guard lock(writer_mutex_);
    auto begun = BeginOn(*writer_, "BEGIN IMMEDIATE");
    if (!begun.ok()) return std::move(begun).error();
    util::Result<T> result = Guarded(fn, *writer_);
    if (!result.ok()) {
      EndFailedTransaction(*writer_);
      return result;
    }
    // SQLite rolls a transaction back by itself after some failures (a full disk, an I/O error);
    // statements after that would have run outside it, so the result is not to be trusted.
    if (!writer_->InTransaction()) {
      return util::Error::Internal("the database rolled the transaction back during the write");
    }
    auto committed = writer_->Execute("COMMIT");
    if (!committed.ok()) {
      EndFailedTransaction(*writer_);
      return std::move(committed).error();
    }
    if (++writes_since_analyze_ >= kWritesPerAnalyze) RefreshStatistics();
    return result;
  }

  // The schema version stored in PRAGMA user_version.
  int SchemaVersion();

  // Whether the database can take writes: false when the file or its filesystem is read-only.
  // Internal when it cannot even be read. Writes nothing and never waits for a running write.
  // Thread-safe.
  util::Result<bool> CheckWritable();

 private:
  // Fresh statistics let the planner choose between an index and a rowid scan (e.g. a page of
  // public trails in insertion order); without them it sorts thousands of rows per page.
  static constexpr int kWritesPerAnalyze = 1000;
  // Runs a bounded ANALYZE on the writer. Caller holds writer_mutex_ (or is opening).
  void RefreshStatistics();
  // Backs the file up (when options name a folder) and migrates it from version `from`, logging
  // each stage. Fails, leaving the file at `from`, when either cannot be done.
  static util::Status Upgrade(Connection& writer, const Options& options, int from);

  // Calls `fn`, turning an escaping exception (a bug, or the library's bad_alloc) into Internal.
  template <class T>
  static util::Result<T> Guarded(const std::function<util::Result<T>(Connection&)>& fn,
                                 Connection& connection) {
    try {
      return fn(connection);
    } catch (const std::exception& e) {
      return util::Error::Internal(std::string("unexpected exception: ") + e.what());
    }
  }

  // Runs `begin_sql` on `connection`; a transaction some earlier failure left open is rolled back
  // first (and logged), so one lost ROLLBACK can never make every later request fail.
  static util::Status BeginOn(Connection& connection, const char* begin_sql);
  // Rolls back the open transaction, if any, after a failed statement or COMMIT.
  static void EndFailedTransaction(Connection& connection);

  Database() = default;
  Connection* AcquireReader();
  void ReleaseReader(Connection* connection);

  std::string path_;
  std::mutex writer_mutex_;
  std::unique_ptr<Connection> writer_;
  int writes_since_analyze_ = 0;
  // False while opening a file that may be of a newer schema: closing then writes nothing.
  bool checkpoint_on_close_ = false;
  int read_budget_ms_ = 0;
  std::mutex pool_mutex_;
  std::condition_variable pool_cv_;
  std::vector<std::unique_ptr<Connection>> readers_;
  std::vector<Connection*> idle_readers_;
};

}  // namespace cairn::storage
