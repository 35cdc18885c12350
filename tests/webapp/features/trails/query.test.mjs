// web/features/trails/query.js: the trails list's URL state and the `GET /trail` filter built from it.
// Whatever the URL holds, the filter keeps its shape: every value is a quoted literal or a number.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  PER_PAGE, SORTS, DEFAULT_SORT, SCOPES, CARD_FIELDS, COMPLETIONS,
  emptyState, stateFromQuery, queryFromState, listSearch, hasFilters, filterCount, buildFilter, listQuery, dayText, wordsParam,
  MAP_FIELDS, SKETCH_FIELDS, SKETCH_FROM, MAP_PER_PAGE, MAP_CAP, mapRequest, mergeTrails, mapCapNote,
} from '../../../../web/features/trails/query.js';
import {lexFilter} from '../../support/filter_lexer.mjs';

const SIGNED_IN = {signedIn: true};
const fromUrl = (text, who = SIGNED_IN) => stateFromQuery(new URLSearchParams(text), who);
const state = (changes) => ({...emptyState(), ...changes});

const skeleton = (filter) => lexFilter(filter).shape;
const stringLiterals = (filter) => lexFilter(filter).strings;

// --- URL -> state ---------------------------------------------------------------------------

test('an empty URL is the unfiltered newest-first first page', () => {
  assert.deepEqual(fromUrl(''), emptyState());
  assert.deepEqual(emptyState(), {
    q: '', difficulty: [], dmin: '', dmax: '', gmin: '', gmax: '', lmin: '', lmax: '', tmin: '', tmax: '',
    from: '', to: '', category: '', subcategory: '', scope: 'all', completed: '', sort: '-created', page: 1, map: '',
  });
});

test('difficulties from the URL keep only known ones, once each', () => {
  assert.deepEqual(fromUrl('difficulty=hard,extreme,easy,hard,').difficulty, ['hard', 'easy']);
  assert.deepEqual(fromUrl('difficulty=%22%20||%201=1').difficulty, []);
});

test('range bounds keep non-negative numbers as typed and drop anything else', () => {
  const s = fromUrl('dmin=%205%20&dmax=12.5&gmin=-100&gmax=abc');
  assert.equal(s.dmin, '5');
  assert.equal(s.dmax, '12.5');
  assert.equal(s.gmin, '');
  assert.equal(s.gmax, '');
  assert.equal(fromUrl('dmin=Infinity').dmin, '');
  assert.equal(fromUrl('dmin=0').dmin, '0');
});

test('elevation loss and duration bounds come from the URL like the others, and go back into it', () => {
  const s = fromUrl('lmin=200&lmax=x&tmin=1.5&tmax=-3');
  assert.deepEqual([s.lmin, s.lmax, s.tmin, s.tmax], ['200', '', '1.5', '']);
  const text = queryFromState(state({lmin: '200', tmax: '4.25'}));
  assert.equal(text, '?lmin=200&tmax=4.25');
  assert.deepEqual(fromUrl(text.slice(1)), state({lmin: '200', tmax: '4.25'}));
});

test('search and category from the URL are capped in length', () => {
  const s = fromUrl(`q=${'a'.repeat(500)}&category=${'c'.repeat(100)}`);
  assert.equal(s.q.length, 200);
  assert.equal(s.category.length, 64);
});

test('a subcategory comes from the URL capped like the category, goes back into it, and is a filter of its own', () => {
  const s = fromUrl(`category=hikingcategory1&subcategory=${'s'.repeat(100)}`);
  assert.equal(s.subcategory.length, 64);
  const text = queryFromState(state({category: 'hikingcategory1', subcategory: 'hikingviaferrat'}));
  assert.equal(text, '?category=hikingcategory1&subcategory=hikingviaferrat');
  assert.deepEqual(fromUrl(text.slice(1)), state({category: 'hikingcategory1', subcategory: 'hikingviaferrat'}));
  assert.equal(hasFilters(state({subcategory: 'hikingviaferrat'})), true);
  assert.equal(filterCount(state({category: 'hikingcategory1', subcategory: 'hikingviaferrat'})), 2);
  assert.equal(buildFilter(state({category: 'c1', subcategory: 's1'}), {units: 'metric', userId: ''}), 'category = "c1" && subcategory = "s1"');
  assert.equal(buildFilter(state({subcategory: 's1'}), {units: 'metric', userId: ''}), 'subcategory = "s1"', 'a subcategory filters without its category too');
});

