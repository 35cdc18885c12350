// web/features/settings/plugins_section.js and plugin_sync.js against a stand-in server: a row of
// a service that syncs has "Sync now", which starts a sync and follows its job every 1.5 s in the
// row's status note ("Syncing… 3 of 10", then the counts, and the reason of a failure); an OAuth
// service signed in has "Sign out of <service>", which revokes and redraws the row; its Connect
// button says "Sign in again" when the service dropped the sign-in.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {pluginsSection} from '../../../../web/features/settings/plugins_section.js';
import {
  SYNC_POLL_MS, canSync, connectButtonWords, isSignedIn, mayStartSync, signedOutRecord, syncProgressText, syncSummaryText,
} from '../../../../web/features/settings/plugin_sync.js';

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

const STRAVA = {
  id: 'strava',
  name: 'Strava',
  capabilities: ['sync'],
  manifest: {oauth: true, capabilities: ['sync'], settings: [{name: 'clientId', label: 'Client ID', required: true}, {name: 'clientSecret', label: 'Client secret', secret: true, required: true}]},
};
const WANDERER = {id: 'wanderer', name: 'wanderer or Cairn', capabilities: ['send'], manifest: {capabilities: ['send'], settings: []}};
// As the API answers it: secrets stored come back as "".
const SIGNED_IN = {id: 'i1', plugin_id: 'strava', enabled: true, config: {clientId: '42'}, auth: {clientSecret: '', access_token: '', refresh_token: ''}, status: 'configured', message: 'Connected to Strava as Jo.', last_sync: ''};

const job = (fields) => ({id: 'j1', plugin: 'strava', source: 'Strava account', format: 'strava-api', expected: 0, done: 0, imported: 0, skipped: 0, failed: 0, problems: [], message: '', ...fields});

// The section on a page, the server answering from `routes` ({'METHOD /path': body or
// () => body or [status, body]}); returns the section, the requests made and helpers.
async function sectionOnPage(t, instances, routes = {}) {
  const document = installDom(t);
  const base = {
    'GET /api/v1/plugin-system/plugins': {items: [STRAVA, WANDERER]},
    'GET /api/v1/plugin-instance': instances,
  };
  const calls = stubFetch(t, (url, init) => {
    const key = `${init.method || 'GET'} ${new URL(url, 'http://x').pathname}`;
    let answer = routes[key] ?? base[key];
    if (typeof answer === 'function') answer = answer();
    if (answer === undefined) return json({message: `no route ${key}`}, 404);
    return Array.isArray(answer) && typeof answer[0] === 'number' ? json(answer[1], answer[0]) : json(answer);
  });
  const section = pluginsSection();
  document.body.append(section);
  await settle();
  const rowOf = (plugin) => section.querySelector(`li[data-plugin="${plugin}"]`);
  const buttonNamed = (row, label) => row.querySelectorAll('button').find((b) => b.getAttribute('aria-label') === label);
  const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, new URL(c.url, 'http://x').pathname, c.body]);
  const polls = () => calls.filter((c) => c.url.endsWith('/plugin-system/import/j1')).length;
  return {document, section, calls, rowOf, buttonNamed, writes, polls};
}

const labels = (row) => row.querySelectorAll('button').map((b) => b.textContent);

test('which rows offer what: sync, sign-in words, sign-out only while signed in', () => {
  assert.equal(canSync(STRAVA), true);
  assert.equal(canSync(WANDERER), false);
  assert.equal(isSignedIn(SIGNED_IN), true);
  assert.equal(isSignedIn({...SIGNED_IN, status: 'needs_auth'}), false, 'the server says the sign-in is missing');
  assert.equal(isSignedIn({...SIGNED_IN, auth: {clientSecret: ''}}), false, 'no token kept');
  assert.equal(isSignedIn({...SIGNED_IN, auth: {refresh_token: ''}}), true);
  assert.equal(mayStartSync(SIGNED_IN), true);
  assert.equal(mayStartSync({...SIGNED_IN, enabled: false}), false);
  assert.equal(mayStartSync({...SIGNED_IN, status: 'needs_reauth'}), false);
  assert.deepEqual(connectButtonWords({status: 'needs_reauth'}, 'Strava'), {text: 'Sign in again', label: 'Sign in again to Strava'});
  assert.deepEqual(connectButtonWords({status: 'configured'}, 'Strava'), {text: 'Connect', label: 'Connect Strava account'});
  assert.deepEqual(signedOutRecord(SIGNED_IN).auth, {clientSecret: ''});
  assert.equal(signedOutRecord(SIGNED_IN).status, 'needs_auth');
});

