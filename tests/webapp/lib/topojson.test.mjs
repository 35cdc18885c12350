// web/lib/topojson.js: the base map's TopoJSON decoder, on a topology written out by hand and on
// the Natural Earth file the binary embeds (third_party/web-packages, installed by `make deps`).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {decodeArcs, mesh, polygons} from '../../../web/lib/topojson.js';

// Two unit squares side by side, A on [0,1]x[0,1] and B on [1,2]x[0,1], sharing the edge x = 1.
// Arcs (quantized: 0.5 degrees a unit, delta-encoded):
//   0: the shared edge (1,0) -> (1,1)
//   1: A's outside (1,1) -> (0,1) -> (0,0) -> (1,0)
//   2: B's outside (1,0) -> (2,0) -> (2,1) -> (1,1)
const squares = {
  type: 'Topology',
  transform: {scale: [0.5, 0.5], translate: [0, 0]},
  objects: {
    countries: {
      type: 'GeometryCollection',
      geometries: [
        {type: 'Polygon', arcs: [[0, 1]], properties: {name: 'A'}},
        {type: 'MultiPolygon', arcs: [[[2, ~0]]], properties: {name: 'B'}},
      ],
    },
  },
  arcs: [
    [[2, 0], [0, 2]],
    [[2, 2], [-2, 0], [0, -2], [2, 0]],
    [[2, 0], [2, 0], [0, 2], [-2, 0]],
  ],
};

test('quantized arcs are un-delta-ed, scaled and given as [lat, lng]', () => {
  const arcs = decodeArcs(squares);
  assert.deepEqual(arcs[0], [[0, 1], [1, 1]]);
  assert.deepEqual(arcs[1], [[1, 1], [1, 0], [0, 0], [0, 1]]);
});

test('arcs without a transform are plain positions', () => {
  const arcs = decodeArcs({arcs: [[[10, 20], [11, 21]]]});
  assert.deepEqual(arcs[0], [[20, 10], [21, 11]]);
});

test('polygons join their arcs into closed rings, a negative index running backwards', () => {
  const arcs = decodeArcs(squares);
  const [a, b] = polygons(squares.objects.countries, arcs);
  assert.deepEqual(a, [[[0, 1], [1, 1], [1, 0], [0, 0], [0, 1]]]);
  assert.deepEqual(b, [[[0, 1], [0, 2], [1, 2], [1, 1], [0, 1]]]);
});

test('the mesh between neighbours is their shared edge; the outside is everything else', () => {
  const arcs = decodeArcs(squares);
  const borders = mesh(squares.objects.countries, arcs, (x, y) => x !== y);
  assert.deepEqual(borders, [[[0, 1], [1, 1]]]);
  const coast = mesh(squares.objects.countries, arcs, (x, y) => x === y);
  assert.equal(coast.length, 2);
  assert.deepEqual(coast.map((line) => line.length).sort(), [4, 4]);
});

// Ray casting: whether [lat, lng] lies inside an odd number of the polygon's rings.
function inside(point, polygon) {
  const [y, x] = point;
  let count = 0;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [yi, xi] = ring[i];
      const [yj, xj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) count += 1;
    }
  }
  return count % 2 === 1;
}

const atlas = new URL('../../../third_party/web-packages/node_modules/world-atlas/', import.meta.url);

for (const scale of ['110m', '50m']) {
  test(`Natural Earth ${scale}: land where there is land, sea where there is sea, borders between countries`, () => {
    const topology = JSON.parse(readFileSync(new URL(`countries-${scale}.json`, atlas), 'utf8'));
    const arcs = decodeArcs(topology);
    const land = polygons(topology.objects.land, arcs);
    for (const polygon of land) {
      for (const ring of polygon) {
        assert.deepEqual(ring[0], ring[ring.length - 1], 'every ring is closed');
        for (const [lat, lng] of ring) assert.ok(Math.abs(lat) <= 90 && Math.abs(lng) <= 180, `${lat},${lng} on the globe`);
      }
    }
    const onLand = (point) => land.some((polygon) => inside(point, polygon));
    assert.equal(onLand([48.86, 2.35]), true, 'Paris');
    assert.equal(onLand([-33.87, 151.0]), true, 'Sydney');
    assert.equal(onLand([35.0, -40.0]), false, 'the middle of the North Atlantic');
    assert.equal(onLand([43.3, 5.0]), false, 'the Gulf of Lion, off Marseille');
    const borders = mesh(topology.objects.countries, arcs, (x, y) => x !== y);
    assert.ok(borders.length > 150, `${borders.length} borders`);
    // The border between France and Spain runs through the Pyrenees, near 42.5 N 1.5 E (Andorra).
    const nearPyrenees = borders.some((line) => line.some(([lat, lng]) => Math.abs(lat - 42.6) < 0.5 && Math.abs(lng - 1.0) < 1.5));
    assert.equal(nearPyrenees, true, 'a border in the Pyrenees');
  });
}
