// web/features/planner/planner_data.js against a stubbed fetch: legs snapped once each, straight
// when the router fails or is absent, heights asked in batches for new points only.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {stubFetch, json} from '../../support/fake_network.mjs';
import {legRouter, heightSource, HEIGHT_BATCH} from '../../../../web/features/planner/planner_data.js';
import {buildLine} from '../../../../web/features/planner/plan_model.js';

const A = [46.5, 8.5];
const B = [46.51, 8.5];
const C = [46.51, 8.52];
// [[46.5, 8.5], [46.505, 8.501], [46.51, 8.5]] at precision 6.
const SHAPE = '_icuwA_qxeOowHo}@owHn}@';

test('a snapped leg is asked once, decoded at precision 6 and drawn', async (t) => {
  const calls = stubFetch(t, () => json({trip: {legs: [{shape: SHAPE}]}}));
  const router = legRouter(true);
  assert.deepEqual(await router.snap([A, B]), {failures: []});
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, '/api/v1/valhalla/route');
  assert.deepEqual(calls[0].body.locations, [{lat: 46.5, lon: 8.5}, {lat: 46.51, lon: 8.5}]);
  assert.equal(calls[0].body.costing, 'pedestrian');
  await router.snap([A, B]);
  assert.equal(calls.length, 1);
  assert.deepEqual(buildLine([A, B], router.legs).line, [A, [46.505, 8.501], B]);
});

test('without a router (503 routing_not_configured) the planner stops asking', async (t) => {
  const calls = stubFetch(t, () => json({status: 503, message: 'Routing is not configured', reason: 'routing_not_configured'}, 503));
  const router = legRouter(true);
  assert.deepEqual(await router.snap([A, B, C]), {failures: []});
  assert.equal(router.enabled, false);
  assert.equal(calls.length, 1);
  assert.deepEqual(buildLine([A, B, C], router.legs), {line: [A, B, C], snapped: 0});
});

test('a leg the router refuses stays straight with its message, and is not asked again', async (t) => {
  const calls = stubFetch(t, (url, init) =>
    JSON.parse(init.body).locations[0].lat === 46.5 ? json({status: 400, message: 'No suitable edges near location'}, 400) : json({trip: {legs: [{shape: SHAPE}]}}),
  );
  const router = legRouter(true);
  assert.deepEqual(await router.snap([A, B, C]), {failures: ['No suitable edges near location']});
  assert.equal(router.enabled, true);
  assert.deepEqual(await router.snap([A, B, C]), {failures: ['No suitable edges near location']});
  assert.equal(calls.length, 2);
  assert.equal(buildLine([A, B, C], router.legs).snapped, 1);
});

test('heights are asked in batches, for new points only, with a warning for missing ones', async (t) => {
  const calls = stubFetch(t, (url, init) => {
    const {shape} = JSON.parse(init.body);
    const height = shape.map((p) => (p.lat > 47 ? null : 1000 + p.lon));
    const warnings = height.includes(null) ? [{code: 'outside_terrain_model', text: 'Outside this server\u2019s terrain model.'}] : undefined;
    return json({height, warnings});
  });
  const source = heightSource();
  const line = Array.from({length: HEIGHT_BATCH + 10}, (_, i) => [46.5, i / 1e5]);
  const first = await source.heightsOf(line);
  assert.equal(calls.length, 2);
  assert.equal(calls[0].body.shape.length, HEIGHT_BATCH);
  assert.equal(calls[0].url, '/api/v1/valhalla/height');
  assert.equal(first.heights[3], 1000.00003);
  assert.equal(first.warning, '');
  const second = await source.heightsOf([...line.slice(0, 5), [48, 8]]);
  assert.equal(calls.length, 3);
  assert.deepEqual(calls[2].body.shape, [{lat: 48, lon: 8}]);
  assert.equal(second.heights[5], null);
  assert.equal(second.warning, 'Outside this server\u2019s terrain model.');
});
