#!/usr/bin/env python3
"""Writes a GPX 1.1 track of N points (1 Hz, a wandering line near 47N 11E with elevation and
time on every point) to PATH, about 150 bytes per point like real recordings.
usage: bench/make_gpx.py N PATH"""
import math, sys

n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="cairn-bench" '
              'xmlns="http://www.topografix.com/GPX/1/1">\n<metadata><name>Generated</name></metadata>\n'
              '<trk><name>generated</name><trkseg>\n')
    lat, lon, ele, t0 = 47.0, 11.0, 800.0, 1_717_228_800
    for i in range(n):
        heading = math.sin(i / 500.0) * 2.0
        lat += 0.00001 * math.cos(heading)
        lon += 0.000014 * math.sin(heading)
        ele += math.sin(i / 97.0) * 0.3
        t = t0 + i
        stamp = "%04d-%02d-%02dT%02d:%02d:%02dZ" % (2024, 6, 1 + t // 86400 % 28, t // 3600 % 24, t // 60 % 60, t % 60)
        out.write('<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time></trkpt>\n' % (lat, lon, ele, stamp))
    out.write("</trkseg></trk>\n</gpx>\n")
