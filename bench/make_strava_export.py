#!/usr/bin/env python3
"""A Strava-style bulk export for bench/import.sh: activities.csv and N activities, a third each
as .fit.gz, .gpx and .tcx.gz, each an hour at one point a second along a wandering line, each
starting somewhere else (so none is a duplicate of another), every tenth with a JPEG photo.
usage: make_strava_export.py OUT.zip N [PHOTO.jpg]"""
import csv, datetime, gzip, io, math, random, struct, sys, zipfile

out, count = sys.argv[1], int(sys.argv[2])
photo = open(sys.argv[3], 'rb').read() if len(sys.argv) > 3 else None
POINTS = 3600
FIT_EPOCH = datetime.datetime(1989, 12, 31, tzinfo=datetime.timezone.utc)
CRC_TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def fit_crc(data, crc=0):
    for byte in data:
        tmp = CRC_TABLE[crc & 0xF]
        crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ CRC_TABLE[byte & 0xF]
        tmp = CRC_TABLE[crc & 0xF]
        crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xF]
    return crc


def track(n):
    rnd = random.Random(n)
    lat, lon = 45.0 + (n % 40) * 0.05, 6.0 + (n // 40) * 0.05
    heading, ele = rnd.uniform(0, 2 * math.pi), 500.0
    start = datetime.datetime(2015, 1, 1, 7, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=n)
    for i in range(POINTS):
        heading += rnd.uniform(-0.15, 0.15)
        lat += 1.2e-5 * math.cos(heading)
        lon += 1.7e-5 * math.sin(heading)
        ele += rnd.uniform(-0.4, 0.5)
        yield start + datetime.timedelta(seconds=i), lat, lon, ele


def fit(n):
    data = bytearray(struct.pack('<BBBHB', 0x40, 0, 0, 20, 4) + bytes([253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85, 2, 2, 0x84]))
    for time, lat, lon, ele in track(n):
        data += struct.pack('<BIiiH', 0, int((time - FIT_EPOCH).total_seconds()),
                            round(lat / 180 * 2**31), round(lon / 180 * 2**31), round((ele + 500) * 5))
    header = struct.pack('<BBHI4s', 14, 0x20, 2132, len(data), b'.FIT')
    header += struct.pack('<H', fit_crc(header))
    body = header + data
    return body + struct.pack('<H', fit_crc(body))


def gpx(n):
    points = ''.join('<trkpt lat="%.6f" lon="%.6f"><ele>%.1f</ele><time>%s</time></trkpt>'
                     % (lat, lon, ele, t.strftime('%Y-%m-%dT%H:%M:%SZ')) for t, lat, lon, ele in track(n))
    return ('<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="StravaGPX" '
            'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Activity %d</name><type>9</type>'
            '<trkseg>%s</trkseg></trk></gpx>' % (n, points)).encode()


def tcx(n):
    points = ''.join('<Trackpoint><Time>%s</Time><Position><LatitudeDegrees>%.6f</LatitudeDegrees>'
                     '<LongitudeDegrees>%.6f</LongitudeDegrees></Position><AltitudeMeters>%.1f'
                     '</AltitudeMeters></Trackpoint>' % (t.strftime('%Y-%m-%dT%H:%M:%SZ'), lat, lon, ele)
                     for t, lat, lon, ele in track(n))
    return ('<?xml version="1.0" encoding="UTF-8"?><TrainingCenterDatabase '
            'xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>'
            '<Activity Sport="Running"><Id>x</Id><Lap StartTime="x"><Track>%s</Track></Lap>'
            '</Activity></Activities></TrainingCenterDatabase>' % points).encode()


TYPES = ['Hike', 'Ride', 'Run', 'Walk', 'Hike', 'Ride']
rows = io.StringIO()
writer = csv.writer(rows)
writer.writerow(['Activity ID', 'Activity Date', 'Activity Name', 'Activity Type', 'Activity Description',
                 'Elapsed Time', 'Distance', 'Filename', 'Media'])
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    for n in range(count):
        activity_id = 1000000 + n
        kind = n % 3
        if kind == 0:
            name, body = 'activities/%d.fit.gz' % activity_id, gzip.compress(fit(n))
        elif kind == 1:
            name, body = 'activities/%d.gpx' % activity_id, gpx(n)
        else:
            name, body = 'activities/%d.tcx.gz' % activity_id, gzip.compress(tcx(n))
        z.writestr(name, body)
        media = ''
        if photo and n % 10 == 0:
            media = 'media/%d.jpg' % activity_id
            z.writestr(media, photo)
        date = datetime.datetime(2015, 1, 1, 7) + datetime.timedelta(days=n)
        writer.writerow([activity_id, date.strftime('%b %-d, %Y, %-I:%M:%S %p'), 'Outing %d' % n,
                         TYPES[n % len(TYPES)], 'Generated activity %d' % n, 3600, 10.5, name, media])
    z.writestr('activities.csv', rows.getvalue())