test('the words of a sync as it goes and when it ends', () => {
  assert.equal(syncProgressText(job({status: 'queued'})), 'Syncing…');
  assert.equal(syncProgressText(job({status: 'running'})), 'Syncing…', 'until the service said how many');
  assert.equal(syncProgressText(job({status: 'running', expected: 10, done: 3})), 'Syncing… 3 of 10');
  assert.equal(syncSummaryText(job({status: 'done', imported: 4, skipped: 1})), 'Sync done: 4 imported, 1 skipped, 0 failed.');
  assert.equal(syncSummaryText(job({status: 'failed', imported: 1})), 'Sync stopped: 1 imported, 0 skipped, 0 failed.');
  assert.equal(syncSummaryText(job({status: 'cancelled'})), 'Sync cancelled: 0 imported, 0 skipped, 0 failed.');
});

test('the rows: Strava signed in has Sync now and Sign out; Sign in again after the service dropped it; others have neither', async (t) => {
  const {rowOf, buttonNamed, section} = await sectionOnPage(t, [
    SIGNED_IN,
    {...SIGNED_IN, id: 'i2', status: 'needs_reauth', message: 'Strava asks to sign in again.'},
    {...SIGNED_IN, id: 'i3', status: 'needs_auth', auth: {clientSecret: ''}, message: ''},
    {id: 'i4', plugin_id: 'wanderer', enabled: true, config: {}, auth: {}, status: 'configured', message: '', last_sync: '2025-03-01 10:02:03.000Z'},
  ]);
  const rows = section.querySelectorAll('li.plugin-row');
  assert.equal(rows.length, 4);
  assert.deepEqual(labels(rows[0]), ['Sync now', 'Connect', 'Sign out of Strava', 'Check', 'Settings', 'Disable', 'Disconnect']);
  assert.ok(buttonNamed(rows[0], 'Sync now with Strava'));
  assert.ok(buttonNamed(rows[0], 'Sign out of Strava'));
  assert.deepEqual(labels(rows[1]), ['Sign in again', 'Sign out of Strava', 'Check', 'Settings', 'Disable', 'Disconnect'], 'no sync while the sign-in is dropped');
  assert.ok(buttonNamed(rows[1], 'Sign in again to Strava'));
  assert.equal(rows[1].querySelector('.plugin-message').textContent, 'Strava asks to sign in again.');
  assert.deepEqual(labels(rows[2]), ['Connect', 'Check', 'Settings', 'Disable', 'Disconnect'], 'never signed in: nothing to sign out of');
  assert.deepEqual(labels(rowOf('wanderer')), ['Check', 'Settings', 'Disable', 'Disconnect']);
  assert.equal(rowOf('wanderer').querySelector('.plugin-meta').textContent, 'Last sync: 2025-03-01 10:02 UTC');
});

test('Sync now starts a sync and shows its progress every 1.5 s, then its counts and the new last sync', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const states = [job({status: 'running', expected: 10, done: 3, imported: 3}), job({status: 'done', expected: 10, done: 10, imported: 4, skipped: 1, problems: [{item: 'Morning Run', result: 'skipped', reason: 'no GPS track'}]})];
  const {rowOf, buttonNamed, writes, polls} = await sectionOnPage(t, [SIGNED_IN], {
    'POST /api/v1/plugin-system/sync': job({status: 'queued'}),
    'GET /api/v1/plugin-system/import/j1': () => states.shift(),
    'GET /api/v1/plugin-instance/i1': {...SIGNED_IN, last_sync: '2025-06-02 08:15:00.000Z'},
  });
  const row = rowOf('strava');
  const note = row.querySelector('.saved-note');
  assert.equal(note.getAttribute('role'), 'status');
  assert.equal(note.getAttribute('aria-live'), 'polite');
  const button = buttonNamed(row, 'Sync now with Strava');
  button.focus();
  button.click();
  await settle();
  assert.deepEqual(writes(), [['POST', '/api/v1/plugin-system/sync', {instance: 'i1'}]]);
  assert.equal(note.textContent, 'Syncing…');
  assert.equal(note.hasAttribute('aria-busy'), false, 'the start is read out');
  assert.equal(button.disabled, true, 'one click, one sync');
  assert.equal(polls(), 0, 'not asked again at once');

  t.mock.timers.tick(SYNC_POLL_MS - 1);
  await settle();
  assert.equal(polls(), 0);
  t.mock.timers.tick(1);
  await settle();
  assert.equal(polls(), 1);
  assert.equal(note.textContent, 'Syncing… 3 of 10');
  assert.equal(note.getAttribute('aria-busy'), 'true', 'the numbers on the way are not read out');

  t.mock.timers.tick(SYNC_POLL_MS);
  await settle();
  assert.equal(polls(), 2);
  assert.equal(note.textContent, 'Sync done: 4 imported, 1 skipped, 0 failed.');
  assert.equal(note.hasAttribute('aria-busy'), false, 'the summary is read out');
  assert.equal(row.querySelector('.field-error').textContent, '');
  assert.equal(row.querySelector('.plugin-meta').textContent, 'Last sync: 2025-06-02 08:15 UTC', 'the row is redrawn from the fresh record');
  assert.equal(row.querySelector('.plugin-sync-link a').getAttribute('href'), '/import?job=j1');
  const again = buttonNamed(row, 'Sync now with Strava');
  assert.equal(again.disabled, false);
  assert.equal(globalThis.document.activeElement, again, 'focus stays on Sync now across the redraw');

  t.mock.timers.tick(SYNC_POLL_MS * 5);
  await settle();
  assert.equal(polls(), 2, 'no polling after the end');
});

