-- The first search index, as schema versions 10 and 11 made it (migration 12 drops it). Test
-- data: what a data dir of those versions holds.
-- Full-text search (services/search/search_index.h). Each trail and list has one row in
-- trails_search / lists_search, under the same rowid: its words folded by cairn_fold (lower case,
-- no accents: util::FoldForSearch, which every connection of the server registers), the names of
-- its tags, author and category, and in *_grams the inner parts of the short fields' words
-- (cairn_trigrams: every run of three characters), so "spitze" finds Zugspitze as a phrase of
-- runs. *_search_terms lists the distinct words (typos). One FTS5 table per collection and no
-- column sizes: each write flushes one segment, which is most of what the index costs a create
-- (bench/search_write.sh). Triggers keep it in step with every write, inside its transaction. A
-- client without cairn_fold and cairn_trigrams (the sqlite3 shell) can read everything, but not
-- write trails or lists, nor rename or delete users, categories or tags.
CREATE VIRTUAL TABLE trails_search USING fts5(name, description, location, tags, author, category,
  name_grams, other_grams, tokenize = 'unicode61 remove_diacritics 2', columnsize = 0);
CREATE VIRTUAL TABLE trails_search_terms USING fts5vocab(trails_search, row);
-- What the index holds for each trail (CROSS JOIN: a trail's few tag ids lead to the tags, never
-- every tag to the trail's ids).
CREATE VIEW trails_search_source AS SELECT trail, name, description, location, tags, author,
  category, cairn_trigrams(name) AS name_grams,
  cairn_trigrams(location || ' ' || tags || ' ' || author || ' ' || category) AS other_grams
FROM (SELECT t.rowid AS trail, cairn_fold(t.name) AS name,
  cairn_fold(t.description) AS description, cairn_fold(t.location) AS location,
  coalesce(cairn_fold((SELECT group_concat(g.name, ' ') FROM json_each(CASE WHEN json_valid(t.tags)
    THEN t.tags ELSE '[]' END) j CROSS JOIN tags g ON g.id = j.value)), '') AS tags,
  coalesce(cairn_fold((SELECT u.username FROM users u WHERE u.id = t.author)), '') AS author,
  coalesce(cairn_fold((SELECT c.name FROM categories c WHERE c.id = t.category)), '') AS category
FROM trails t);
-- Inserting a trail's rowid here reads it into the index again (or out, when it is gone).
CREATE VIEW trails_search_reindex (trail) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_reindex_trail INSTEAD OF INSERT ON trails_search_reindex BEGIN
  DELETE FROM trails_search WHERE rowid = NEW.trail;
  INSERT INTO trails_search (rowid, name, description, location, tags, author, category,
    name_grams, other_grams) SELECT * FROM trails_search_source WHERE trail = NEW.trail;
END;
-- A new trail has nothing to take out of the index.
CREATE TRIGGER trails_search_insert AFTER INSERT ON trails BEGIN
  INSERT INTO trails_search (rowid, name, description, location, tags, author, category,
    name_grams, other_grams) SELECT * FROM trails_search_source WHERE trail = NEW.rowid;
END;
CREATE TRIGGER trails_search_update AFTER UPDATE OF name, description, location, tags, author,
  category ON trails WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.location IS NOT NEW.location OR OLD.tags IS NOT NEW.tags OR OLD.author IS NOT NEW.author
  OR OLD.category IS NOT NEW.category BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_delete AFTER DELETE ON trails BEGIN
  DELETE FROM trails_search WHERE rowid = OLD.rowid;
END;

CREATE VIRTUAL TABLE lists_search USING fts5(name, description, author, name_grams, other_grams,
  tokenize = 'unicode61 remove_diacritics 2', columnsize = 0);
CREATE VIRTUAL TABLE lists_search_terms USING fts5vocab(lists_search, row);
CREATE VIEW lists_search_source AS SELECT list, name, description, author,
  cairn_trigrams(name) AS name_grams, cairn_trigrams(author) AS other_grams
FROM (SELECT l.rowid AS list, cairn_fold(l.name) AS name, cairn_fold(l.description) AS description,
  coalesce(cairn_fold((SELECT u.username FROM users u WHERE u.id = l.author)), '') AS author
FROM lists l);
CREATE VIEW lists_search_reindex (list) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_reindex_list INSTEAD OF INSERT ON lists_search_reindex BEGIN
  DELETE FROM lists_search WHERE rowid = NEW.list;
  INSERT INTO lists_search (rowid, name, description, author, name_grams, other_grams)
    SELECT * FROM lists_search_source WHERE list = NEW.list;
END;
CREATE TRIGGER lists_search_insert AFTER INSERT ON lists BEGIN
  INSERT INTO lists_search (rowid, name, description, author, name_grams, other_grams)
    SELECT * FROM lists_search_source WHERE list = NEW.rowid;
END;
CREATE TRIGGER lists_search_update AFTER UPDATE OF name, description, author ON lists
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.author IS NOT NEW.author BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_delete AFTER DELETE ON lists BEGIN
  DELETE FROM lists_search WHERE rowid = OLD.rowid;
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
