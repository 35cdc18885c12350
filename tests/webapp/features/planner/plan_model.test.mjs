// web/features/planner/plan_model.js: point edits, undo/redo, distances, gain and the fallbacks
// when the router cannot snap.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  addPoint, insertPoint, movePoint, removePoint, history, stepMeters, lineDistance, densify,
  elevationTotals, buildLine, legKey, routeFailure, profileOf, thinLine,
} from '../../../../web/features/planner/plan_model.js';

const A = [46.5, 8.5];
const B = [46.51, 8.5];
const C = [46.51, 8.52];

test('point edits make new lists and leave the old one alone', () => {
  const one = addPoint([], A);
  const three = addPoint(addPoint(one, B), C);
  assert.deepEqual(three, [A, B, C]);
  assert.deepEqual(insertPoint(three, 1, [0, 0]), [A, [0, 0], B, C]);
  assert.deepEqual(movePoint(three, 2, [1, 1]), [A, B, [1, 1]]);
  assert.deepEqual(removePoint(three, 0), [B, C]);
  assert.deepEqual(three, [A, B, C]);
});

test('undo and redo walk the history; a new edit drops the redo', () => {
  const h = history([]);
  assert.equal(h.canUndo, false);
  h.push([A]);
  h.push([A, B]);
  assert.deepEqual(h.undo(), [A]);
  assert.equal(h.canRedo, true);
  assert.deepEqual(h.redo(), [A, B]);
  assert.deepEqual(h.redo(), [A, B]);
  h.undo();
  h.push([A, C]);
  assert.equal(h.canRedo, false);
  assert.deepEqual(h.undo(), [A]);
  assert.deepEqual(h.undo(), []);
  assert.deepEqual(h.undo(), []);
});

test('distances are the WGS84 ones the server counts', () => {
  // 0.01° of latitude at 46.5°N: 1111.6 m on the ellipsoid (1112.0 on a sphere of 6371 km).
  assert.ok(Math.abs(stepMeters(A, B) - 1111.6) < 0.1, String(stepMeters(A, B)));
  // 0.02° of longitude at 46.505°N (the step's mid-latitude): 1535.0 m.
  assert.ok(Math.abs(stepMeters(B, C) - 1535.0) < 0.1, String(stepMeters(B, C)));
  assert.equal(lineDistance([A]), 0);
  assert.ok(Math.abs(stepMeters([0, 179.999], [0, -179.999]) - 222.6) < 0.1);
});

test('densify keeps the ends and the length, with steps of at most the spacing', () => {
  const line = densify([A, B, C], 25);
  assert.deepEqual(line[0], A);
  assert.deepEqual(line.at(-1), C);
  assert.ok(line.some((p) => p[0] === B[0] && p[1] === B[1]));
  for (let i = 1; i < line.length; i++) assert.ok(stepMeters(line[i - 1], line[i]) <= 25.01);
  assert.ok(Math.abs(lineDistance(line) - lineDistance([A, B, C])) < 0.05);
});

test('gain and loss follow the server filter: 1 m on smooth heights, 5 m on noisy ones', () => {
  // Steps of 0.5 m count in pairs; the last half metre is not reached.
  const climb = Array.from({length: 30}, (_, i) => 1000 + i * 0.5);
  assert.deepEqual(elevationTotals(climb), {gain: 14, loss: 0, known: 30, missing: 0});
  // Few changes say nothing about noise: 5 m, so the 3 m bump does not count.
  assert.deepEqual(elevationTotals([100, 103, 100, 110]), {gain: 10, loss: 0, known: 4, missing: 0});
  assert.deepEqual(elevationTotals([100, null, 90, undefined]), {gain: 0, loss: 10, known: 2, missing: 2});
  assert.deepEqual(elevationTotals([]), {gain: 0, loss: 0, known: 0, missing: 0});
});

test('the line takes snapped legs where the router gave them, straight legs elsewhere', () => {
  const legs = new Map([[legKey(A, B), [A, [46.505, 8.501], B]]]);
  assert.deepEqual(buildLine([A, B, C], legs), {line: [A, [46.505, 8.501], B, C], snapped: 1});
  assert.deepEqual(buildLine([A, B, C]), {line: [A, B, C], snapped: 0});
  assert.deepEqual(buildLine([]), {line: [], snapped: 0});
});

test('a route failure is "off" only for a server without a router', () => {
  assert.deepEqual(routeFailure({status: 503, body: {reason: 'routing_not_configured'}}), {kind: 'off'});
  assert.deepEqual(routeFailure({status: 400, message: 'No suitable edges near location', body: {}}), {
    kind: 'failed',
    message: 'No suitable edges near location',
  });
  assert.equal(routeFailure({status: 503, body: {}}).kind, 'failed');
  assert.equal(routeFailure(undefined).kind, 'failed');
});

test('the profile pairs each point with its distance and height', () => {
  const p = profileOf([A, B], [1000, null]);
  assert.equal(p.points.length, 2);
  assert.deepEqual(p.points[0], [0, 1000, A[0], A[1]]);
  assert.equal(p.points[1][1], null);
  assert.equal(p.distance, p.points[1][0]);
  assert.equal(p.totals.missing, 1);
});

test('thinning a densified line gives back the points that were placed', () => {
  assert.deepEqual(thinLine(densify([A, B, C])), [A, B, C]);
  assert.deepEqual(thinLine([A]), [A]);
  // A bend of 50 m stays; one of 1 m goes.
  const bend = [A, [46.505, 8.50065], B];
  assert.equal(thinLine(bend).length, 3);
  assert.equal(thinLine([A, [46.505, 8.500013], B]).length, 2);
});

test('thinning a long wiggly line keeps at most the limit', () => {
  const wiggle = Array.from({length: 2000}, (_, i) => [46.5 + i * 1e-4, 8.5 + (i % 2) * 1e-3]);
  const thin = thinLine(wiggle, 3, 300);
  assert.ok(thin.length <= 300, String(thin.length));
  assert.deepEqual(thin[0], wiggle[0]);
  assert.deepEqual(thin.at(-1), wiggle.at(-1));
});
