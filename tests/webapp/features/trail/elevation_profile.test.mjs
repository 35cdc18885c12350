// web/features/trail/elevation_profile.js: the elevation axis spans the profile's lowest and highest known
// points; a profile without heights draws no chart. (The canvas itself needs a browser.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {profileRange} from '../../../../web/features/trail/elevation_profile.js';

test('the range is the lowest and highest elevation, gaps skipped', () => {
  // Points are [distance, elevation, lat, lon] as the server's profile sends them.
  const profile = {points: [[0, 1200, 46, 7], [100, null, 46, 7], [200, 980.5, 46, 7], [300, 1510, 46, 7], [400, undefined, 46, 7]]};
  assert.deepEqual(profileRange(profile), {min: 980.5, max: 1510});
});

test('below sea level and a single point are ranges too', () => {
  assert.deepEqual(profileRange({points: [[0, -28], [10, -411]]}), {min: -411, max: -28});
  assert.deepEqual(profileRange({points: [[0, 0]]}), {min: 0, max: 0});
});

test('a profile without any elevation has no range', () => {
  assert.equal(profileRange({points: [[0, null], [10, null]]}), null);
  assert.equal(profileRange({points: []}), null);
  assert.equal(profileRange({}), null);
  assert.equal(profileRange(null), null);
});
