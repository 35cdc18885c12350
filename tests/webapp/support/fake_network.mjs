// Stand-ins for the browser's network objects, so the API client and the resource clients can be
// tested without a server: fetch replaced for one test, and enough of XMLHttpRequest for uploads.

// Replaces fetch for one test (node:test's `t`); `answer` is a Response or (url, init) ->
// Response. Returns the calls made, each {url, method, body, init} with a JSON body parsed.
export function stubFetch(t, answer) {
  const calls = [];
  t.mock.method(globalThis, 'fetch', async (url, init = {}) => {
    let body = init.body;
    if (typeof body === 'string' && init.headers?.['Content-Type'] === 'application/json') body = JSON.parse(body);
    calls.push({url: String(url), method: init.method || 'GET', body, init});
    return typeof answer === 'function' ? answer(String(url), init) : answer.clone();
  });
  return calls;
}

// A JSON response.
export function json(body, status = 200, headers = {}) {
  return new Response(JSON.stringify(body), {status, headers: {'Content-Type': 'application/json', ...headers}});
}

// XMLHttpRequest as far as upload() uses it; installed for one test with `installFakeXhr(t)`.
// The test plays the network: FakeXhr.sent lists every request ({method, url, headers, body}).
export class FakeXhr {
  static sent = [];
  constructor() {
    this.headers = {};
    this.upload = {};
    this.status = 0;
    this.responseText = '';
  }
  open(method, url) {
    Object.assign(this, {method, url});
  }
  setRequestHeader(key, value) {
    this.headers[key] = value;
  }
  send(body) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status, body) {
    Object.assign(this, {status, responseText: JSON.stringify(body)});
    this.onload?.();
  }
}

export function installFakeXhr(t) {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr;
  t.after(() => delete globalThis.XMLHttpRequest);
  return FakeXhr.sent;
}
