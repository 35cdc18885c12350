// The trails list's state (search, filters, sort, page, map position) and its two encodings: the
// page URL's query string, and the API's `GET /trail` parameters with a PocketBase filter string;
// and the requests of the overview map, which shows the matching trails crossing its area.
import {dayText} from '../../lib/day_input.js';
import {quote} from '../../lib/api.js';
import {DIFFICULTIES, distanceUnit, elevationUnit} from '../../lib/format.js';
import {bboxParam, formatMapPosition, parseMapPosition} from './map_area.js';

export const PER_PAGE = 24;

export const SORTS = [
  {value: '-created', label: 'Newest added'},
  {value: 'created', label: 'Oldest added'},
  {value: '-date', label: 'Date, newest first'},
  {value: 'date', label: 'Date, oldest first'},
  {value: 'name', label: 'Name, A–Z'},
  {value: '-name', label: 'Name, Z–A'},
  {value: 'distance', label: 'Distance, shortest first'},
  {value: '-distance', label: 'Distance, longest first'},
  {value: 'elevation_gain', label: 'Elevation gain, least first'},
  {value: '-elevation_gain', label: 'Elevation gain, most first'},
];
export const DEFAULT_SORT = '-created';

export const SCOPES = [
  {value: 'all', label: 'All I can see'},
  {value: 'public', label: 'Public'},
  {value: 'shared', label: 'Shared with me'},
  {value: 'mine', label: 'Mine'},
];

// The fields cards and the overview map read; `polyline` only when the server has no `preview`.
export const CARD_FIELDS = [
  'id', 'collectionId', 'collectionName', 'name', 'location', 'distance', 'elevation_gain', 'duration',
  'difficulty', 'date', 'created', 'public', 'author', 'photos', 'thumbnail', 'preview', 'line_breaks',
  'lat', 'lon', 'like_count', 'expand.author.username',
];

// Range bounds are kept as typed (in the viewer's units: km or mi, m or ft, hours) so the inputs
// show them back unchanged: distance, elevation gain, elevation loss and duration.
export const RANGE_KEYS = ['dmin', 'dmax', 'gmin', 'gmax', 'lmin', 'lmax', 'tmin', 'tmax'];

// Whether the viewer has logged a summit on a trail (signed in only): the API's `completed`.
export const COMPLETIONS = [
  {value: '', label: 'Done or not'},
  {value: 'yes', label: 'Done (summit logged)'},
  {value: 'no', label: 'Not done yet'},
];

// A tag's id (the trail page's tags link here); the state holds `tag` only when the URL names one.
const TAG_ID = /^[a-z0-9]{15}$/;

// `from` and `to` are days (YYYY-MM-DD, as a date input gives them) of the trail's `date`;
// `map` is the overview map's position (map_area.js), kept once the visitor moves the map.
export function emptyState() {
  return {
    q: '', difficulty: [], dmin: '', dmax: '', gmin: '', gmax: '', lmin: '', lmax: '', tmin: '', tmax: '',
    from: '', to: '', category: '', subcategory: '', scope: 'all', completed: '', sort: DEFAULT_SORT, page: 1, map: '',
  };
}

export {dayText};

function numberText(value) {
  const text = String(value ?? '').trim();
  return text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
}

// URLSearchParams -> state; anything unknown or malformed falls back to the default.
export function stateFromQuery(query, {signedIn}) {
  const state = emptyState();
  state.q = (query.get('q') || '').slice(0, 200);
  const known = new Set(DIFFICULTIES.map((d) => d.value));
  state.difficulty = [...new Set((query.get('difficulty') || '').split(',').filter((d) => known.has(d)))];
  for (const key of RANGE_KEYS) state[key] = numberText(query.get(key));
  state.from = dayText(query.get('from'));
  state.to = dayText(query.get('to'));
  state.category = (query.get('category') || '').slice(0, 64);
  state.subcategory = (query.get('subcategory') || '').slice(0, 64);
  const tag = query.get('tag') || '';
  if (TAG_ID.test(tag)) state.tag = tag;
  const scope = query.get('scope') || 'all';
  state.scope = signedIn && SCOPES.some((s) => s.value === scope) ? scope : 'all';
  const completed = query.get('completed') || '';
  state.completed = signedIn && COMPLETIONS.some((c) => c.value === completed) ? completed : '';
  const sort = query.get('sort') || DEFAULT_SORT;
  state.sort = SORTS.some((s) => s.value === sort) ? sort : DEFAULT_SORT;
  const page = Number.parseInt(query.get('page') || '1', 10);
  state.page = Number.isFinite(page) && page > 0 ? page : 1;
  const position = parseMapPosition(query.get('map'));
  state.map = position ? formatMapPosition(position) : '';
  return state;
}

