// A raster PMTiles v3 archive made in the test, written from the specification
// (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the 127-byte header, an
// uncompressed root directory, "{}" as metadata, then the tiles. Plus solid-colour PNG tiles and
// a PNG decoder to read a screenshot's pixels.
import {inflateSync} from 'node:zlib';
import {rgbPng} from './fixtures.mjs';

// A `size` x `size` PNG of one colour [r, g, b].
export function solidPng([r, g, b], size = 256) {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  return rgbPng(size, size, Buffer.concat(Array(size).fill(row)));
}

// A PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are) as
// {width, height, at(x, y) -> [r, g, b]}.
export function decodePng(png) {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      channels = {2: 3, 6: 4}[body[9]];
      if (!channels) throw new Error(`PNG colour type ${body[9]}`);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[y * stride + i - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const corner = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels] : 0;
      let value = line[i];
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      pixels[y * stride + i] = value & 0xff;
    }
  }
  return {width, height, at: (x, y) => [...pixels.subarray((y * width + x) * channels, (y * width + x) * channels + 3)]};
}

// The tile's position on the Hilbert curve of its zoom, after every tile of the zooms above it.
export function zxyToTileId(z, x, y) {
  let id = (4 ** z - 1) / 3;
  for (let s = 2 ** (z - 1); s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return id;
}

function varints(values) {
  const bytes = [];
  for (let v of values) {
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  }
  return Buffer.from(bytes);
}

// An archive of `tiles` ([{z, x, y, data}], PNG bytes) with `bounds` [w, s, e, n] and `center`
// [lon, lat, zoom]: header, root directory (one entry a tile), metadata, tile data.
export function rasterPmtiles(tiles, {bounds = [-180, -85, 180, 85], center = [0, 0, 0]} = {}) {
  const entries = tiles.map((t) => ({id: zxyToTileId(t.z, t.x, t.y), data: t.data})).sort((a, b) => a.id - b.id);
  let offset = 0;
  for (const e of entries) {
    e.offset = offset;
    offset += e.data.length;
  }
  const directory = Buffer.concat([
    varints([entries.length]),
    varints(entries.map((e, i) => e.id - (i ? entries[i - 1].id : 0))),
    varints(entries.map(() => 1)),  // run lengths
    varints(entries.map((e) => e.data.length)),
    // 0: right after the previous tile; otherwise offset + 1.
    varints(entries.map((e, i) => (i && e.offset === entries[i - 1].offset + entries[i - 1].data.length ? 0 : e.offset + 1))),
  ]);
  const metadata = Buffer.from('{}');
  const data = Buffer.concat(entries.map((e) => e.data));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header[7] = 3;
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const dataOffset = metadataOffset + metadata.length;
  const put = (at, value) => header.writeBigUInt64LE(BigInt(value), at);
  put(8, rootOffset);
  put(16, directory.length);
  put(24, metadataOffset);
  put(32, metadata.length);
  put(40, dataOffset);  // no leaf directories
  put(48, 0);
  put(56, dataOffset);
  put(64, data.length);
  put(72, entries.length);  // addressed tiles
  put(80, entries.length);  // tile entries
  put(88, entries.length);  // tile contents
  header[96] = 1;  // clustered
  header[97] = 1;  // internal compression: none
  header[98] = 1;  // tile compression: none (PNG is compressed already)
  header[99] = 2;  // tile type: png
  const zooms = tiles.map((t) => t.z);
  header[100] = Math.min(...zooms);
  header[101] = Math.max(...zooms);
  const e7 = (at, degrees) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, bounds[0]);
  e7(106, bounds[1]);
  e7(110, bounds[2]);
  e7(114, bounds[3]);
  header[118] = center[2];
  e7(119, center[0]);
  e7(123, center[1]);
  return Buffer.concat([header, directory, metadata, data]);
}