test('a subcategory from the URL cannot break out of the filter string', () => {
  for (const subcategory of ['x" || public = true //', 'x\\" || public = true //', 'x\\']) {
    const filter = buildFilter(fromUrl(`subcategory=${encodeURIComponent(subcategory)}&scope=mine`), {units: 'metric', userId: 'u1'});
    assert.equal(skeleton(filter), 'subcategory = S && author = S', filter);
  }
});

test('only the sorts offered are taken from the URL', () => {
  for (const {value} of SORTS) assert.equal(fromUrl(`sort=${encodeURIComponent(value)}`).sort, value);
  for (const bad of ['password', '-created,password', 'name;drop', '']) assert.equal(fromUrl(`sort=${encodeURIComponent(bad)}`).sort, DEFAULT_SORT, bad);
});

test('scopes apply to people signed in; a visitor always sees "all"', () => {
  for (const {value} of SCOPES) {
    assert.equal(fromUrl(`scope=${value}`).scope, value);
    assert.equal(fromUrl(`scope=${value}`, {signedIn: false}).scope, 'all');
  }
  assert.equal(fromUrl('scope=everyone').scope, 'all');
});

test('the page is a whole number of at least 1', () => {
  const cases = [['3', 3], ['1', 1], ['0', 1], ['-2', 1], ['abc', 1], ['', 1], ['2.9', 2]];
  for (const [text, page] of cases) assert.equal(fromUrl(`page=${text}`).page, page, text);
});

// --- state -> URL ---------------------------------------------------------------------------

test('the URL holds only what differs from the defaults, and reads back to the same state', () => {
  assert.equal(queryFromState(emptyState()), '');
  const s = state({q: 'lake & "ridge"', difficulty: ['easy', 'hard'], dmin: '5', gmax: '1200', category: 'cat1', scope: 'mine', sort: 'name', page: 3});
  const text = queryFromState(s);
  assert.match(text, /difficulty=easy,hard/);
  assert.deepEqual(fromUrl(text.slice(1)), s);
});

test('a search of only spaces is no search', () => {
  assert.equal(queryFromState(state({q: '   '})), '');
  assert.equal(hasFilters(state({q: '   '})), false);
  assert.equal(buildFilter(state({q: '   '}), {units: 'metric'}), '');
});

test('sort and page are not filters; search, ranges, category and scope are', () => {
  assert.equal(hasFilters(state({sort: 'name', page: 4})), false);
  for (const changes of [{q: 'x'}, {difficulty: ['easy']}, {dmax: '0'}, {category: 'c'}, {scope: 'public'}]) {
    assert.equal(hasFilters(state(changes)), true, JSON.stringify(changes));
  }
});

test('the filter count counts controls, not bounds, and leaves out the search', () => {
  assert.equal(filterCount(emptyState()), 0);
  assert.equal(filterCount(state({q: 'x'})), 0);
  assert.equal(filterCount(state({dmin: '1', dmax: '5'})), 1);
  assert.equal(filterCount(state({difficulty: ['easy', 'hard'], dmin: '1', gmax: '500', category: 'c', scope: 'mine'})), 5);
  assert.equal(filterCount(state({lmin: '1', lmax: '5', tmax: '2'})), 2);
  assert.equal(hasFilters(state({tmin: '0'})), true);
});

// --- state -> filter ------------------------------------------------------------------------