// state -> "?q=...&page=2" holding only what differs from the defaults.
export function queryFromState(state) {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.difficulty.length) params.set('difficulty', state.difficulty.join(','));
  for (const key of RANGE_KEYS) if (state[key] !== '') params.set(key, state[key]);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.category) params.set('category', state.category);
  if (state.subcategory) params.set('subcategory', state.subcategory);
  if (state.tag) params.set('tag', state.tag);
  if (state.scope !== 'all') params.set('scope', state.scope);
  if (state.completed) params.set('completed', state.completed);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.map) params.set('map', state.map);
  // Commas and slashes are legal in a query and keep `difficulty=easy,hard` and `map=9/45/3` readable.
  const text = params.toString().replace(/%2C/gi, ',').replace(/%2F/gi, '/');
  return text ? `?${text}` : '';
}

// The part of the URL that decides the cards: all of it but the map's position.
export function listSearch(state) {
  return queryFromState({...state, map: ''});
}

// True when anything narrows the list (search, filters or scope); sort, page and map do not.
export function hasFilters(state) {
  return Boolean(
    state.q.trim() || state.difficulty.length || RANGE_KEYS.some((k) => state[k] !== '') || state.from || state.to || state.category || state.subcategory || state.tag || state.scope !== 'all' || state.completed,
  );
}

// How many filter controls are set (for the "Filters (2)" button), the search box excluded.
export function filterCount(state) {
  return [
    state.difficulty.length > 0,
    state.dmin !== '' || state.dmax !== '',
    state.gmin !== '' || state.gmax !== '',
    state.lmin !== '' || state.lmax !== '',
    state.tmin !== '' || state.tmax !== '',
    Boolean(state.from || state.to),
    Boolean(state.category),
    Boolean(state.subcategory),
    Boolean(state.tag),
    state.scope !== 'all',
    Boolean(state.completed),
  ].filter(Boolean).length;
}

// A bound typed in the viewer's units as the stored number (metres, seconds) for the filter
// string: always a plain decimal, never text from the URL as is.
function stored(value, factor) {
  return String(Math.round(Number(value) * factor * 100) / 100);
}

// The words searched for, as the API's `q` (the search index: accents, typed beginnings, inner
// parts of names, typos), or undefined for none. Not part of the filter string: `~` reads every
// visible trail, the index only those holding the words.
export function wordsParam(state) {
  return state.q.trim() || undefined;
}

export function buildFilter(state, {units, userId}) {
  const parts = [];
  if (state.difficulty.length) parts.push(`(${state.difficulty.map((d) => `difficulty = ${quote(d)}`).join(' || ')})`);
  const distance = distanceUnit(units).meters;
  const elevation = elevationUnit(units).meters;
  if (state.dmin !== '') parts.push(`distance >= ${stored(state.dmin, distance)}`);
  if (state.dmax !== '') parts.push(`distance <= ${stored(state.dmax, distance)}`);
  if (state.gmin !== '') parts.push(`elevation_gain >= ${stored(state.gmin, elevation)}`);
  if (state.gmax !== '') parts.push(`elevation_gain <= ${stored(state.gmax, elevation)}`);
  if (state.lmin !== '') parts.push(`elevation_loss >= ${stored(state.lmin, elevation)}`);
  if (state.lmax !== '') parts.push(`elevation_loss <= ${stored(state.lmax, elevation)}`);
  // Durations are typed in hours and stored in seconds.
  if (state.tmin !== '') parts.push(`duration >= ${stored(state.tmin, 3600)}`);
  if (state.tmax !== '') parts.push(`duration <= ${stored(state.tmax, 3600)}`);
  // Whole days in UTC, as the API stores dates; checked to be days, so always this shape.
  if (dayText(state.from)) parts.push(`date >= ${quote(`${state.from} 00:00:00.000Z`)}`);
  if (dayText(state.to)) parts.push(`date <= ${quote(`${state.to} 23:59:59.999Z`)}`);
  if (state.category) parts.push(`category = ${quote(state.category)}`);
  if (state.subcategory) parts.push(`subcategory = ${quote(state.subcategory)}`);
  if (state.tag) parts.push(`tags ?= ${quote(state.tag)}`);
  if (userId && state.scope === 'public') parts.push('public = true');
  if (userId && state.scope === 'mine') parts.push(`author = ${quote(userId)}`);
  // What the cards badge "Shared with you": someone else's trail that is not public.
  if (userId && state.scope === 'shared') parts.push(`author != ${quote(userId)} && public = false`);
  return parts.join(' && ');
}

