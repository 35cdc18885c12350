// web/features/search/search_request.js: the header search's `POST /search/multi` and its answer
// as the options the header shows.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MARK_START, MARK_END} from '../../../../web/features/search/highlight.js';
import {
  TRAIL_LIMIT, LIST_LIMIT, MAX_QUERY, searchText, searchQueries, searchGroups, resultSummary,
} from '../../../../web/features/search/search_request.js';

test('the text searched for is trimmed, its spaces single, and it is cut', () => {
  assert.equal(searchText('  zug   spitze \n'), 'zug spitze');
  assert.equal(searchText(''), '');
  assert.equal(searchText(null), '');
  assert.equal(searchText('x'.repeat(500)).length, MAX_QUERY);
});

test('one request asks both indexes, with the marks as control characters', () => {
  const [trails, lists] = searchQueries('zug');
  assert.equal(trails.indexUid, 'trails');
  assert.equal(lists.indexUid, 'lists');
  for (const query of [trails, lists]) {
    assert.equal(query.q, 'zug');
    assert.equal(query.highlightPreTag, MARK_START);
    assert.equal(query.highlightPostTag, MARK_END);
    assert.ok(query.attributesToHighlight.includes('name'));
    assert.ok(query.attributesToRetrieve.includes('id'));
  }
  assert.equal(trails.limit, TRAIL_LIMIT);
  assert.equal(lists.limit, LIST_LIMIT);
  assert.deepEqual(trails.attributesToHighlight, ['name', 'location']);
  // The request travels as JSON: the marks go as \u0002 and \u0003.
  assert.match(JSON.stringify(trails), /\\u0002/);
});

const answer = {
  results: [
    {indexUid: 'trails', estimatedTotalHits: 12, hits: [
      {id: 't1', name: 'Zugspitze', location: 'Garmisch', author_name: 'ada', _formatted: {id: 't1', name: `${MARK_START}Zug${MARK_END}spitze`, location: 'Garmisch'}},
      {id: 't2', name: 'Höllental', location: '', author_name: 'bob'},
      {name: 'no id'},
      null,
    ]},
    {indexUid: 'lists', estimatedTotalHits: 1, hits: [{id: 'l/1', name: 'Zugspitze routes', trails: 1, author_name: 'ada', _formatted: {name: `${MARK_START}Zug${MARK_END}spitze routes`}}]},
  ],
};

test('hits become options with their page, their highlighted name and what tells them apart', () => {
  const groups = searchGroups(answer);
  assert.deepEqual(groups.trails, [
    {kind: 'trail', id: 't1', href: '/trail/t1', name: `${MARK_START}Zug${MARK_END}spitze`, detail: 'Garmisch', by: 'ada'},
    {kind: 'trail', id: 't2', href: '/trail/t2', name: 'Höllental', detail: '', by: 'bob'},
  ]);
  assert.deepEqual(groups.lists, [{kind: 'list', id: 'l/1', href: '/list/l%2F1', name: `${MARK_START}Zug${MARK_END}spitze routes`, detail: '1 trail', by: 'ada'}]);
  assert.deepEqual(groups.total, {trails: 12, lists: 1});
});

test('a missing, failed or odd answer is empty groups', () => {
  for (const odd of [null, {}, {results: null}, {results: [{indexUid: 'trails', hits: 'x'}]}]) {
    const groups = searchGroups(odd);
    assert.deepEqual([groups.trails, groups.lists, groups.total], [[], [], {trails: 0, lists: 0}], JSON.stringify(odd));
  }
});

test('a name that is not text falls back to a placeholder, never to markup', () => {
  const groups = searchGroups({results: [{indexUid: 'trails', hits: [{id: 'x', name: {toString: () => '<b>'}, _formatted: {name: 7}}]}]});
  assert.equal(groups.trails[0].name, 'Unnamed trail');
});

test('the status line counts what was found', () => {
  assert.equal(resultSummary(searchGroups(answer)), '12 trails and 1 list found');
  assert.equal(resultSummary({total: {trails: 1, lists: 0}}), '1 trail found');
  assert.equal(resultSummary({total: {trails: 0, lists: 2}}), '2 lists found');
  assert.equal(resultSummary({total: {trails: 0, lists: 0}}), 'Nothing found');
});
