// Asking the server for the trails page's records: one page of cards, the overview map's set of
// the matching trails in its area, and the box around every trail the map first opens on. The
// first two adapt once to a server that has no `preview` field.
import {trails} from '../../lib/resources.js';
import {boundingBoxOf} from './map_area.js';
import {listQuery, mergeTrails} from './query.js';

// Set once a server answers `fields` without `preview`: the cards then ask for `polyline`, and
// the map keeps to the page's trails (it would get every trail's full line otherwise).
let serverLacksPreview = false;

export function serverHasPreviews() {
  return !serverLacksPreview;
}

// The `GET /trail` answer ({items, totalItems, totalPages, ...}) for the cards of `state`.
export async function fetchTrailsPage(state, {units, userId}, signal) {
  const answer = await trails.list(listQuery(state, {units, userId, withPolyline: serverLacksPreview}), {signal});
  const sample = answer.items?.[0];
  if (!sample || 'preview' in sample || 'polyline' in sample || serverLacksPreview) return answer;
  // `fields` works but `preview` does not exist yet: ask once more with the full line.
  serverLacksPreview = true;
  return trails.list(listQuery(state, {units, userId, withPolyline: true}), {signal});
}

// The trails of a map request (query.js mapRequest) -> {trails, total}: the first page tells how
// many are in the area, the others are then asked for at once; each id once. `total` is the
// number in the area, of which at most MAP_CAP come.
export async function fetchMapTrails(request, signal) {
  if (!request.first) return {trails: [], total: 0};
  const first = await trails.list(request.first, {signal});
  const total = Math.max(0, Number(first?.totalItems) || 0);
  const rest = await Promise.all(request.more(total).map((query) => trails.list(query, {signal})));
  return {trails: mergeTrails(first?.items, ...rest.map((answer) => answer?.items)), total};
}

// The box around every trail the viewer may see (map_area.js boundingBoxOf), or null for none.
export async function fetchTrailsBox(signal) {
  return boundingBoxOf(await trails.boundingBox({signal}));
}
