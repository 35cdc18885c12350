// web/features/trail/terrain_heights.js: what the trail page offers for the terrain model's
// coverage of a track: apply only when it covers all of it, undo whenever it was applied.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {terrainAction} from '../../../../web/features/trail/terrain_heights.js';

test('"Use terrain heights" only when the model covers every point', () => {
  const full = terrainAction({elevation_source: 'device', points: 825, covered: 825, percent: 100});
  assert.equal(full.apply, true);
  assert.equal(full.label, 'Use terrain heights');
  assert.equal(terrainAction({elevation_source: 'device', points: 825, covered: 824, percent: 99}), null);
  assert.equal(terrainAction({elevation_source: 'device', points: 825, covered: 0, percent: 0}), null);
});

test("\"Use the file's heights\" when the figures came from the terrain, whatever it covers now", () => {
  for (const covered of [825, 10, 0]) {
    const undo = terrainAction({elevation_source: 'terrain', points: 825, covered, percent: 0});
    assert.equal(undo.apply, false);
    assert.equal(undo.label, "Use the file's heights");
  }
});

test('nothing for an answer without points, or none at all', () => {
  assert.equal(terrainAction({elevation_source: 'device', points: 0, covered: 0, percent: 0}), null);
  assert.equal(terrainAction(null), null);
  assert.equal(terrainAction(undefined), null);
  assert.equal(terrainAction({}), null);
});
