// The header search's request and what its answer comes to: one `POST /search/multi` with a
// query for trails and one for lists, and their hits as the options the header shows. Pure, so
// the shapes are tested without a browser.
import {MARK_END, MARK_START} from './highlight.js';

export const TRAIL_LIMIT = 6;
export const LIST_LIMIT = 3;
// Longer queries are cut: nobody types more into a header box, and the server need not read it.
export const MAX_QUERY = 100;

const TRAIL_FIELDS = ['id', 'name', 'location', 'author_name'];
const LIST_FIELDS = ['id', 'name', 'author_name', 'trails'];

// The typed text as it is searched for: trimmed, runs of spaces as one, cut at MAX_QUERY.
export function searchText(typed) {
  return String(typed ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

// The `queries` of `POST /search/multi` for the text.
export function searchQueries(q) {
  const common = {q, highlightPreTag: MARK_START, highlightPostTag: MARK_END};
  return [
    {...common, indexUid: 'trails', limit: TRAIL_LIMIT, attributesToRetrieve: TRAIL_FIELDS, attributesToHighlight: ['name', 'location']},
    {...common, indexUid: 'lists', limit: LIST_LIMIT, attributesToRetrieve: LIST_FIELDS, attributesToHighlight: ['name']},
  ];
}

const text = (value) => (typeof value === 'string' ? value : '');

// The highlighted form of a hit's field (`_formatted`), else the field as it is.
function formatted(hit, field) {
  const marked = hit._formatted && typeof hit._formatted[field] === 'string' ? hit._formatted[field] : null;
  return marked ?? text(hit[field]);
}

function trailOption(hit) {
  return {
    kind: 'trail', id: String(hit.id), href: `/trail/${encodeURIComponent(hit.id)}`,
    name: formatted(hit, 'name') || 'Unnamed trail', detail: formatted(hit, 'location'), by: text(hit.author_name),
  };
}

function listOption(hit) {
  const count = Number(hit.trails);
  return {
    kind: 'list', id: String(hit.id), href: `/list/${encodeURIComponent(hit.id)}`,
    name: formatted(hit, 'name') || 'Unnamed list', detail: Number.isFinite(count) ? `${count} ${count === 1 ? 'trail' : 'trails'}` : '', by: text(hit.author_name),
  };
}

// {trails: [option], lists: [option], total: {trails, lists}} from the answer; each option
// {kind, id, href, name, detail, by}, `name` and `detail` maybe holding marks (highlight.js).
// Hits without an id are left out; a missing result is an empty group.
export function searchGroups(answer) {
  const results = Array.isArray(answer?.results) ? answer.results : [];
  const of = (index) => results.find((result) => result?.indexUid === index) || {hits: []};
  const hits = (result) => (Array.isArray(result.hits) ? result.hits : []).filter((hit) => hit && (typeof hit.id === 'string' || typeof hit.id === 'number'));
  const trails = of('trails');
  const lists = of('lists');
  const totalOf = (result, shown) => Math.max(shown, Number(result.estimatedTotalHits ?? result.totalHits) || 0);
  const trailOptions = hits(trails).map(trailOption);
  const listOptions = hits(lists).map(listOption);
  return {trails: trailOptions, lists: listOptions, total: {trails: totalOf(trails, trailOptions.length), lists: totalOf(lists, listOptions.length)}};
}

// What the status line says about the answer ("3 trails and 1 list", "Nothing found").
export function resultSummary({total}) {
  const n = (count, one, many) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
  const said = [];
  if (total.trails) said.push(n(total.trails, 'trail', 'trails'));
  if (total.lists) said.push(n(total.lists, 'list', 'lists'));
  return said.length ? `${said.join(' and ')} found` : 'Nothing found';
}
