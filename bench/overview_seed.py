#!/usr/bin/env python3
"""Uploads N trails made from the real GPX tracks of the corpus, each turned by its own angle,
scaled by its own factor and moved to its own place (a grid of 0.05 degree steps): an archive of
hundreds of real-shaped trails, no two alike (copies would let gzip shrink their lines to nothing).
usage: bench/overview_seed.py API TOKEN N GPSDATA"""
import math, pathlib, re, sys, urllib.request

api, token, count, gpsdata = sys.argv[1], sys.argv[2], int(sys.argv[3]), pathlib.Path(sys.argv[4])
# Tracks of a day's hike or ride: big enough to have a shape, small enough to be one outing.
sources = sorted(p for p in gpsdata.rglob("*.gpx") if 20_000 < p.stat().st_size < 5_000_000)
texts = [p.read_text(errors="replace") for p in sources]
point = re.compile(r'lat="(-?[0-9.]+)"(\s+)lon="(-?[0-9.]+)"')


def reshaped(text, i):
    """`text` with every lat/lon pair turned about the first point, scaled, and moved."""
    first = point.search(text)
    lat0, lon0 = float(first[1]), float(first[3])
    angle, scale = math.radians(i * 37 % 360), 0.7 + (i * 0.13) % 0.6
    cos, sin = math.cos(angle) * scale, math.sin(angle) * scale
    dlat, dlon = 0.05 * (i % 40), 0.05 * (i // 40)

    def move(m):
        y, x = float(m[1]) - lat0, float(m[3]) - lon0
        return 'lat="%.7f"%slon="%.7f"' % (lat0 + dlat + x * sin + y * cos, m[2], lon0 + dlon + x * cos - y * sin)
    return point.sub(move, text)


for i in range(count):
    moved = reshaped(texts[i % len(texts)], i)
    request = urllib.request.Request(f"{api}/trail/upload?ignoreDuplicates=true&name=Trail%20{i}",
                                     data=moved.encode(), method="PUT",
                                     headers={"Authorization": token, "Content-Type": "application/gpx+xml"})
    with urllib.request.urlopen(request) as answer:
        answer.read()
print(f"{count} trails from {len(sources)} corpus tracks", file=sys.stderr)