// The API's `completed` parameter ('true', 'false'), or undefined for no such filter.
export function completedParam(state, {userId}) {
  if (!userId || !state.completed) return undefined;
  return state.completed === 'yes' ? 'true' : 'false';
}

// The `GET /trail` query for a state. `withPolyline` is for servers that have no `preview`.
export function listQuery(state, {units, userId, withPolyline = false}) {
  const fields = withPolyline ? [...CARD_FIELDS, 'polyline'] : CARD_FIELDS;
  const query = {
    page: state.page,
    perPage: PER_PAGE,
    sort: state.sort,
    filter: buildFilter(state, {units, userId}),
    expand: 'author',
    fields: fields.join(','),
  };
  const q = wordsParam(state);
  if (q) query.q = q;
  const completed = completedParam(state, {userId});
  if (completed) query.completed = completed;
  return query;
}

// --- The overview map's trails --------------------------------------------------------------

// The matching trails crossing the map's area (its view with a margin, map_area.js), as light
// records, 500 a request, up to MAP_CAP trails: more lines than that tell a person nothing. When
// up to SKETCH_FROM trails match in all each comes with its `preview` (at most 100 points, about
// 0.3 KB gzipped); more may share the map, each a few dozen pixels wide, and come with their
// `sketch` (at most 24 points, a third of that), so a large archive stays within the first-load
// budget. The page's trails bring their previews with the cards.
export const MAP_FIELDS = ['id', 'name', 'preview', 'line_breaks', 'lat', 'lon'];
export const SKETCH_FIELDS = ['id', 'name', 'sketch', 'line_breaks', 'lat', 'lon'];
export const SKETCH_FROM = 200;
export const MAP_PER_PAGE = 500;
export const MAP_CAP = 2000;

// mapRequest(state, {units, userId, total, box}) -> {key, setKey, filter, q, completed, mayCap, first, more(count)}
// `total` is the number of matching trails the cards' answer reported (an upper bound of those in
// the area), `box` the area ({west, south, east, north}, or null for the whole world). `first` is
// the query of the first page, whose answer counts the trails in the area; more(count) the
// queries of the other pages for that count, which can all run at once. `key` names the set
// fetched: the filter, the area, and the sort only when the set may be capped (it then decides
// which MAP_CAP are shown), so paging through the cards never fetches the map again; `setKey` is
// the same without the area. `first` is null when nothing matches.
export function mapRequest(state, {units, userId, total, box = null}) {
  const filter = buildFilter(state, {units, userId});
  const all = Math.max(0, Math.floor(Number(total) || 0));
  const mayCap = all > MAP_CAP;
  // Uncapped, any order fetches the same set; a fixed one keeps the key and the query in step.
  const sort = mayCap ? state.sort : DEFAULT_SORT;
  const fields = all > SKETCH_FROM ? SKETCH_FIELDS : MAP_FIELDS;
  const completed = completedParam(state, {userId});
  const q = wordsParam(state) || '';
  const bbox = box ? bboxParam(box) : '';
  const base = {perPage: MAP_PER_PAGE, sort, filter, fields: fields.join(',')};
  if (q) base.q = q;
  if (bbox) base.bbox = bbox;
  if (completed) base.completed = completed;
  const more = (count) => {
    const pages = Math.ceil(Math.min(Math.max(0, Number(count) || 0), MAP_CAP) / MAP_PER_PAGE);
    const queries = [];
    for (let page = 2; page <= pages; page++) queries.push({...base, page, skipTotal: true});
    return queries;
  };
  // The set without its area: the same for every area of one filter.
  const setKey = [filter, q, completed || '', all, mayCap ? sort : ''].join('\n');
  return {key: `${setKey}\n${bbox}`, setKey, filter, q, completed: completed || '', mayCap, first: all ? {...base, page: 1} : null, more};
}

// The records of several answers as one list, each id once (a trail added between two pages'
// requests can shift another onto both), the first copy kept.
export function mergeTrails(...lists) {
  const seen = new Set();
  const merged = [];
  for (const list of lists) {
    for (const trail of Array.isArray(list) ? list : []) {
      if (!trail || trail.id === undefined || seen.has(trail.id)) continue;
      seen.add(trail.id);
      merged.push(trail);
    }
  }
  return merged;
}

// The line the map shows over its corner when not every matching trail in its area is on it.
export function mapCapNote(shown, total) {
  const n = (value) => Number(value).toLocaleString('en');
  return total > shown ? `Showing ${n(shown)} of ${n(total)} trails here: zoom in or narrow the search to see the others.` : '';
}
