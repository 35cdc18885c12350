// web/features/settings/oauth_callback_screen.js: where a service's OAuth sign-in sends the
// browser back (/settings/connected?state=…&code=…). The query's answer goes to
// /plugin-system/oauth/callback once, the address loses it before anything is sent, success says
// "Connected…" and goes on to Settings' connected services (replacing the entry), a failure says
// the server's words with a link back; the code and state are never shown nor logged.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import screen, {
  CALLBACK_PATH, SETTINGS_HREF, callbackParams, connectedText, failureText, missingReason, redact,
} from '../../../../web/features/settings/oauth_callback_screen.js';
import {ApiError} from '../../../../web/lib/api.js';

const CODE = 'c0de-9f8e7d6c5b4a';
const STATE = 'st4te-0123456789abcdef';
const RECORD = {id: 'i1', plugin_id: 'strava', enabled: true, config: {account: 'Jo'}, auth: {access_token: '', refresh_token: ''}, status: 'configured', message: 'Connected to Strava as Jo.', last_sync: ''};

test('the query becomes the request body; absent parameters are left out', () => {
  const params = callbackParams(new URLSearchParams(`state=${STATE}&code=${CODE}&scope=read,activity:read_all`));
  assert.deepEqual(params, {state: STATE, code: CODE, scope: 'read,activity:read_all', error: undefined});
  assert.deepEqual(JSON.parse(JSON.stringify(callbackParams(new URLSearchParams(`state=${STATE}&error=access_denied`)))), {state: STATE, error: 'access_denied'});
  assert.equal(missingReason(params), '');
  assert.equal(missingReason(callbackParams(new URLSearchParams(`state=${STATE}&error=access_denied`))), '');
  assert.match(missingReason(callbackParams(new URLSearchParams(''))), /Start again from Settings/);
  assert.match(missingReason(callbackParams(new URLSearchParams(`code=${CODE}`))), /no answer/, 'a code without its state finishes nothing');
  assert.match(missingReason(callbackParams(new URLSearchParams(`state=${STATE}`))), /no answer/);
});

test('the words: the server message, the code and state cut out, a 502 or 401 explained', () => {
  const params = {state: STATE, code: CODE};
  assert.equal(redact(`bad code ${CODE} for ${STATE}`, params), 'bad code … for …');
  const declined = new ApiError(400, {message: 'You declined the access on Strava; nothing was connected.', status: 400});
  assert.equal(failureText(declined, params), 'You declined the access on Strava; nothing was connected.');
  assert.equal(failureText(new ApiError(502, {message: 'Strava refused the code.'}), params), 'Strava refused the code.');
  assert.match(failureText(new ApiError(502, null), params), /service did not accept the sign-in/);
  assert.match(failureText(new ApiError(401, {message: 'Sign in to connect a service.'}), params), /signed out of Cairn/);
  const formB = new ApiError(400, {message: 'invalid_params', details: [{path: ['state'], message: `state ${STATE} is not valid`}]});
  assert.equal(failureText(formB, params), 'state … is not valid');
  assert.equal(connectedText(RECORD), 'Connected to Strava as Jo.', 'not "Connected: Connected…"');
  assert.equal(connectedText({message: 'Signed in as Jo.'}), 'Connected: Signed in as Jo.');
  assert.equal(connectedText({message: ''}), 'Connected.');
});

// Every text and attribute value of the tree, to look for what must not be there.
function everything(node) {
  const own = node.attributes ? [...node.attributes.values()].join(' ') : '';
  return [own, node.data || '', ...node.childNodes.map(everything)].join(' ');
}

// The screen rendered at /settings/connected?<search> against a stand-in server answering
// `answer`; returns what it did: the requests, the history replacements, the navigations and
// the console lines.
async function renderAt(t, search, answer, {signedIn = true} = {}) {
  const document = installDom(t);
  const order = [];
  const replaced = [];
  globalThis.history = {replaceState: (state, title, url) => {
    order.push('replaceState');
    replaced.push(url);
  }};
  t.after(() => delete globalThis.history);
  const calls = stubFetch(t, (url, init) => {
    order.push('fetch');
    return answer(url, init);
  });
  const logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) t.mock.method(console, level, (...args) => logged.push(args.join(' ')));
  const view = document.createElement('main');
  document.body.append(view);
  const went = [];
  let current = true;
  await screen.render({
    view,
    query: new URLSearchParams(search),
    session: {signedIn, user: signedIn ? {id: 'me'} : null},
    navigate: (path, options) => {
      went.push([path, options]);
      current = false;
      return Promise.resolve(true);
    },
    isCurrent: () => current,
    requireUser: () => signedIn,
  });
  return {view, calls, order, replaced, went, logged, status: view.querySelector('[role="status"]')};
}

