// A stand-in for the server's tag routes, as docs/API.md describes them: `GET /api/v1/tag`
// answers a bare array (the total in X-Total-Count) and takes `filter` (`name ~ "text"`, SQLite's
// LIKE, which folds ASCII letters only, wrapped in % unless it holds one), `sort=name` and
// `perPage`; `PUT /api/v1/tag {name}` creates a tag, or answers 400 `validation_not_unique` for a
// name that exists in any case (`Höllental` = `HÖLLENTAL`). Install it for one test with
// fakeTagApi(t, ['Alps', ...]).
import {lexFilter} from './filter_lexer.mjs';

let nextId = 0;

function newId() {
  nextId += 1;
  return `tag${String(nextId).padStart(12, '0')}`;
}

function record(name) {
  return {id: newId(), collectionId: 'tagscollection1', collectionName: 'tags', created: '2026-01-01 00:00:00.000Z', updated: '2026-01-01 00:00:00.000Z', name};
}

// One character matched as SQLite's LIKE does: ASCII letters in either case, others as they are.
function likeChar(c) {
  if (/[a-z]/i.test(c)) return `[${c.toLowerCase()}${c.toUpperCase()}]`;
  return c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// SQLite's LIKE with ESCAPE '\' (case-insensitive for ASCII letters only), as a RegExp.
function likeRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) source += likeChar(pattern[++i]);
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += likeChar(c);
  }
  return new RegExp(`^${source}$`, 'su');
}

function hasUnescapedPercent(text) {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '%') return true;
  }
  return false;
}

// Only what the web app sends: no filter, or `name ~ "…"`.
function matcher(filter) {
  if (!filter) return () => true;
  const {shape, strings} = lexFilter(filter);
  if (shape.replace(/\s+/g, '') !== 'name~S') throw new Error(`the fake does not read the filter ${filter}`);
  const text = strings[0];
  const re = likeRegExp(hasUnescapedPercent(text) ? text : `%${text}%`);
  return (tag) => re.test(tag.name);
}

function json(body, status = 200, headers = {}) {
  return new Response(JSON.stringify(body), {status, headers: {'Content-Type': 'application/json', ...headers}});
}

// Replaces fetch for test `t` with the fake; returns {tags, requests, failCreate(response)}:
// the stored tags, every request ({method, url, params, body}), and a way to make the next PUT
// answer something else.
export function fakeTagApi(t, names = []) {
  const tags = names.map(record);
  const requests = [];
  let nextCreate = null;
  t.mock.method(globalThis, 'fetch', async (url, init = {}) => {
    const address = new URL(url, 'http://cairn.test');
    const method = init.method || 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({method, url: String(url), params: Object.fromEntries(address.searchParams), body});
    if (init.signal?.aborted) throw Object.assign(new Error('aborted'), {name: 'AbortError'});
    if (address.pathname !== '/api/v1/tag') return json({status: 404, message: 'Not found.'}, 404);
    if (method === 'GET') {
      const found = tags.filter(matcher(address.searchParams.get('filter'))).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const perPage = Number(address.searchParams.get('perPage') || 30);
      return json(found.slice(0, perPage), 200, {'X-Total-Count': String(found.length)});
    }
    if (method === 'PUT') {
      if (nextCreate) {
        const answer = nextCreate;
        nextCreate = null;
        return typeof answer === 'function' ? answer(body) : answer;
      }
      const name = String(body?.name || '').trim();
      if (!name) return json({status: 400, message: 'Failed to create record.', data: {name: {code: 'validation_required', message: 'Cannot be blank.'}}}, 400);
      if (tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase())) {
        return json({status: 400, message: 'Failed to create record.', data: {name: {code: 'validation_not_unique', message: 'Value must be unique.'}}}, 400);
      }
      const created = record(name);
      tags.push(created);
      return json(created);
    }
    return json({status: 405, message: 'Method not allowed.'}, 405);
  });
  return {
    tags,
    requests,
    // The next PUT answers `answer` (a Response, or body -> Response) instead.
    failCreate(answer) {
      nextCreate = answer;
    },
    // Adds a tag behind the web app's back (someone else made it).
    addElsewhere(name) {
      tags.push(record(name));
    },
  };
}
