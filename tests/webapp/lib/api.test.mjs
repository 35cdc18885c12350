// web/lib/api.js: query strings, filter literals, file URLs, the API's two error forms, and
// api()/listAll()/upload() against a stubbed fetch and XMLHttpRequest.
import {test, afterEach} from 'node:test';
import assert from 'node:assert/strict';
import {ApiError, api, listAll, upload, query, quote, fileUrl, setShareToken, currentShareToken} from '../../../web/lib/api.js';
import {lexString} from '../support/filter_lexer.mjs';

// The share token is module state; no test leaks it into the next.
afterEach(() => setShareToken(''));

// --- query() --------------------------------------------------------------------------------

test('query() leaves out empty values but keeps 0 and false', () => {
  assert.equal(query({page: 2, perPage: 0, public: false, q: '', sort: null, filter: undefined}), '?page=2&perPage=0&public=false');
  assert.equal(query({}), '');
  assert.equal(query(undefined), '');
  assert.equal(query({q: '', x: null}), '');
});

test('query() encodes what would end or split a parameter', () => {
  const text = query({filter: 'name ~ "a&b=c" && x = 1', q: 'café #1 ?'});
  assert.deepEqual(Object.fromEntries(new URLSearchParams(text.slice(1))), {filter: 'name ~ "a&b=c" && x = 1', q: 'café #1 ?'});
  assert.ok(!text.slice(1).includes('#') && text.indexOf('?', 1) === -1 && text.split('&').length === 2, text);
});

// --- quote() --------------------------------------------------------------------------------

// The value in a filter, read back with the server's string rule; `rest` is what follows it.
function roundTrip(value) {
  const before = 'category = ';
  const after = ' && public = true';
  const filter = `${before}${quote(value)}${after}`;
  const literal = lexString(filter, before.length);
  assert.ok(literal, `unterminated: ${filter}`);
  return {text: literal.text, rest: filter.slice(literal.end), filter};
}

test('a quoted value reaches the server unchanged, quotes and backslashes included', () => {
  const values = [
    'plain',
    '',
    'say "hi"',
    '"',
    '""',
    "it's",
    '50% of a_b',
    'C:\\trails\\alps',
    'a\\\\"b',  // two backslashes, then a quote
    'a\\\\',  // two trailing backslashes
    'ünïcödé ⛰',
  ];
  for (const value of values) {
    const {text, rest, filter} = roundTrip(value);
    assert.equal(text, value, filter);
    assert.equal(rest, ' && public = true', filter);
  }
});

test('a value with a double quote cannot break out of the filter string', () => {
  const attacks = [
    '" || public = false || name = "',
    'x" || 1 = 1 //',
    // A backslash before the quote must not turn the quote's escape into a literal backslash.
    'x\\" || public = true //',
    'x\\\\\\" || public = true //',
    'x\\',
    'x\\\\\\',
    '\\',
  ];
  for (const value of attacks) {
    const {text, rest, filter} = roundTrip(value);
    assert.equal(rest, ' && public = true', `broke out: ${filter}`);
    // At most the backslash that would have escaped the quote is lost.
    assert.equal(text.replace(/\\/g, ''), value.replace(/\\/g, ''), filter);
  }
});

// --- fileUrl() ------------------------------------------------------------------------------

test('fileUrl() points at the record\'s file with the name encoded', () => {
  const record = {collectionId: 'pbc_trails', collectionName: 'trails', id: 'abc123'};
  assert.equal(fileUrl(record, 'my photo #1.jpg'), '/api/v1/files/pbc_trails/abc123/my%20photo%20%231.jpg');
  assert.equal(fileUrl(record, 'a.jpg', {thumb: '600x0'}), '/api/v1/files/pbc_trails/abc123/a.jpg?thumb=600x0');
  assert.equal(fileUrl(record, 'a.gpx', {download: true}), '/api/v1/files/pbc_trails/abc123/a.gpx?download=1');
});

test('fileUrl() is empty without a record or a file name', () => {
  assert.equal(fileUrl(null, 'a.jpg'), '');
  assert.equal(fileUrl({collectionId: 'c', id: 'r'}, ''), '');
  assert.equal(fileUrl({collectionId: 'c', id: 'r'}, undefined), '');
});