test('a failed sync: the counts, and the reason in words as an alert', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {rowOf, buttonNamed} = await sectionOnPage(t, [SIGNED_IN], {
    'POST /api/v1/plugin-system/sync': job({status: 'running'}),
    'GET /api/v1/plugin-system/import/j1': job({status: 'failed', imported: 2, failed: 1, message: 'Strava answered 429: too many requests.'}),
    'GET /api/v1/plugin-instance/i1': {...SIGNED_IN, status: 'rate_limited'},
  });
  const row = rowOf('strava');
  buttonNamed(row, 'Sync now with Strava').click();
  await settle();
  t.mock.timers.tick(SYNC_POLL_MS);
  await settle();
  assert.equal(row.querySelector('.saved-note').textContent, 'Sync stopped: 2 imported, 0 skipped, 1 failed.');
  const error = row.querySelector('.field-error');
  assert.equal(error.getAttribute('role'), 'alert');
  assert.equal(error.textContent, 'The sync failed: Strava answered 429: too many requests.');
  assert.equal(row.querySelector('.plugin-status').textContent, 'Paused by the service (rate limit)');
});

test('a sync the server refuses says why and starts no polling', async (t) => {
  t.mock.timers.enable({apis: ['setTimeout']});
  const {rowOf, buttonNamed, polls} = await sectionOnPage(t, [SIGNED_IN], {
    'POST /api/v1/plugin-system/sync': [409, {message: 'A sync of this connection is already running.', status: 409}],
  });
  const row = rowOf('strava');
  buttonNamed(row, 'Sync now with Strava').click();
  await settle();
  t.mock.timers.tick(SYNC_POLL_MS * 2);
  await settle();
  assert.equal(row.querySelector('.field-error').textContent, 'A sync of this connection is already running.');
  assert.equal(row.querySelector('.saved-note').textContent, '');
  assert.equal(polls(), 0);
  assert.equal(buttonNamed(row, 'Sync now with Strava').disabled, false);
});

test('Sign out of Strava revokes, redraws the row as needing sign-in, says the server message and keeps focus on Connect', async (t) => {
  const {rowOf, buttonNamed, writes, document} = await sectionOnPage(t, [SIGNED_IN], {
    'POST /api/v1/plugin-system/oauth/revoke': {acknowledged: true, message: 'Signed out of Strava.'},
    'GET /api/v1/plugin-instance/i1': {...SIGNED_IN, auth: {clientSecret: ''}, status: 'needs_auth', message: 'Signed out of Strava.'},
  });
  const row = rowOf('strava');
  const button = buttonNamed(row, 'Sign out of Strava');
  button.focus();
  button.click();
  await settle();
  assert.deepEqual(writes(), [['POST', '/api/v1/plugin-system/oauth/revoke', {instance: 'i1'}]]);
  assert.deepEqual(labels(row), ['Connect', 'Check', 'Settings', 'Disable', 'Disconnect']);
  assert.equal(row.querySelector('.plugin-status').textContent, 'Needs sign-in');
  assert.equal(row.querySelector('.saved-note').textContent, 'Signed out of Strava.');
  assert.equal(document.activeElement, buttonNamed(row, 'Connect Strava account'));
});

test('Disconnect of a signed-in Strava tells Strava first, then forgets the connection', async (t) => {
  const {rowOf, buttonNamed, writes, document} = await sectionOnPage(t, [SIGNED_IN], {
    'POST /api/v1/plugin-system/oauth/revoke': {acknowledged: true, message: 'Signed out of Strava.'},
    'DELETE /api/v1/plugin-instance/i1': {acknowledged: true},
  });
  buttonNamed(rowOf('strava'), 'Disconnect Strava').click();
  await settle();
  const confirm = document.body.querySelectorAll('button').find((b) => b.textContent === 'Disconnect' && !b.getAttribute('aria-label'));
  assert.ok(confirm, 'the confirmation asks first');
  confirm.click();
  await settle();
  assert.deepEqual(writes().map(([method, path]) => `${method} ${path}`), [
    'POST /api/v1/plugin-system/oauth/revoke',
    'DELETE /api/v1/plugin-instance/i1',
  ]);
  assert.equal(rowOf('strava'), null);
});
