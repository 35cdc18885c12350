// web/features/people/search_hits.js: a profile's search hits as the records cards draw.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {hitDate, hitsPage, listFromHit, trailFromHit} from '../../../../web/features/people/search_hits.js';

test('a trail hit becomes a card record: difficulty by name, date from Unix seconds, author', () => {
  const trail = trailFromHit({id: 'abc', name: 'Ridge', difficulty: 2, date: 1735689600, distance: 1000, author: 'u1', author_name: 'ana', like_count: 3, public: true}, {username: 'x'});
  assert.equal(trail.difficulty, 'hard');
  assert.equal(trail.date.slice(0, 10), '2025-01-01');
  assert.equal(trail.expand.author.username, 'ana');
  assert.equal(trail.like_count, 3);
  assert.equal(trailFromHit({id: 1}, {username: 'x'}).expand.author.username, 'x');
  assert.equal(trailFromHit({id: 1}).id, '1');
});

test('a list hit carries its trail count; dates and pages of both answer shapes', () => {
  assert.equal(listFromHit({id: 'l', trails: 4}).trailCount, 4);
  assert.equal(hitDate(0), '');
  assert.equal(hitDate('2024-05-06 10:00:00.000Z'), '2024-05-06 10:00:00.000Z');
  assert.deepEqual(hitsPage({hits: [{id: 1}], page: 2, hitsPerPage: 1, totalPages: 3, totalHits: 3}), {items: [{id: 1}], total: 3, page: 2, totalPages: 3});
  assert.deepEqual(hitsPage({hits: [{id: 1}, {id: 2}], estimatedTotalHits: 2}), {items: [{id: 1}, {id: 2}], total: 2, page: 1, totalPages: 1});
  assert.deepEqual(hitsPage(null), {items: [], total: 0, page: 1, totalPages: 1});
});