test("a link-share token rides on the shared trail's files, not on a user's avatar", () => {
  setShareToken('tok en');
  assert.equal(currentShareToken(), 'tok en');
  assert.equal(fileUrl({collectionId: 'c1', collectionName: 'trails', id: 't1'}, 'p.jpg', {thumb: '600x0'}), '/api/v1/files/c1/t1/p.jpg?thumb=600x0&share=tok+en');
  assert.equal(fileUrl({collectionId: 'c2', collectionName: 'users', id: 'u1'}, 'avatar.png'), '/api/v1/files/c2/u1/avatar.png');
  setShareToken(null);
  assert.equal(currentShareToken(), '');
});

// --- ApiError -------------------------------------------------------------------------------

test('Form A errors put each field\'s message on that field', () => {
  const error = new ApiError(400, {
    status: 400,
    message: 'Failed to create record.',
    detail: {data: {name: {code: 'validation_required', message: 'Cannot be blank.'}, distance: {code: 'validation_min_less_equal_than_required', message: 'Must be no less than 0.'}}},
  });
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'ApiError');
  assert.equal(error.status, 400);
  assert.equal(error.message, 'Failed to create record.');
  assert.deepEqual(error.fields, {name: 'Cannot be blank.', distance: 'Must be no less than 0.'});
});

test('Form A errors with `data` at the top level are read the same way', () => {
  const error = new ApiError(400, {status: 400, message: 'Invalid.', data: {email: {code: 'validation_invalid_email', message: 'Must be a valid email address.'}}});
  assert.deepEqual(error.fields, {email: 'Must be a valid email address.'});
});

test('Form B errors name the field by the first element of its path', () => {
  const error = new ApiError(400, {
    message: 'invalid_params',
    details: [
      {path: ['id'], message: 'Must be 15 characters.'},
      {path: ['points', 3, 'lat'], code: 'out_of_range'},
      {path: ['other']},
      {path: [], message: 'No field.'},
      {message: 'No path.'},
    ],
  });
  assert.equal(error.message, 'Some values are not valid.');
  assert.deepEqual(error.fields, {id: 'Must be 15 characters.', points: 'out_of_range', other: 'Not valid.'});
});

test('a field named in both forms keeps the Form A message', () => {
  const error = new ApiError(400, {message: 'x', data: {name: {message: 'From A.'}}, details: [{path: ['name'], message: 'From B.'}]});
  assert.deepEqual(error.fields, {name: 'From A.'});
});

test('field entries without a message are left out, not shown as "undefined"', () => {
  const error = new ApiError(400, {message: 'x', data: {name: 'Cannot be blank.', date: {code: 'invalid'}, ok: {message: 'Fine.'}}});
  assert.deepEqual(error.fields, {ok: 'Fine.'});
});

test('without a message from the server the status explains what happened', () => {
  const cases = [
    [0, null, 'The server cannot be reached. Check the connection and try again.'],
    [413, null, 'The upload is too large.'],
    [413, {message: 'The file is larger than 20 MB.'}, 'The file is larger than 20 MB.'],
    [500, {}, 'The server failed to answer. Try again in a moment.'],
    [503, {message: ''}, 'The server failed to answer. Try again in a moment.'],
    [404, {message: 42}, 'The request failed (HTTP 404).'],
    [403, 'not an object', 'The request failed (HTTP 403).'],
  ];
  for (const [status, body, message] of cases) {
    const error = new ApiError(status, body);
    assert.equal(error.message, message, `${status} ${JSON.stringify(body)}`);
    assert.deepEqual(error.fields, {});
  }
  assert.deepEqual(new ApiError(500, null).body, {});
});

// --- api() ----------------------------------------------------------------------------------

// Replaces fetch for one test; returns the calls made, each {url, init}.
function stubFetch(t, answer) {
  const calls = [];
  t.mock.method(globalThis, 'fetch', async (url, init) => {
    calls.push({url, init});
    return typeof answer === 'function' ? answer(url, init) : answer.clone();
  });
  return calls;
}

function json(body, status = 200, headers = {}) {
  return new Response(JSON.stringify(body), {status, headers: {'Content-Type': 'application/json', ...headers}});
}