test('a search goes to the API as its words (q), never into the filter string', () => {
  assert.equal(buildFilter(state({q: ' lake '}), {units: 'metric'}), '');
  assert.equal(wordsParam(state({q: ' lake ridge '})), 'lake ridge');
  assert.equal(wordsParam(state({q: '   '})), undefined);
  const query = listQuery(state({q: ' Höllental ', dmin: '5'}), {units: 'metric', userId: ''});
  assert.equal(query.q, 'Höllental');
  assert.equal(query.filter, 'distance >= 5000');
  assert.equal(listQuery(state({}), {units: 'metric', userId: ''}).q, undefined);
});

test('a search text with quotes, % or a backslash is sent as it is, as a parameter', () => {
  const attacks = ['" || public = false || name = "', 'x\\" || 1 = 1 //', '\\', '100%_a\\b', '"\n|| public = true'];
  for (const q of attacks) {
    const query = listQuery(state({q}), {units: 'metric', userId: ''});
    assert.equal(query.q, q.trim());
    assert.equal(query.filter, '', q);
  }
});

test('a category from the URL cannot break out of the filter string', () => {
  for (const category of ['x" || public = true //', 'x\\" || public = true //', 'x\\']) {
    const filter = buildFilter(fromUrl(`category=${encodeURIComponent(category)}&scope=mine`), {units: 'metric', userId: 'u1'});
    assert.equal(skeleton(filter), 'category = S && author = S', filter);
  }
});

test('difficulties are alternatives', () => {
  assert.equal(buildFilter(state({difficulty: ['easy', 'hard']}), {units: 'metric'}), '(difficulty = "easy" || difficulty = "hard")');
});

test('ranges typed in km and m become metres', () => {
  assert.equal(buildFilter(state({dmin: '5', dmax: '12.5', gmin: '0', gmax: '1200'}), {units: 'metric'}),
    'distance >= 5000 && distance <= 12500 && elevation_gain >= 0 && elevation_gain <= 1200');
});

test('ranges typed in mi and ft become metres, to the centimetre', () => {
  assert.equal(buildFilter(state({dmin: '1', dmax: '10', gmin: '1000', gmax: '1'}), {units: 'imperial'}),
    'distance >= 1609.34 && distance <= 16093.44 && elevation_gain >= 304.8 && elevation_gain <= 0.3');
});

test('elevation loss is typed in m or ft and duration in hours; the filter gets metres and seconds', () => {
  assert.equal(buildFilter(state({lmin: '100', lmax: '900', tmin: '1.5', tmax: '4'}), {units: 'metric'}),
    'elevation_loss >= 100 && elevation_loss <= 900 && duration >= 5400 && duration <= 14400');
  assert.equal(buildFilter(state({lmax: '1000', tmin: '0.25'}), {units: 'imperial'}), 'elevation_loss <= 304.8 && duration >= 900');
  assert.equal(buildFilter(fromUrl('lmin=1e2&tmax=.5'), {units: 'metric'}), 'elevation_loss >= 100 && duration <= 1800');
});

test('a bound written oddly in the URL reaches the filter as a plain number', () => {
  assert.equal(buildFilter(fromUrl('dmin=1e3&dmax=.5'), {units: 'metric'}), 'distance >= 1000000 && distance <= 500');
});

test('scope filters need a signed-in person', () => {
  const who = {units: 'metric', userId: 'u1'};
  assert.equal(buildFilter(state({scope: 'all'}), who), '');
  assert.equal(buildFilter(state({scope: 'public'}), who), 'public = true');
  assert.equal(buildFilter(state({scope: 'mine'}), who), 'author = "u1"');
  assert.equal(buildFilter(state({scope: 'shared'}), who), 'author != "u1" && public = false');
  for (const scope of ['public', 'mine', 'shared']) assert.equal(buildFilter(state({scope}), {units: 'metric'}), '', scope);
});

