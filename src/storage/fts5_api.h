// The part of SQLite's FTS5 extension interface that Cairn uses: registering an auxiliary function
// and, inside it, asking which columns each phrase of the query matched. Declared here because
// Debian's libsqlite3-dev installs no fts5.h; the layout is the stable, documented ABI of
// "Extending FTS5" (https://sqlite.org/fts5.html#extending_fts5), unchanged since SQLite 3.9.
// Members Cairn never calls are declared as opaque pointers of the same size.
#pragma once

#include <sqlite3.h>

namespace cairn::storage::fts5 {

struct Context;  // Fts5Context: one row of one FTS5 query, opaque

// Fts5PhraseIter.
struct PhraseIter {
  const unsigned char* a;
  const unsigned char* b;
};

// Fts5ExtensionApi, version 2 and later (SQLite 3.40 hands out version 3).
struct ExtensionApi {
  int version;
  void* (*user_data)(Context*);
  int (*column_count)(Context*);
  int (*row_count)(Context*, sqlite3_int64*);
  int (*column_total_size)(Context*, int, sqlite3_int64*);
  void* tokenize;
  int (*phrase_count)(Context*);
  int (*phrase_size)(Context*, int);
  int (*inst_count)(Context*, int*);
  int (*inst)(Context*, int, int*, int*, int*);
  sqlite3_int64 (*rowid)(Context*);
  int (*column_text)(Context*, int, const char**, int*);
  int (*column_size)(Context*, int, int*);
  void* query_phrase;
  int (*set_auxdata)(Context*, void*, void (*)(void*));
  void* (*get_auxdata)(Context*, int);
  int (*phrase_first)(Context*, int, PhraseIter*, int*, int*);
  void (*phrase_next)(Context*, PhraseIter*, int*, int*);
  // The first column phrase `i` matched in this row (-1: none); detail=column or full.
  int (*phrase_first_column)(Context*, int, PhraseIter*, int*);
  void (*phrase_next_column)(Context*, PhraseIter*, int*);
};

using ExtensionFunction = void (*)(const ExtensionApi*, Context*, sqlite3_context*, int,
                                   sqlite3_value**);

// fts5_api, version 2 and later; fetched with `SELECT fts5(?1)` and sqlite3_bind_pointer(...,
// "fts5_api_ptr", ...).
struct Api {
  int version;
  void* create_tokenizer;
  void* find_tokenizer;
  int (*create_function)(Api*, const char* name, void* user_data, ExtensionFunction function,
                         void (*destroy)(void*));
};

}  // namespace cairn::storage::fts5