test('api() sends JSON to /api/v1 with the session cookie and returns the parsed answer', async (t) => {
  const calls = stubFetch(t, json({id: 'r1', name: 'Ridge'}));
  const answer = await api('POST', '/trail', {name: 'Ridge', distance: 0}, {query: {expand: 'author'}});
  assert.deepEqual(answer, {id: 'r1', name: 'Ridge'});
  assert.equal(calls.length, 1);
  const {url, init} = calls[0];
  assert.equal(url, '/api/v1/trail?expand=author');
  assert.equal(init.method, 'POST');
  assert.equal(init.credentials, 'same-origin');
  assert.equal(init.headers.Accept, 'application/json');
  assert.equal(init.headers['Content-Type'], 'application/json');
  assert.deepEqual(JSON.parse(init.body), {name: 'Ridge', distance: 0});
});

test('api() sends FormData as is, so the browser sets the multipart boundary', async (t) => {
  const calls = stubFetch(t, json({}));
  const form = new FormData();
  form.set('name', 'x');
  await api('PATCH', '/trail/r1', form);
  assert.equal(calls[0].init.body, form);
  assert.equal(calls[0].init.headers['Content-Type'], undefined);
});

test('api() without a body sends none', async (t) => {
  const calls = stubFetch(t, json([]));
  await api('GET', '/trail');
  assert.equal(calls[0].init.body, undefined);
  assert.equal(calls[0].init.headers['Content-Type'], undefined);
});

test('an empty answer (204) is null', async (t) => {
  stubFetch(t, new Response(null, {status: 204}));
  assert.equal(await api('DELETE', '/trail/r1'), null);
});

test('withTotal returns the X-Total-Count with the records', async (t) => {
  stubFetch(t, json([{id: 'a'}], 200, {'X-Total-Count': '37'}));
  assert.deepEqual(await api('GET', '/trail', null, {withTotal: true}), {data: [{id: 'a'}], total: 37});
});

test('a failed request throws ApiError carrying the status and the field messages', async (t) => {
  stubFetch(t, json({status: 400, message: 'Failed to create record.', data: {name: {code: 'validation_required', message: 'Cannot be blank.'}}}, 400));
  await assert.rejects(api('POST', '/trail', {}), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.message, 'Failed to create record.');
    assert.deepEqual(error.fields, {name: 'Cannot be blank.'});
    return true;
  });
});

test('a failed request answered in plain text shows the start of that text', async (t) => {
  stubFetch(t, new Response('x'.repeat(500), {status: 500, headers: {'Content-Type': 'text/plain'}}));
  await assert.rejects(api('GET', '/trail'), (error) => error.status === 500 && error.message === 'x'.repeat(200));
});

test("a reverse proxy's HTML error page is not shown as the message", async (t) => {
  const page = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body></html>';
  stubFetch(t, new Response(page, {status: 502, headers: {'Content-Type': 'text/html'}}));
  await assert.rejects(api('GET', '/trail'), (error) => error.status === 502 && error.message === 'The server failed to answer. Try again in a moment.');
});

test('a network failure is ApiError with status 0, an abort stays an AbortError', async (t) => {
  stubFetch(t, () => {
    throw new TypeError('Failed to fetch');
  });
  await assert.rejects(api('GET', '/trail'), (error) => error instanceof ApiError && error.status === 0 && /cannot be reached/.test(error.message));
  t.mock.restoreAll();
  const controller = new AbortController();
  const calls = stubFetch(t, (url, init) => {
    throw Object.assign(new Error('aborted'), {name: 'AbortError'});
  });
  await assert.rejects(api('GET', '/trail', null, {signal: controller.signal}), (error) => !(error instanceof ApiError) && error.name === 'AbortError');
  assert.equal(calls[0].init.signal, controller.signal);
});

test('a link-share token goes on GETs only, and not when a request opts out', async (t) => {
  const calls = stubFetch(t, () => json({}));
  setShareToken('s3cret');
  await api('GET', '/trail/r1', null, {query: {expand: 'author'}});
  await api('GET', '/trail-share', null, {share: false});
  await api('PATCH', '/trail/r1', {name: 'x'});
  assert.deepEqual(calls.map((c) => c.url), ['/api/v1/trail/r1?expand=author&share=s3cret', '/api/v1/trail-share', '/api/v1/trail/r1']);
});

