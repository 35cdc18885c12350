// Test files made on the fly: GPX tracks whose statistics are known exactly, and a small PNG.
import {deflateSync} from 'node:zlib';

// On the equator one degree of longitude is a * pi / 180 on WGS84 (a = 6378137 m), so a
// track along it has an exactly known length; elevations rise and fall linearly so the gain
// needs no smoothing assumptions; one point every `stepSeconds`.
export const METERS_PER_DEGREE_AT_EQUATOR = (6378137 * Math.PI) / 180;

export function equatorGpx({name, startLon, points, lonStep, lowEle, highEle, stepSeconds = 5, start = '2024-06-01T07:00:00Z'}) {
  const t0 = Date.parse(start);
  const half = Math.floor((points - 1) / 2);
  const rows = [];
  for (let i = 0; i < points; i++) {
    const up = i <= half ? i / half : (points - 1 - i) / (points - 1 - half);
    const ele = lowEle + (highEle - lowEle) * up;
    const time = new Date(t0 + i * stepSeconds * 1000).toISOString().replace('.000Z', 'Z');
    rows.push(`<trkpt lat="0" lon="${(startLon + i * lonStep).toFixed(7)}"><ele>${ele.toFixed(2)}</ele><time>${time}</time></trkpt>`);
  }
  const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<metadata><name>${name}</name></metadata>
<trk><name>${name}</name><trkseg>
${rows.join('\n')}
</trkseg></trk></gpx>
`;
  return {
    gpx,
    distance: (points - 1) * lonStep * METERS_PER_DEGREE_AT_EQUATOR,
    gain: highEle - lowEle,
    duration: (points - 1) * stepSeconds,
  };
}

// A zig-zag of `points` points (a long recorded day), for the responsiveness check.
export function longGpx(points) {
  const rows = [];
  const t0 = Date.parse('2024-07-01T05:00:00Z');
  for (let i = 0; i < points; i++) {
    const lat = 46.5 + 0.00002 * i + 0.0004 * Math.sin(i / 150);
    const lon = 8.0 + 0.00003 * i;
    const ele = 1200 + 600 * Math.sin(i / 9000) + 20 * Math.sin(i / 37);
    rows.push(`<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}"><ele>${ele.toFixed(1)}</ele><time>${new Date(t0 + i * 1000).toISOString()}</time></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Long day</name><trkseg>
${rows.join('\n')}
</trkseg></trk></gpx>
`;
}

// A day's walk that wanders like a real one: `points` points 8–12 m apart whose heading drifts
// at random (seeded, so every run draws the same), starting on a grid cell of its own so an
// archive of many of them spreads over a region. No two alike, as in a real archive, so their
// lines do not shrink to nothing under gzip.
export function wanderingGpx(seed, points = 600) {
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  let lat = 46 + 0.04 * (seed % 30);
  let lon = 7 + 0.06 * Math.floor(seed / 30);
  let heading = random() * 2 * Math.PI;
  const rows = [];
  for (let i = 0; i < points; i++) {
    heading += (random() - 0.5) * 0.6;
    const step = 8 + 4 * random();
    lat += (step * Math.cos(heading)) / 111320;
    lon += (step * Math.sin(heading)) / (111320 * Math.cos((lat * Math.PI) / 180));
    rows.push(`<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}"><ele>${(900 + 200 * Math.sin(i / 90)).toFixed(1)}</ele></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>Walk ${seed}</name><trkseg>
${rows.join('\n')}
</trkseg></trk></gpx>
`;
}

const CRC_TABLE = Array.from({length: 256}, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

// An RGB PNG of a sky-and-mountain picture, `width` x `height`.
export function landscapePng(width = 640, height = 400) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const ridge = height * (0.55 - 0.25 * Math.abs(Math.sin((x / width) * Math.PI * 1.5)));
      const sky = y < ridge;
      const i = row + 1 + x * 3;
      raw[i] = sky ? 120 + (y * 80) / height : 60 + (x % 40);
      raw[i + 1] = sky ? 170 + (y * 60) / height : 90;
      raw[i + 2] = sky ? 230 : 60;
    }
  }
  return rgbPng(width, height, raw);
}

// An RGB PNG, 8 bits per channel, of `raw`: `height` rows of a filter byte and `width` pixels.
export function rgbPng(width, height, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A short straight walk north-east from [lat, lon]: `points` points over about `metres`, climbing
// `climb` metres and coming down again, one point every `stepSeconds`. A few metres seen from the
// whole world: too small to see as a line on a map at world zoom.
export function shortGpx({name, lat, lon, metres = 150, points = 11, climb = 20, stepSeconds = 30, start = '2024-05-04T08:00:00Z'}) {
  const t0 = Date.parse(start);
  const perPoint = metres / (points - 1) / Math.SQRT2 / 111320;
  const rows = [];
  for (let i = 0; i < points; i++) {
    const up = 1 - Math.abs((2 * i) / (points - 1) - 1);
    const time = new Date(t0 + i * stepSeconds * 1000).toISOString().replace('.000Z', 'Z');
    const pointLat = lat + i * perPoint;
    const pointLon = lon + (i * perPoint) / Math.cos((lat * Math.PI) / 180);
    rows.push(`<trkpt lat="${pointLat.toFixed(7)}" lon="${pointLon.toFixed(7)}"><ele>${(500 + climb * up).toFixed(1)}</ele><time>${time}</time></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="cairn-e2e" xmlns="http://www.topografix.com/GPX/1/1">
<trk><name>${name}</name><trkseg>
${rows.join('\n')}
</trkseg></trk></gpx>
`;
}