test('all parts are joined with &&', () => {
  const filter = buildFilter(state({q: 'ridge', difficulty: ['hard'], dmin: '10', category: 'c1', scope: 'public'}), {units: 'metric', userId: 'u1'});
  assert.equal(filter, '(difficulty = "hard") && distance >= 10000 && category = "c1" && public = true');
});

// --- state -> request -----------------------------------------------------------------------

test('the list request asks for one page of card fields with the author', () => {
  const request = listQuery(state({page: 3, sort: '-distance', dmin: '2'}), {units: 'metric', userId: 'u1'});
  assert.deepEqual(request, {page: 3, perPage: PER_PAGE, sort: '-distance', filter: 'distance >= 2000', expand: 'author', fields: CARD_FIELDS.join(',')});
  assert.equal(PER_PAGE, 24);
  assert.ok(!CARD_FIELDS.includes('polyline'));
});

test('servers without previews are asked for the polyline too', () => {
  const {fields} = listQuery(emptyState(), {units: 'metric', withPolyline: true});
  assert.deepEqual(fields.split(','), [...CARD_FIELDS, 'polyline']);
});

// --- the overview map's requests ------------------------------------------------------------

const who = {units: 'metric', userId: 'u1'};

const area = {west: 2, south: 44.5, east: 4, north: 45.5};

test('the map asks for light records of the matching trails in its area, 500 a request', () => {
  const {first, more, filter} = mapRequest(state({dmin: '2', page: 3, sort: 'name'}), {...who, total: 1234, box: area});
  assert.equal(filter, 'distance >= 2000');
  assert.deepEqual(first, {page: 1, perPage: MAP_PER_PAGE, sort: DEFAULT_SORT, filter: 'distance >= 2000', fields: 'id,name,sketch,line_breaks,lat,lon', bbox: '2,44.5,4,45.5'});
  // The first answer counts the trails in the area; the other pages follow at once, uncounted.
  assert.deepEqual(more(1234).map((q) => q.page), [2, 3]);
  for (const query of more(1234)) {
    assert.deepEqual(Object.keys(query).sort(), ['bbox', 'fields', 'filter', 'page', 'perPage', 'skipTotal', 'sort']);
    assert.equal(query.skipTotal, true);
    assert.equal(query.bbox, first.bbox);
  }
  assert.deepEqual(more(500), []);
  assert.deepEqual(more(0), []);
  assert.deepEqual(MAP_FIELDS, ['id', 'name', 'preview', 'line_breaks', 'lat', 'lon']);
  assert.ok(!MAP_FIELDS.includes('polyline'));
});

test('without an area the map asks for every matching trail', () => {
  const {first} = mapRequest(emptyState(), {...who, total: 3});
  assert.equal('bbox' in first, false);
});

test('the map asks for the completed trails too when the list does', () => {
  assert.equal(mapRequest(state({completed: 'no'}), {...who, total: 3, box: area}).first.completed, 'false');
  assert.equal(mapRequest(state({completed: 'yes'}), {...who, total: 3}).first.completed, 'true');
  assert.notEqual(mapRequest(state({completed: 'yes'}), {...who, total: 3}).key, mapRequest(state({completed: 'no'}), {...who, total: 3}).key);
});

test('a few matching trails come with their previews, many with their coarser sketches', () => {
  assert.equal(SKETCH_FROM, 200);
  const fieldsFor = (total) => mapRequest(emptyState(), {...who, total, box: area}).first.fields;
  assert.equal(fieldsFor(1), MAP_FIELDS.join(','));
  assert.equal(fieldsFor(SKETCH_FROM), MAP_FIELDS.join(','));
  assert.equal(fieldsFor(SKETCH_FROM + 1), SKETCH_FIELDS.join(','));
  assert.deepEqual(SKETCH_FIELDS, ['id', 'name', 'sketch', 'line_breaks', 'lat', 'lon']);
  for (const query of mapRequest(emptyState(), {...who, total: 9000}).more(9000)) assert.equal(query.fields, SKETCH_FIELDS.join(','));
});

