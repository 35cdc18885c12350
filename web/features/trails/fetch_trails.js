// Asking the server for the trails page's records: one page of cards, and the overview map's
// set of every matching trail. Both adapt once to a server that has no `preview` field.
import {trails} from '../../lib/resources.js';
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

// Every trail of a map request (query.js mapRequest), its pages asked for at once, each id once.
export async function fetchMapTrails(request, signal) {
  const answers = await Promise.all(request.queries.map((query) => trails.list(query, {signal})));
  return mergeTrails(...answers.map((answer) => answer?.items));
}
