#!/usr/bin/env python3
"""Seeding for bench/sorts.sh: the same trails, row for row, in Cairn's and PocketBase's data.db.

  sorts_seed.py indexes CAIRN_DB
      prints, as a JSON array, Cairn's indexes on `trails` rewritten for PocketBase's `trails`
      collection (those whose columns PocketBase's collection has), to give both the same indexes.
  sorts_seed.py rows --trails N --cairn-db F --cairn-bench ID --cairn-other ID
                    --pb-db F --pb-bench ID --pb-other ID --plan OUT.json
      writes N trails into both files (both servers stopped), then ANALYZE (unless --no-analyze),
      and writes OUT.json: {"share": [trail ids to share with the bench user], "expect":
      {"anonymous": n, "user": n}} (the totals each list must report).
  sorts_seed.py share --kind cairn|pocketbase|pocketbase-field --base URL --token T --user ID --plan OUT.json
      creates the plan's shares through the server's API (8 connections), as the trails' owner:
      cairn PUT /api/v1/trail-share; pocketbase POST …/trail_share/records; pocketbase-field
      PATCH …/trails/records/{id} {"shared_with+": [user]}.

Rows, for i = 0..N-1 in insertion order: id = 15 characters [a-z0-9] from a hash of i; created
(= updated) rises with i over three years, in uneven steps; date, name, distance and
elevation_gain are each a different permutation of i (an affine map modulo a prime >= N), so
every sort key is unique and the orders are unrelated; half public (even i); the bench user
owns i % 4 in {0, 1} (half, half of that public), the other user the rest; every tenth private
trail of the other user is shared with the bench user (N/40).
"""
import argparse
import datetime as dt
import hashlib
import http.client
import json
import re
import sqlite3
import sys
import threading
import urllib.parse

WORDS = ["Alder", "Birch", "Cedar", "Dune", "Echo", "Fjord", "Glen", "Heath", "Isle", "Juniper",
         "Kestrel", "Larch", "Moraine", "Nook", "Oak", "Pine", "Quarry", "Ridge", "Summit", "Tarn",
         "Upland", "Vale", "Willow", "Yew", "Zenith"]
DIFFICULTIES = ["easy", "moderate", "hard"]
PB_TRAIL_COLUMNS = {"id", "created", "updated", "name", "public", "author", "description",
                    "location", "date", "difficulty", "distance", "duration", "elevation_gain",
                    "elevation_loss", "lat", "lon", "thumbnail", "gpx", "photos", "shared_with"}


def next_prime(n):
    def is_prime(k):
        if k < 2:
            return False
        f = 2
        while f * f <= k:
            if k % f == 0:
                return False
            f += 1
        return True
    while not is_prime(n):
        n += 1
    return n


def record_id(i):
    digest = int.from_bytes(hashlib.sha256(b"sorts-bench-%d" % i).digest(), "big")
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    out = []
    for _ in range(15):
        digest, r = divmod(digest, 36)
        out.append(alphabet[r])
    return "".join(out)


def stamp(ms):
    t = dt.datetime(2022, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)


