#!/usr/bin/env python3
"""PocketBase's side of bench/search.sh: the rows cairn_search_seed wrote into Cairn's data.db,
row for row (same ids, created, text and numbers), into PocketBase's data.db.

  search_seed.py pocketbase --rows ROWS.jsonl --pb-db F --pb-bench ID --pb-other ID
      inserts every row into PocketBase's `trails` (server stopped; `author` "bench"/"other"
      becomes the PocketBase user's id, `date` a PocketBase date), then
      `PRAGMA analysis_limit=400; ANALYZE` as on Cairn's file.
  search_seed.py words --rows ROWS.jsonl WORD...
      for each word: in how many rows it occurs in name, location or description, as
      PocketBase's `~` finds it (a substring, ASCII case ignored) - how selective a query is.
"""
import argparse
import json
import sqlite3
import sys


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def cmd_pocketbase(args):
    db = sqlite3.connect(args.pb_db)
    authors = {"bench": args.pb_bench, "other": args.pb_other}

    def values(r):
        date = r.get("date") or ""
        return (r["id"], r["created"], r["updated"], authors[r["author"]], r["name"],
                1 if r["public"] else 0, date + " 00:00:00.000Z" if date else "",
                r.get("description") or "", r.get("difficulty") or "", r["distance"],
                r["duration"], r["elevation_gain"], r["elevation_loss"], r["lat"], r["lon"],
                r.get("location") or "", r.get("gpx") or "", r.get("preview") or "",
                r.get("sketch") or "")
    try:
        db.executemany(
            "INSERT INTO trails (id, created, updated, author, name, public, date, description,"
            " difficulty, distance, duration, elevation_gain, elevation_loss, lat, lon, location,"
            " gpx, preview, sketch, thumbnail, photos, shared_with)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '[]', '[]')",
            (values(r) for r in read_rows(args.rows)))
    except sqlite3.Error as e:
        sys.exit("writing PocketBase's trails: %s (its collection in bench/search.sh lacks a field?)" % e)
    db.commit()
    db.executescript("PRAGMA analysis_limit=400; ANALYZE;")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def cmd_words(args):
    rows = [(r["name"] or "", r.get("location") or "", r.get("description") or "")
            for r in read_rows(args.rows)]

    def lower(text):  # what SQLite's LIKE ignores: ASCII case only
        return "".join(c.lower() if c < "\x80" else c for c in text)
    texts = [tuple(lower(t) for t in r) for r in rows]
    for word in args.words:
        w = lower(word)
        any_field = sum(1 for t in texts if any(w in f for f in t))
        in_name = sum(1 for t in texts if w in t[0])
        print("%-16s %6d rows (%.2f %%), %d in the name" % (word, any_field, 100.0 * any_field / max(1, len(texts)), in_name))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pocketbase")
    for flag in ("--rows", "--pb-db", "--pb-bench", "--pb-other"):
        p.add_argument(flag, required=True)
    p = sub.add_parser("words")
    p.add_argument("--rows", required=True)
    p.add_argument("words", nargs="+")
    args = parser.parse_args()
    {"pocketbase": cmd_pocketbase, "words": cmd_words}[args.cmd](args)


if __name__ == "__main__":
    main()