test('success: the answer is sent once, after the address lost it; it says Connected and goes on to Settings in place', async (t) => {
  const {view, calls, order, replaced, went, logged, status} = await renderAt(t, `?state=${STATE}&code=${CODE}&scope=read,activity:read_all`, () => json(RECORD));
  assert.equal(calls.length, 1);
  assert.equal(calls[0].method, 'POST');
  assert.equal(calls[0].url, '/api/v1/plugin-system/oauth/callback');
  assert.deepEqual(calls[0].body, {state: STATE, code: CODE, scope: 'read,activity:read_all'});
  assert.deepEqual(order, ['replaceState', 'fetch'], 'the address is cleared before the request');
  assert.deepEqual(replaced, [CALLBACK_PATH]);
  assert.equal(status.getAttribute('aria-live'), 'polite');
  assert.equal(status.textContent, 'Connected to Strava as Jo.');
  assert.deepEqual(went, [[SETTINGS_HREF, {replace: true, force: true}]], 'Back does not come here again');
  assert.equal(SETTINGS_HREF, '/settings#plugins', 'the Connected services section');
  assert.equal(everything(view).includes(CODE) || everything(view).includes(STATE), false);
  assert.deepEqual(logged, []);
});

test('a refusal says the server words with a link back to Settings, never the code, and stays here', async (t) => {
  const echo = `Strava refused the code ${CODE} (state ${STATE}).`;
  const {view, calls, went, logged, status} = await renderAt(t, `?state=${STATE}&code=${CODE}`, () => json({message: echo, status: 502}, 502));
  assert.equal(calls.length, 1);
  assert.equal(status.textContent, 'Not connected: Strava refused the code … (state …).');
  assert.ok(status.classList.contains('form-error'));
  const back = view.querySelector('a');
  assert.equal(back.getAttribute('href'), SETTINGS_HREF);
  assert.match(back.textContent, /Settings/);
  assert.deepEqual(went, []);
  const all = everything(view);
  assert.equal(all.includes(CODE), false, 'the code is not on the page');
  assert.equal(all.includes(STATE), false, 'nor the state');
  assert.deepEqual(logged, [], 'nothing is logged');
});

test('a declined sign-in is sent as such and its message shown', async (t) => {
  const {calls, status} = await renderAt(t, `?state=${STATE}&error=access_denied`, () => json({message: 'You declined the access on Strava; nothing was connected.', status: 400}, 400));
  assert.deepEqual(calls[0].body, {state: STATE, error: 'access_denied'});
  assert.equal(status.textContent, 'Not connected: You declined the access on Strava; nothing was connected.');
});

test('an expired or foreign state: the server message says to start again', async (t) => {
  const message = 'This sign-in answer is not one this server is waiting for (state mismatch, or older than ten minutes): start again from Settings.';
  const {status, view} = await renderAt(t, `?state=${STATE}&code=${CODE}`, () => json({message, status: 400, data: {state: {code: 'validation_invalid_value', message: 'Not a sign-in this server started for you.'}}}, 400));
  assert.equal(status.textContent, `Not connected: ${message}`);
  assert.equal(view.querySelector('a').getAttribute('href'), SETTINGS_HREF);
});

test('nothing to finish (opened by hand, reloaded): no request, the reason and the link', async (t) => {
  const {calls, status, went, view} = await renderAt(t, '', () => json(RECORD));
  assert.equal(calls.length, 0);
  assert.match(status.textContent, /^Not connected: .*Start again from Settings/);
  assert.equal(view.querySelector('a').getAttribute('href'), SETTINGS_HREF);
  assert.deepEqual(went, []);
});

test('signed out: no request, the code kept out of the sign-in link, the address cleared', async (t) => {
  const {calls, status, view, replaced} = await renderAt(t, `?state=${STATE}&code=${CODE}`, () => json(RECORD), {signedIn: false});
  assert.equal(calls.length, 0);
  assert.deepEqual(replaced, [CALLBACK_PATH]);
  assert.match(status.textContent, /signed out of Cairn/);
  assert.equal(view.querySelector('a').getAttribute('href'), '/login?next=%2Fsettings');
  assert.equal(everything(view).includes(CODE), false);
});
