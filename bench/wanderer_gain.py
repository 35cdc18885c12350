#!/usr/bin/env python3
"""Elevation gain and loss of a GPX file as wanderer v0.18 computes them.

A port of wanderer's web/src/lib/models/gpx/gpx.ts getTotals() with
GpxMetricsComputation(5, 5) (see shared/reference/gps-peers.md §2.3-2.4):
- one metrics object for the whole file: every <trk>, every <trkseg>, in file order;
- each segment's loop starts at i = 1, so a segment's first point is never added;
- the first point added only seeds the filter (last filtered point, last filtered elevation);
- for every later point, the haversine step (R = 6371 km) from the *previous* point is measured
  (v0.18.3 updates lastFilteredPointXY before its `step < 5 m` return); when the step is under
  5 m the point is dropped, otherwise its elevation counts when it differs by >= 5 m from the last
  *counted* elevation, which it then replaces;
- a point without <ele> has elevation 0 (wanderer's `point.ele ?? 0`).
Routes (<rte>) and waypoints are ignored, as wanderer's totals ignore them.

usage: wanderer_gain.py FILE.gpx   prints "GAIN<TAB>LOSS" in metres (one decimal).
Only the standard library: runs under any python3.
"""
import math
import sys
import xml.etree.ElementTree as ET

THRESHOLD_XY_M = 5.0
THRESHOLD_Z_M = 5.0


def haversine_m(lat1, lon1, lat2, lon2):
    r_km = 6371.0
    d_lat = (lat2 - lat1) * (math.pi / 180)
    d_lon = (lon2 - lon1) * (math.pi / 180)
    a = (math.sin(d_lat / 2) * math.sin(d_lat / 2) +
         math.cos(lat1 * (math.pi / 180)) * math.cos(lat2 * (math.pi / 180)) *
         math.sin(d_lon / 2) * math.sin(d_lon / 2))
    c = 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a))
    return r_km * c * 1000


class Metrics:
    """GpxMetricsComputation: only the parts that make the smoothed gain and loss."""

    def __init__(self):
        self.last_xy = None  # (lat, lon) of the last filtered point
        self.last_filtered_z = None
        self.gain = 0.0
        self.loss = 0.0

    def add(self, lat, lon, ele):
        if self.last_xy is None:
            self.last_xy = (lat, lon)
            self.last_filtered_z = ele
            return
        step = haversine_m(self.last_xy[0], self.last_xy[1], lat, lon)
        # v0.18.3 moves the XY anchor before the threshold test, so the step is always measured
        # from the previous point (later releases measure it from the last accepted point).
        self.last_xy = (lat, lon)
        if step < THRESHOLD_XY_M:
            return
        diff = ele - self.last_filtered_z
        if abs(diff) < THRESHOLD_Z_M:
            return
        self.last_filtered_z = ele
        if diff > 0:
            self.gain += diff
        else:
            self.loss -= diff


def local(tag):
    return tag.rsplit('}', 1)[-1]


def children(element, name):
    return [child for child in element if local(child.tag) == name]


def elevation(point):
    for child in children(point, 'ele'):
        text = (child.text or '').strip()
        # JavaScript's `"" - x` and `"12.5" - x` coerce the string; an empty <ele> is 0.
        return float(text) if text else 0.0
    return 0.0


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: wanderer_gain.py FILE.gpx')
    root = ET.parse(sys.argv[1]).getroot()
    metrics = Metrics()
    for track in children(root, 'trk'):
        for segment in children(track, 'trkseg'):
            points = children(segment, 'trkpt')
            for point in points[1:]:
                metrics.add(float(point.get('lat')), float(point.get('lon')), elevation(point))
    print(f'{metrics.gain:.1f}\t{metrics.loss:.1f}')


if __name__ == '__main__':
    main()