test("the map stops at MAP_CAP trails, the first in the list's order", () => {
  assert.equal(MAP_CAP, 2000);
  const request = mapRequest(state({sort: '-distance'}), {...who, total: 5000, box: area});
  assert.equal(request.first.sort, '-distance');
  assert.deepEqual(request.more(4800).map((q) => q.page), [2, 3, 4]);
  for (const query of request.more(4800)) assert.equal(query.sort, '-distance');
  assert.deepEqual(request.more(MAP_CAP).map((q) => q.page), [2, 3, 4]);
});

test('no request when nothing matches', () => {
  for (const total of [0, undefined, null, 'x', -3]) assert.equal(mapRequest(emptyState(), {...who, total, box: area}).first, null, String(total));
  assert.notEqual(mapRequest(emptyState(), {...who, total: 1}).first, null);
});

test("paging through the cards keeps the map's set; a filter or the area changes it, and so does the sort when capped", () => {
  const key = (changes, total = 300, box = area) => mapRequest(state(changes), {...who, total, box}).key;
  assert.equal(key({page: 1}), key({page: 7}));
  assert.equal(key({map: '9/45/3'}), key({map: '5/0/0'}), 'the position in the URL is not the area asked for');
  assert.equal(key({sort: 'name'}), key({sort: '-distance'}), 'all trails whatever the order');
  assert.notEqual(key({sort: 'name'}, 3000), key({sort: '-distance'}, 3000), 'capped: which 2000 depends on the order');
  assert.equal(key({page: 1}, 3000), key({page: 9}, 3000));
  assert.notEqual(key({q: 'ridge'}), key({q: 'lake'}));
  assert.equal(mapRequest(state({q: ' ridge '}), {...who, total: 300, box: area}).first.q, 'ridge');
  assert.equal(mapRequest(state({q: ' ridge '}), {...who, total: 300, box: area}).q, 'ridge');
  assert.notEqual(key({}, 300), key({}, 301), 'a trail more is fetched again');
  assert.notEqual(key({scope: 'mine'}), key({scope: 'public'}));
  assert.notEqual(key({}, 300, area), key({}, 300, {...area, west: 1}));
  // Uncapped, the order asked for is fixed, so one key always means one query.
  assert.equal(mapRequest(state({sort: 'name'}), {...who, total: 300}).first.sort, DEFAULT_SORT);
});

test("the map's answers merge into one list, each trail once, first copy kept", () => {
  const a = {id: 'a', name: 'page copy', location: 'Here'};
  const merged = mergeTrails([a, {id: 'b'}], [{id: 'a', name: 'map copy'}, {id: 'c'}], null, undefined, [null, {name: 'no id'}, {id: 'c'}]);
  assert.deepEqual(merged.map((t) => t.id), ['a', 'b', 'c']);
  assert.equal(merged[0], a);
  assert.deepEqual(mergeTrails(), []);
});

test('the map says when it does not show every matching trail', () => {
  assert.equal(mapCapNote(2000, 2345), 'Showing 2,000 of 2,345 trails here: zoom in or narrow the search to see the others.');
  assert.equal(mapCapNote(300, 300), '');
  assert.equal(mapCapNote(24, 0), '');
});

// --- tags -----------------------------------------------------------------------------------

test("a tag from the URL (a trail page's tag link) narrows the list to trails that have it", () => {
  const s = fromUrl('tag=abcdefghij12345');
  assert.equal(s.tag, 'abcdefghij12345');
  assert.equal(buildFilter(s, {units: 'metric', userId: ''}), 'tags ?= "abcdefghij12345"');
  assert.equal(queryFromState(s), '?tag=abcdefghij12345');
  assert.equal(hasFilters(s), true);
  assert.equal(filterCount(s), 1);
});