// --- listAll() ------------------------------------------------------------------------------

test('listAll() reads every page of 500 until the total is reached', async (t) => {
  const records = Array.from({length: 1234}, (_, i) => ({id: `r${i}`}));
  const calls = stubFetch(t, (url) => {
    const params = new URL(url, 'http://x').searchParams;
    const page = Number(params.get('page'));
    const perPage = Number(params.get('perPage'));
    return json(records.slice((page - 1) * perPage, page * perPage), 200, {'X-Total-Count': String(records.length)});
  });
  const all = await listAll('/waypoint', {filter: 'trail="t1"'});
  assert.deepEqual(all, records);
  assert.equal(calls.length, 3);
  assert.equal(new URL(calls[0].url, 'http://x').searchParams.get('filter'), 'trail="t1"');
});

test('listAll() stops at its limit', async (t) => {
  const calls = stubFetch(t, () => json(Array.from({length: 500}, (_, i) => ({id: i})), 200, {'X-Total-Count': '100000'}));
  const all = await listAll('/trail', {}, 1000);
  assert.equal(all.length, 1000);
  assert.equal(calls.length, 2);
});

// --- upload() -------------------------------------------------------------------------------

// Enough of XMLHttpRequest for upload(): the test plays the network with the helper methods.
class FakeXhr {
  static last = null;
  constructor() {
    FakeXhr.last = this;
    this.headers = {};
    this.upload = {};
    this.status = 0;
    this.responseText = '';
    this.aborted = false;
  }
  open(method, url) {
    Object.assign(this, {method, url});
  }
  setRequestHeader(key, value) {
    this.headers[key] = value;
  }
  send(body) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded, total) {
    this.upload.onprogress?.({lengthComputable: true, loaded, total});
  }
  answer(status, text) {
    Object.assign(this, {status, responseText: text});
    this.onload?.();
  }
}

test('upload() reports progress and "sent", then resolves with the parsed answer', async (t) => {
  globalThis.XMLHttpRequest = FakeXhr;
  t.after(() => delete globalThis.XMLHttpRequest);
  const progress = [];
  let sent = 0;
  const {promise} = upload('POST', '/trail/t1/track', 'BODY', {onProgress: (l, n) => progress.push([l, n]), onSent: () => sent++, headers: {'X-Ignore-Duplicates': '1'}, query: {fields: 'id'}});
  const xhr = FakeXhr.last;
  assert.equal(xhr.method, 'POST');
  assert.equal(xhr.url, '/api/v1/trail/t1/track?fields=id');
  assert.equal(xhr.withCredentials, true);
  assert.equal(xhr.headers['X-Ignore-Duplicates'], '1');
  assert.equal(xhr.body, 'BODY');
  xhr.progress(50, 100);
  xhr.progress(100, 100);
  xhr.upload.onload();
  xhr.answer(200, '{"id":"t1"}');
  assert.deepEqual(await promise, {id: 't1'});
  assert.deepEqual(progress, [[50, 100], [100, 100]]);
  assert.equal(sent, 1);
});

test('upload() rejects with ApiError and its field messages, or AbortError when cancelled', async (t) => {
  globalThis.XMLHttpRequest = FakeXhr;
  t.after(() => delete globalThis.XMLHttpRequest);
  const failed = upload('POST', '/trail', 'x').promise;
  FakeXhr.last.answer(400, JSON.stringify({message: 'invalid_params', details: [{path: ['file'], message: 'Not a GPS file.'}]}));
  await assert.rejects(failed, (error) => error instanceof ApiError && error.status === 400 && error.fields.file === 'Not a GPS file.');
  // nginx's own page when an upload exceeds client_max_body_size.
  const tooLarge = upload('POST', '/trail', 'x').promise;
  FakeXhr.last.answer(413, '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n</html>');
  await assert.rejects(tooLarge, (error) => error.status === 413 && error.message === 'The upload is too large.');
  const {promise, abort} = upload('POST', '/trail', 'x');
  abort();
  assert.equal(FakeXhr.last.aborted, true);
  await assert.rejects(promise, (error) => !(error instanceof ApiError) && error.name === 'AbortError');
});