def trails(n):
    p = next_prime(n + 1)
    # Permutations of 0..p-1 (a is invertible mod the prime p); restricted to i < n, still unique.
    perm = lambda a, b, i: (a * i + b) % p  # noqa: E731
    span = 3 * 365 * 86400 * 1000
    step = max(2, span // n)
    width = len(str(p))
    last_day = dt.date(2025, 6, 30)
    for i in range(n):
        h = int.from_bytes(hashlib.sha256(b"jitter-%d" % i).digest()[:4], "big")
        k_date, k_name, k_dist, k_gain = perm(7919, 11, i), perm(104729, 5, i), perm(15485863, 3, i), perm(32452843, 17, i)
        yield {
            "i": i,
            "id": record_id(i),
            "created": stamp(i * step + h % (step // 2)),
            "day": (last_day - dt.timedelta(days=k_date)).isoformat(),
            "name": "%s %s %0*d" % (WORDS[k_name % len(WORDS)], WORDS[(k_name // 7) % len(WORDS)], width, k_name),
            "public": 1 if i % 2 == 0 else 0,
            "mine": i % 4 < 2,
            "shared": i % 4 == 3 and (i // 4) % 10 == 0,
            "distance": 500 + k_dist * (39500 / p),
            "elevation_gain": k_gain * (2500 / p),
            "elevation_loss": (h % 250000) / 100,
            "duration": 1800 + h % 30000,
            "lat": 46 + (h % 100000) / 50000,
            "lon": 7 + (h // 7 % 100000) / 25000,
            "difficulty": DIFFICULTIES[i % 3],
        }


def cmd_indexes(args):
    db = sqlite3.connect(args.cairn_db)
    # An index fits PocketBase's collection when it can be built on a table with its columns.
    probe = sqlite3.connect(":memory:")
    probe.execute("CREATE TABLE trails (%s)" % ", ".join(sorted(PB_TRAIL_COLUMNS)))
    out = []
    for name, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                                "AND tbl_name = 'trails' AND sql IS NOT NULL ORDER BY name"):
        sql = sql.replace(name, "idx_cairn_" + name, 1)
        try:
            probe.execute(sql)
        except sqlite3.Error:
            continue  # names a column PocketBase's collection lacks
        out.append(sql)
    print(json.dumps(out))


def cmd_rows(args):
    rows = list(trails(args.trails))
    if len({r["id"] for r in rows}) != len(rows):
        sys.exit("id collision")
    cairn = sqlite3.connect(args.cairn_db)
    # Cairn's triggers (its search index) call SQL functions the server registers on every
    # connection (util/search_words.h). For ASCII text, all this seeds, cairn_search_words is the
    # lower-case words between single spaces and cairn_search_parts each word of three letters or
    # more and its endings of three or more behind U+E000. A function added to Cairn's schema
    # later shows up below as "no such function".
    def words(v):
        return None if v is None else " ".join(re.findall(r"[a-z0-9]+", str(v).lower()))

    def parts(v):
        if v is None:
            return None
        return " ".join("\ue000" + w[i:] for w in str(v).split(" ") for i in range(len(w) - 2))
    cairn.create_function("cairn_search_words", 1, words, deterministic=True)
    cairn.create_function("cairn_search_parts", 1, parts, deterministic=True)
    if any(ord(c) > 127 for r in rows for c in r["name"]):
        sys.exit("the cairn_search_words stand-in is exact only for ASCII text")
    try:
        cairn.executemany(
            "INSERT INTO trails (id, created, updated, author, name, public, date, description, difficulty,"
            " distance, duration, elevation_gain, elevation_loss, lat, lon, location)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'Seeded for the sort benchmark', ?, ?, ?, ?, ?, ?, ?, 'Bench')",
            [(r["id"], r["created"], r["created"], args.cairn_bench if r["mine"] else args.cairn_other,
              r["name"], r["public"], r["day"], r["difficulty"], r["distance"], r["duration"],
              r["elevation_gain"], r["elevation_loss"], r["lat"], r["lon"]) for r in rows])
    except sqlite3.OperationalError as e:
        sys.exit("writing Cairn's trails: %s (Cairn's schema needs something bench/sorts_seed.py "
                 "does not provide yet, e.g. a stand-in for a new SQL function, as for cairn_search_words)" % e)
    cairn.commit()
    pb = sqlite3.connect(args.pb_db)
    pb.executemany(
        "INSERT INTO trails (id, created, updated, author, name, public, date, description, difficulty,"
        " distance, duration, elevation_gain, elevation_loss, lat, lon, location, thumbnail, gpx, photos)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 'Seeded for the sort benchmark', ?, ?, ?, ?, ?, ?, ?, 'Bench', 0, '', '[]')",
        [(r["id"], r["created"], r["created"], args.pb_bench if r["mine"] else args.pb_other,
          r["name"], r["public"], r["day"] + " 00:00:00.000Z", r["difficulty"], r["distance"],
          r["duration"], r["elevation_gain"], r["elevation_loss"], r["lat"], r["lon"]) for r in rows])
    pb.commit()
    if not args.no_analyze:
        # What Cairn itself runs after every 1000 writes (storage/database.cpp), on both files.
        for db in (cairn, pb):
            db.executescript("PRAGMA analysis_limit=400; ANALYZE;")
    for db in (cairn, pb):
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
    share = [r["id"] for r in rows if r["shared"]]
    expect = {"anonymous": sum(r["public"] for r in rows),
              "user": sum(1 for r in rows if r["mine"] or r["public"] or r["shared"])}
    with open(args.plan, "w") as f:
        json.dump({"share": share, "expect": expect}, f)


def cmd_share(args):
    with open(args.plan) as f:
        ids = json.load(f)["share"]
    url = urllib.parse.urlsplit(args.base)
    if args.kind == "cairn":
        method, path, auth = "PUT", "/api/v1/trail-share", "Bearer " + args.token
    elif args.kind == "pocketbase":
        method, path, auth = "POST", "/api/collections/trail_share/records", args.token
    else:
        method, path, auth = "PATCH", "/api/collections/trails/records/", args.token
    failures = []
    lock = threading.Lock()
    queue = list(ids)

    def worker():
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        while True:
            with lock:
                if not queue:
                    break
                trail = queue.pop()
            if args.kind == "pocketbase-field":
                url_path, body = path + trail, json.dumps({"shared_with+": [args.user]})
            else:
                url_path = path
                body = json.dumps({"trail": trail, "user": args.user, "permission": "view"})
            conn.request(method, url_path, body, {"Content-Type": "application/json", "Authorization": auth})
            resp = conn.getresponse()
            text = resp.read()
            if resp.status != 200:
                with lock:
                    failures.append((resp.status, text[:300]))
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        sys.exit("%s: %d of %d shares failed, e.g. %s" % (args.kind, len(failures), len(ids), failures[0]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("indexes")
    p.add_argument("cairn_db")
    p = sub.add_parser("rows")
    p.add_argument("--trails", type=int, required=True)
    for flag in ("--cairn-db", "--cairn-bench", "--cairn-other", "--pb-db", "--pb-bench", "--pb-other", "--plan"):
        p.add_argument(flag, required=True)
    p.add_argument("--no-analyze", action="store_true")
    p = sub.add_parser("share")
    p.add_argument("--kind", choices=["cairn", "pocketbase", "pocketbase-field"], required=True)
    for flag in ("--base", "--token", "--user", "--plan"):
        p.add_argument(flag, required=True)
    args = parser.parse_args()
    {"indexes": cmd_indexes, "rows": cmd_rows, "share": cmd_share}[args.cmd](args)


if __name__ == "__main__":
    main()
