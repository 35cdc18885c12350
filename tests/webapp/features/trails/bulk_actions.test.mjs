// web/features/trails/bulk_actions.js: a selection larger than one request's cap goes out in
// several bulk requests whose answers are merged, and the summary names refused trails by name,
// grouped by why.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {runBulk, summarize} from '../../../../web/features/trails/bulk_actions.js';
import {BULK_LIMIT} from '../../../../web/lib/resources.js';
import {json, stubFetch} from '../../support/fake_network.mjs';

test('a selection past the cap is sent in requests of at most BULK_LIMIT ids, answers merged', async (t) => {
  const ids = Array.from({length: 2 * BULK_LIMIT + 5}, (_, i) => `id${i}`);
  const calls = stubFetch(t, (url, init) => {
    const body = JSON.parse(init.body);
    const [first, ...rest] = body.ids;
    return json({done: rest, refused: [{id: first, status: 403, message: 'no'}]});
  });
  const outcome = await runBulk(ids, {update: {difficulty: 'hard'}});
  assert.deepEqual(calls.map((c) => [c.method, new URL(c.url, 'http://x').pathname, c.body.ids.length]), [
    ['POST', '/api/v1/trail/bulk', BULK_LIMIT],
    ['POST', '/api/v1/trail/bulk', BULK_LIMIT],
    ['POST', '/api/v1/trail/bulk', 5],
  ]);
  assert.deepEqual(calls[0].body.update, {difficulty: 'hard'});
  assert.equal(outcome.done.length + outcome.refused.length, ids.length);
  assert.deepEqual(outcome.refused.map((r) => r.id), ['id0', `id${BULK_LIMIT}`, `id${2 * BULK_LIMIT}`]);
});

test('the summary counts what was done and names the refused trails, grouped by why', () => {
  const names = {a: 'Ridge', b: 'Valley', c: 'Lake'};
  const nameOf = (id) => names[id];
  assert.equal(summarize({done: ['a', 'b'], refused: []}, 'changed', nameOf), '2 changed');
  assert.equal(
    summarize({done: ['a'], refused: [{id: 'b', status: 403}, {id: 'c', status: 404}]}, 'deleted', nameOf),
    '1 deleted, 1 not allowed: “Valley”, 1 not found: “Lake”',
  );
  assert.equal(summarize({done: [], refused: [{id: 'b', status: 403}, {id: 'c', status: 403}]}, 'changed', nameOf), '0 changed, 2 not allowed: “Valley”, “Lake”');
});
