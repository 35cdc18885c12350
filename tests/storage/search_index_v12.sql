-- The search index of schema version 12 (2026-11-27): every write a pending row with the
-- record's words, moved into the FTS5 table by the 64th. A test fixture for migration 13
-- (tests/storage/search_migration_test.cpp), as schema.sql's search section was then.
-- Full-text search (services/search/search_index.h, util/search_words.h). Each trail and list is
-- in the index under its rowid, as its words (cairn_search_words: folded, lower case, no accents,
-- single spaces), the names of its tags, author and category, and in *_parts the inner parts of
-- the words of names, places and tags (cairn_search_parts: each word and its endings of three
-- characters or more, marked), so "spitze" finds Zugspitze as the beginning of a part. Usernames
-- and category names are single words people type whole; their parts would cost every write. The FTS5 table keeps
-- which column each word is in (detail=column), no positions: every query word is one word.
--
-- Every write reaches the index in its own transaction, first into *_search_pending (a plain
-- row: the record's words as they are now, or `gone`), which searches read beside the FTS5 table
-- and which overrides it; when 64 rows wait, they move into the FTS5 table together. FTS5 writes
-- a segment per transaction, which cost more than the rest of a trail's create when every create
-- wrote one (bench/search_write.sh); 64 at a time cost a fifth of that, and reading 64 pending
-- rows costs a query well under a millisecond. *_search_terms lists the words (typos).
--
-- A client without Cairn's functions (the sqlite3 shell) can read everything, but not write
-- trails or lists, nor rename or delete users, categories or tags.
CREATE VIRTUAL TABLE trails_search USING fts5(name, description, location, tags, author, category,
  name_parts, other_parts, tokenize = 'ascii', detail = column, columnsize = 0);
CREATE VIRTUAL TABLE trails_search_terms USING fts5vocab(trails_search, row);
CREATE TABLE trails_search_pending (
  record       INTEGER PRIMARY KEY,        -- the trail's rowid
  gone         INTEGER NOT NULL DEFAULT 0, -- 1: deleted, to leave the index
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  location     TEXT NOT NULL DEFAULT '',
  tags         TEXT NOT NULL DEFAULT '',
  author       TEXT NOT NULL DEFAULT '',
  category     TEXT NOT NULL DEFAULT ''
);
-- What the index holds for each trail (CROSS JOIN: a trail's few tag ids lead to the tags, never
-- every tag to the trail's ids).
CREATE VIEW trails_search_source AS SELECT t.rowid AS trail, cairn_search_words(t.name) AS name,
  cairn_search_words(t.description) AS description, cairn_search_words(t.location) AS location,
  coalesce(cairn_search_words((SELECT group_concat(g.name, ' ') FROM json_each(CASE WHEN
    json_valid(t.tags) THEN t.tags ELSE '[]' END) j CROSS JOIN tags g ON g.id = j.value)), '')
    AS tags,
  coalesce(cairn_search_words((SELECT u.username FROM users u WHERE u.id = t.author)), '')
    AS author,
  coalesce(cairn_search_words((SELECT c.name FROM categories c WHERE c.id = t.category)), '')
    AS category
FROM trails t;
-- Inserting here moves every pending row into the FTS5 table.
CREATE VIEW trails_search_flush (go) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_flush_pending INSTEAD OF INSERT ON trails_search_flush BEGIN
  DELETE FROM trails_search WHERE rowid IN (SELECT record FROM trails_search_pending);
  INSERT INTO trails_search (rowid, name, description, location, tags, author, category,
    name_parts, other_parts) SELECT record, name, description, location, tags, author, category,
    cairn_search_parts(name), cairn_search_parts(location || ' ' || tags)
    FROM trails_search_pending WHERE gone = 0;
  DELETE FROM trails_search_pending;
END;
-- Inserting a trail's rowid here reads it into the index again (a trail that is gone has its
-- `gone` row from trails_search_delete already).
CREATE VIEW trails_search_reindex (trail) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_reindex_trail INSTEAD OF INSERT ON trails_search_reindex BEGIN
  INSERT OR REPLACE INTO trails_search_pending (record, name, description, location, tags, author,
    category) SELECT * FROM trails_search_source WHERE trail = NEW.trail;
  INSERT INTO trails_search_flush SELECT 1 WHERE (SELECT count(*) FROM trails_search_pending) >= 64;
END;
CREATE TRIGGER trails_search_insert AFTER INSERT ON trails BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_update AFTER UPDATE OF name, description, location, tags, author,
  category ON trails WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.location IS NOT NEW.location OR OLD.tags IS NOT NEW.tags OR OLD.author IS NOT NEW.author
  OR OLD.category IS NOT NEW.category BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_delete AFTER DELETE ON trails BEGIN
  INSERT OR REPLACE INTO trails_search_pending (record, gone) VALUES (OLD.rowid, 1);
  INSERT INTO trails_search_flush SELECT 1 WHERE (SELECT count(*) FROM trails_search_pending) >= 64;
END;

CREATE VIRTUAL TABLE lists_search USING fts5(name, description, author, name_parts,
  tokenize = 'ascii', detail = column, columnsize = 0);
CREATE VIRTUAL TABLE lists_search_terms USING fts5vocab(lists_search, row);
CREATE TABLE lists_search_pending (
  record       INTEGER PRIMARY KEY,        -- the list's rowid
  gone         INTEGER NOT NULL DEFAULT 0,
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  author       TEXT NOT NULL DEFAULT ''
);
CREATE VIEW lists_search_source AS SELECT l.rowid AS list, cairn_search_words(l.name) AS name,
  cairn_search_words(l.description) AS description,
  coalesce(cairn_search_words((SELECT u.username FROM users u WHERE u.id = l.author)), '')
    AS author
FROM lists l;
CREATE VIEW lists_search_flush (go) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_flush_pending INSTEAD OF INSERT ON lists_search_flush BEGIN
  DELETE FROM lists_search WHERE rowid IN (SELECT record FROM lists_search_pending);
  INSERT INTO lists_search (rowid, name, description, author, name_parts)
    SELECT record, name, description, author, cairn_search_parts(name)
    FROM lists_search_pending WHERE gone = 0;
  DELETE FROM lists_search_pending;
END;
CREATE VIEW lists_search_reindex (list) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_reindex_list INSTEAD OF INSERT ON lists_search_reindex BEGIN
  INSERT OR REPLACE INTO lists_search_pending (record, name, description, author)
    SELECT * FROM lists_search_source WHERE list = NEW.list;
  INSERT INTO lists_search_flush SELECT 1 WHERE (SELECT count(*) FROM lists_search_pending) >= 64;
END;
CREATE TRIGGER lists_search_insert AFTER INSERT ON lists BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_update AFTER UPDATE OF name, description, author ON lists
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.author IS NOT NEW.author BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_delete AFTER DELETE ON lists BEGIN
  INSERT OR REPLACE INTO lists_search_pending (record, gone) VALUES (OLD.rowid, 1);
  INSERT INTO lists_search_flush SELECT 1 WHERE (SELECT count(*) FROM lists_search_pending) >= 64;
END;

-- The names the index holds for a trail or list come from these rows: renaming one (or deleting
-- it while rows still name it) reads the rows that name it again.
CREATE TRIGGER users_search_update AFTER UPDATE OF username ON users
  WHEN OLD.username IS NOT NEW.username BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE author = NEW.id;
  INSERT INTO lists_search_reindex SELECT rowid FROM lists WHERE author = NEW.id;
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE author = OLD.id;
  INSERT INTO lists_search_reindex SELECT rowid FROM lists WHERE author = OLD.id;
END;
CREATE TRIGGER categories_search_update AFTER UPDATE OF name ON categories
  WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE category = NEW.id;
END;
CREATE TRIGGER categories_search_delete AFTER DELETE ON categories BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE category = OLD.id;
END;
-- No index leads from a tag to its trails: every trail's tags are scanned (instr first, cheaply).
CREATE TRIGGER tags_search_update AFTER UPDATE OF name ON tags WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO trails_search_reindex SELECT t.rowid FROM trails t WHERE instr(t.tags, NEW.id) > 0
    AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(t.tags) THEN t.tags ELSE '[]' END) j
    WHERE j.value = NEW.id);
END;
CREATE TRIGGER tags_search_delete AFTER DELETE ON tags BEGIN
  INSERT INTO trails_search_reindex SELECT t.rowid FROM trails t WHERE instr(t.tags, OLD.id) > 0
    AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(t.tags) THEN t.tags ELSE '[]' END) j
    WHERE j.value = OLD.id);
END;
