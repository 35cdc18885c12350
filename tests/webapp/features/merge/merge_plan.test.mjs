// web/features/merge/merge_plan.js: the preview of a merge of duplicates, by the kept trail and
// the settings.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MERGE_SETTINGS, defaultSettings, mergePreview, trailCounts} from '../../../../web/features/merge/merge_plan.js';

const a = trailCounts({id: 'a', name: 'Ridge', photos: ['1.jpg'], summit_logs: ['s1'], tags: ['t1'], like_count: 2}, 1);
const b = trailCounts({id: 'b', name: 'Ridge (watch)', photos: ['2.jpg', '3.jpg'], summit_logs: ['s2', 's3'], tags: ['t1', 't2'], like_count: 1}, 3);

test('the settings are the API’s keys, all on by default', () => {
  assert.deepEqual(MERGE_SETTINGS.map((s) => s.key), ['summitLog', 'photos', 'comments', 'tags', 'likes', 'delete']);
  assert.deepEqual(defaultSettings(), {summitLog: true, photos: true, comments: true, tags: true, likes: true, delete: true});
});

test('counts come from the record’s id lists, like count and comments', () => {
  assert.deepEqual(b, {id: 'b', name: 'Ridge (watch)', photos: 2, summitLogs: 2, comments: 3, tags: ['t1', 't2'], likes: 1});
  assert.deepEqual(trailCounts({id: 'x'}), {id: 'x', name: 'Untitled trail', photos: 0, summitLogs: 0, comments: 0, tags: [], likes: 0});
});

test('keeping one trail moves what the other holds; tags it has already do not count', () => {
  const plan = mergePreview([a, b], 'a', defaultSettings());
  assert.equal(plan.target.id, 'a');
  assert.deepEqual(plan.sources.map((s) => s.id), ['b']);
  assert.deepEqual(plan.moves, {summitLogs: 2, photos: 2, comments: 3, tags: 1, likes: 1});
  assert.deepEqual(plan.lines, [
    '“Ridge (watch)” becomes a summit log on “Ridge” (with its track, date and numbers).',
    '2 summit logs, 2 photos, 3 comments, 1 tag, up to 1 like move to “Ridge”.',
    'The merged trail is deleted afterwards.',
  ]);
});

test('the other way round, with settings off, the preview says what stays', () => {
  const plan = mergePreview([a, b], 'b', {...defaultSettings(), photos: false, likes: false, tags: false});
  assert.deepEqual(plan.moves, {summitLogs: 1, photos: 0, comments: 1, tags: 0, likes: 0});
  assert.equal(plan.lines[1], '1 summit log, 1 comment move to “Ridge (watch)”.');
  assert.equal(plan.lines[2], 'The merged trail is deleted afterwards with the photos left on it.');
  const kept = mergePreview([a, b], 'b', {...defaultSettings(), delete: false});
  assert.equal(kept.lines[2], 'The merged trail stays as it is.');
});

test('several sources are counted together; an unknown target plans nothing', () => {
  const c = trailCounts({id: 'c', name: 'Third', photos: ['x'], tags: ['t3']});
  const plan = mergePreview([a, b, c], 'a', defaultSettings());
  assert.equal(plan.moves.photos, 3);
  assert.equal(plan.moves.tags, 2);
  assert.match(plan.lines[0], /^2 trails become summit logs on “Ridge”/);
  assert.match(plan.lines[2], /^The 2 merged trails are deleted/);
  assert.deepEqual(mergePreview([a, b], 'zzz', defaultSettings()).lines, []);
});
