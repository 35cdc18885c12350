// web/lib/graticule.js: the base map's faint grid of meridians and parallels.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {graticuleLines, graticuleStep} from '../../../web/lib/graticule.js';

test('the step keeps lines at least 120 pixels apart and shrinks as the map zooms in', () => {
  assert.equal(graticuleStep(0), 30);  // the whole world is 256 px: as sparse as it gets
  assert.equal(graticuleStep(4), 20);  // 11.4 px a degree: 10 degrees would be 114 px
  assert.equal(graticuleStep(5), 10);
  assert.equal(graticuleStep(10), 0.25);
  assert.equal(graticuleStep(15), 0.01);
  let previous = Infinity;
  for (let zoom = 0; zoom <= 19; zoom++) {
    const step = graticuleStep(zoom);
    assert.ok(step <= previous, `zoom ${zoom}: ${step} after ${previous}`);
    assert.ok((step * 256 * 2 ** zoom) / 360 >= 120 || step === 30, `zoom ${zoom}: lines ${step} degrees apart are 120 px or more`);
    previous = step;
  }
});

test('lines cover the view at multiples of the step, exactly, and stop short of the poles', () => {
  const {meridians, parallels} = graticuleLines({south: 46.95, west: 10.05, north: 47.32, east: 10.41}, 0.1);
  assert.deepEqual(meridians.map((line) => line[0][1]), [10.1, 10.2, 10.3, 10.4]);
  assert.deepEqual(parallels.map((line) => line[0][0]), [47, 47.1, 47.2, 47.3]);
  assert.deepEqual(meridians[0], [[46.95, 10.1], [47.32, 10.1]]);
  assert.deepEqual(parallels[0], [[47, 10.05], [47, 10.41]]);

  const world = graticuleLines({south: -90, west: -180, north: 90, east: 180}, 30);
  assert.equal(world.meridians.length, 13);
  assert.deepEqual(world.parallels.map((line) => line[0][0]), [-60, -30, 0, 30, 60]);
  assert.ok(world.meridians.every(([from, to]) => from[0] === -85 && to[0] === 85));
});

test('a view wider than the world or an empty one gives a bounded number of lines', () => {
  const wide = graticuleLines({south: -80, west: -1000, north: 80, east: 1000}, 0.001);
  assert.ok(wide.meridians.length <= 200 && wide.parallels.length <= 200);
  assert.deepEqual(graticuleLines({south: 10, west: 5, north: 10, east: 6}, 1), {meridians: [], parallels: []});
});