test('a tag in the URL that is not a tag id is left out', () => {
  for (const bad of ['x', '" || 1=1', 'ABCDEFGHIJ12345', 'abcdefghij123456']) {
    const s = fromUrl(`tag=${encodeURIComponent(bad)}`);
    assert.equal(s.tag, undefined, bad);
    assert.equal(buildFilter(s, {units: 'metric', userId: ''}), '', bad);
  }
});

test('the tag filter joins the others as one more quoted literal', () => {
  const filter = buildFilter(state({q: 'ridge', tag: 'abcdefghij12345', category: 'c1'}), {units: 'metric', userId: 'me'});
  assert.equal(skeleton(filter), 'category = S && tags ?= S');
  assert.deepEqual(stringLiterals(filter).slice(-1), ['abcdefghij12345']);
});

// --- dates, completed and the map's position ------------------------------------------------

test('a date range keeps real days only and filters on the whole days in UTC', () => {
  const s = fromUrl('from=2019-01-01&to=2019-12-31');
  assert.deepEqual([s.from, s.to], ['2019-01-01', '2019-12-31']);
  assert.equal(buildFilter(s, {units: 'metric'}), 'date >= "2019-01-01 00:00:00.000Z" && date <= "2019-12-31 23:59:59.999Z"');
  assert.equal(queryFromState(s), '?from=2019-01-01&to=2019-12-31');
  assert.equal(filterCount(s), 1, 'one control');
  assert.equal(hasFilters(state({to: '2020-02-29'})), true);
  for (const bad of ['2019-02-30', '2019-13-01', '19-01-01', '2019-1-1', '" || 1=1', '2019-01-01T00:00']) {
    assert.equal(dayText(bad), '', bad);
    assert.equal(buildFilter(fromUrl(`from=${encodeURIComponent(bad)}`), {units: 'metric'}), '', bad);
  }
  assert.equal(dayText('2020-02-29'), '2020-02-29');
});

test('a date typed into the state cannot break out of the filter either', () => {
  assert.equal(buildFilter(state({from: '2019-01-01" || public = false || date = "'}), {units: 'metric'}), '');
});

test('completed or not is for people signed in, and goes to the API as its own parameter', () => {
  for (const {value} of COMPLETIONS) assert.equal(fromUrl(`completed=${value}`).completed, value);
  assert.equal(fromUrl('completed=yes', {signedIn: false}).completed, '');
  assert.equal(fromUrl('completed=maybe').completed, '');
  assert.equal(listQuery(state({completed: 'yes'}), who).completed, 'true');
  assert.equal(listQuery(state({completed: 'no'}), who).completed, 'false');
  assert.equal('completed' in listQuery(state({completed: 'no'}), {units: 'metric'}), false, 'not without a person');
  assert.equal('completed' in listQuery(emptyState(), who), false);
  assert.equal(buildFilter(state({completed: 'yes'}), who), '', 'not in the filter string');
  assert.equal(queryFromState(state({completed: 'no'})), '?completed=no');
  assert.equal(filterCount(state({completed: 'no'})), 1);
});

test("the map's position rides in the URL but neither filters nor decides the cards", () => {
  const s = fromUrl('map=9/45.12345678/3.5&q=ridge');
  assert.equal(s.map, '9/45.12346/3.5');
  assert.equal(queryFromState(s), '?q=ridge&map=9/45.12346/3.5');
  assert.equal(listSearch(s), '?q=ridge');
  assert.equal(hasFilters(state({map: '9/45/3'})), false);
  assert.equal(fromUrl('map=99/45/3').map, '');
  assert.equal(fromUrl('map=9/95/3').map, '');
  assert.equal(fromUrl('map=9/45').map, '');
});

test('every filter together reads back from its URL', () => {
  const s = state({q: 'ridge', from: '2019-01-01', to: '2019-06-30', completed: 'no', gmin: '300', scope: 'mine', sort: '-date', page: 2, map: '7/46.5/8.25'});
  assert.deepEqual(fromUrl(queryFromState(s).slice(1)), s);
});
