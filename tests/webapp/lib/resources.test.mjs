// web/lib/resources.js: each resource client call becomes the API request it stands for (method,
// path, query, body), link-share tokens go only where a link share reaches, and uploads go
// through XMLHttpRequest with progress.
import {test, afterEach} from 'node:test';
import assert from 'node:assert/strict';
import {setShareToken} from '../../../web/lib/api.js';
import {
  apiTokens, archiveImports, auth, categories, categoryPreferences, comments, files, linkShares, listLinkShares, listShares, lists, pluginInstances, shares, subcategories,
  subcategoryPreferences, summitLogs, tags, trailShares, trails, users, waypoints,
} from '../../../web/lib/resources.js';
import {installFakeXhr, json, stubFetch} from '../support/fake_network.mjs';

afterEach(() => setShareToken(''));

// [what, call, method, url, body]: one row per client call.
const requests = [
  ['trails.list', () => trails.list({page: 2, filter: 'public = true'}), 'GET', '/api/v1/trail?page=2&filter=public+%3D+true'],
  ['trails.show with expand', () => trails.show('abc123abc123abc', {expand: 'tags'}), 'GET', '/api/v1/trail/abc123abc123abc?expand=tags'],
  ['trails.create', () => trails.create({name: 'Ridge', tags: ['t1']}), 'PUT', '/api/v1/trail', {name: 'Ridge', tags: ['t1']}],
  ['trails.update', () => trails.update('t1', {tags: []}, {query: {expand: 'category'}}), 'POST', '/api/v1/trail/t1?expand=category', {tags: []}],
  ['trails.remove', () => trails.remove('t1'), 'DELETE', '/api/v1/trail/t1'],
  ['trails.profile', () => trails.profile('t1', {points: 800}), 'GET', '/api/v1/trail/t1/profile?points=800'],
  ['trails.filterRanges', () => trails.filterRanges(), 'GET', '/api/v1/trail/filter'],
  ['waypoints.all', () => waypoints.all({filter: 'trail="t1"'}), 'GET', '/api/v1/waypoint?filter=trail%3D%22t1%22&page=1&perPage=500'],
  ['comments.create', () => comments.create({text: 'Hi'}, {query: {expand: 'author'}}), 'PUT', '/api/v1/comment?expand=author', {text: 'Hi'}],
  ['summitLogs.remove', () => summitLogs.remove('s1'), 'DELETE', '/api/v1/summit-log/s1'],
  ['lists.update', () => lists.update('l1', {name: 'L', trails: ['a']}), 'POST', '/api/v1/list/l1', {name: 'L', trails: ['a']}],
  ['trailShares.list', () => trailShares.list({perPage: 1}), 'GET', '/api/v1/trail-share?perPage=1'],
  ['listShares.create', () => listShares.create({list: 'l1'}), 'PUT', '/api/v1/list-share', {list: 'l1'}],
  ['shares[kind]', () => shares.trail.remove('x1'), 'DELETE', '/api/v1/trail-share/x1'],
  ['linkShares.create', () => linkShares.create({trail: 't1', permission: 'view'}), 'PUT', '/api/v1/trail-link-share', {trail: 't1', permission: 'view'}],
  ['listLinkShares.create', () => listLinkShares.create({list: 'l1', permission: 'view'}), 'PUT', '/api/v1/list-link-share', {list: 'l1', permission: 'view'}],
  ['trails.bulk', () => trails.bulk(['t1', 't2'], {tags: {add: ['g1'], remove: []}}), 'POST', '/api/v1/trail/bulk', {ids: ['t1', 't2'], tags: {add: ['g1'], remove: []}}],
  ['users.search', () => users.search('ali'), 'GET', '/api/v1/search/actor?q=ali'],
  ['users.update', () => users.update('u1', {bio: 'x'}), 'POST', '/api/v1/user/u1', {bio: 'x'}],
  ['apiTokens.create', () => apiTokens.create({name: 'phone'}), 'PUT', '/api/v1/api-token', {name: 'phone'}],
  ['tags.list', () => tags.list({filter: 'name ~ "al"', sort: 'name', perPage: 10}), 'GET', '/api/v1/tag?filter=name+%7E+%22al%22&sort=name&perPage=10'],
  ['tags.create', () => tags.create('Alps'), 'PUT', '/api/v1/tag', {name: 'Alps'}],
  ['categoryPreferences.list', () => categoryPreferences.list(), 'GET', '/api/v1/user-category-preference'],
  ['categoryPreferences.save', () => categoryPreferences.save('c1', false), 'PUT', '/api/v1/user-category-preference', {category: 'c1', visible: false}],
  ['categoryPreferences.reorder', () => categoryPreferences.reorder(['c2', 'c1']), 'POST', '/api/v1/user-category-preference/reorder', {categories: ['c2', 'c1']}],
  ['subcategoryPreferences.list', () => subcategoryPreferences.list(), 'GET', '/api/v1/user-subcategory-preference'],
  ['subcategoryPreferences.save', () => subcategoryPreferences.save('s1', false), 'PUT', '/api/v1/user-subcategory-preference', {subcategory: 's1', visible: false}],
  ['subcategoryPreferences.reorder', () => subcategoryPreferences.reorder('c1', ['s2', 's1']), 'POST', '/api/v1/user-subcategory-preference/reorder', {category: 'c1', subcategories: ['s2', 's1']}],
  ['auth.me', () => auth.me(), 'GET', '/api/v1/auth/me'],
  ['auth.login', () => auth.login('alice', 'pw'), 'POST', '/api/v1/auth/login', {username: 'alice', password: 'pw'}],
  ['auth.logout', () => auth.logout(), 'POST', '/api/v1/auth/logout', {}],
  ['auth.requestPasswordReset', () => auth.requestPasswordReset('a@b.c'), 'POST', '/api/v1/auth/reset', {email: 'a@b.c'}],
  ['pluginInstances.oauthStart', () => pluginInstances.oauthStart('i1'), 'POST', '/api/v1/plugin-system/oauth/start', {instance: 'i1'}],
  ['pluginInstances.oauthCallback', () => pluginInstances.oauthCallback({state: 's', code: 'c', scope: 'read'}), 'POST', '/api/v1/plugin-system/oauth/callback', {state: 's', code: 'c', scope: 'read'}],
  ['pluginInstances.oauthCallback declined', () => pluginInstances.oauthCallback({state: 's', error: 'access_denied'}), 'POST', '/api/v1/plugin-system/oauth/callback', {state: 's', error: 'access_denied'}],
  ['pluginInstances.oauthRevoke', () => pluginInstances.oauthRevoke('i1'), 'POST', '/api/v1/plugin-system/oauth/revoke', {instance: 'i1'}],
  ['pluginInstances.sync', () => pluginInstances.sync('i1'), 'POST', '/api/v1/plugin-system/sync', {instance: 'i1'}],
  ['archiveImports.show', () => archiveImports.show('j1'), 'GET', '/api/v1/plugin-system/import/j1'],
  ['auth.confirmPasswordReset', () => auth.confirmPasswordReset({token: 'k', password: 'p', passwordConfirm: 'p'}), 'POST', '/api/v1/auth/confirm-reset', {token: 'k', password: 'p', passwordConfirm: 'p'}],
];

for (const [what, call, method, url, body] of requests) {
  test(`${what} sends ${method} ${url}`, async (t) => {
    const calls = stubFetch(t, () => json([]));
    await call();
    assert.equal(calls.length, 1);
    assert.equal(calls[0].method, method);
    assert.equal(calls[0].url, url);
    assert.deepEqual(calls[0].body, body);
  });
}

test('ids are encoded into the path', async (t) => {
  const calls = stubFetch(t, () => json({}));
  await lists.show('a/b?c');
  assert.equal(calls[0].url, '/api/v1/list/a%2Fb%3Fc');
});

test("the page's link-share token rides on trail and list reads but never on reads of shares or people, nor on bulk changes", async (t) => {
  setShareToken('tok');
  const calls = stubFetch(t, () => json([]));
  await trails.show('t1');
  await waypoints.list({filter: 'x'});
  await trailShares.list({perPage: 1});
  await linkShares.list({perPage: 1});
  await listLinkShares.list({perPage: 1});
  await users.search('bo');
  await comments.create({text: 'x'});
  await trails.bulk(['t1'], {delete: true});
  await lists.show('l1');
  assert.deepEqual(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('share')), ['tok', 'tok', null, null, null, null, null, null, 'tok']);
});

test('trails.download asks for GPX with the link token and resolves with the file as a Blob', async (t) => {
  setShareToken('tok');
  const calls = stubFetch(t, () => new Response('<gpx/>', {status: 200, headers: {'Content-Type': 'application/gpx+xml'}}));
  const blob = await trails.download(['t1']);
  assert.equal(await blob.text(), '<gpx/>');
  assert.equal(calls[0].method, 'POST');
  assert.equal(calls[0].url, '/api/v1/trail/download?share=tok');
  assert.deepEqual(calls[0].body, {ids: ['t1'], format: 'gpx'});
  assert.match(calls[0].init.headers.Accept, /application\/gpx\+xml/);
});

test('a refused download is an ApiError with the server message, not a file', async (t) => {
  stubFetch(t, () => json({status: 404, message: 'Not found.'}, 404));
  await assert.rejects(trails.download(['t1']), (error) => error.status === 404 && error.message === 'Not found.');
});

test('categories are asked for once per page load, and again after a failure', async (t) => {
  let fail = true;
  const calls = stubFetch(t, () => (fail ? json({message: 'down'}, 503) : json([{id: 'c1', name: 'Hike'}])));
  await assert.rejects(categories.list());
  fail = false;
  assert.deepEqual(await categories.list(), [{id: 'c1', name: 'Hike'}]);
  await categories.list();
  assert.equal(calls.length, 2);
  assert.equal(calls[1].url, '/api/v1/category?perPage=500&sort=name');
});

test('subcategories are asked for once per page load, and again after a failure', async (t) => {
  let fail = true;
  const calls = stubFetch(t, () => (fail ? json({message: 'down'}, 503) : json([{id: 's1', name: 'Day hike', category: 'c1'}])));
  await assert.rejects(subcategories.list());
  fail = false;
  assert.deepEqual(await subcategories.list(), [{id: 's1', name: 'Day hike', category: 'c1'}]);
  await subcategories.list();
  assert.equal(calls.length, 2);
  assert.equal(calls[1].url, '/api/v1/subcategory?perPage=500&sort=name&fields=id%2Cname%2Ccategory');
});

test('trails.upload sends a plain-named file as the whole body and names it in a header', (t) => {
  const sent = installFakeXhr(t);
  trails.upload(new File(['<gpx/>'], 'ridge.gpx'), {ignoreDuplicates: true});
  assert.equal(sent[0].method, 'PUT');
  assert.equal(sent[0].url, '/api/v1/trail/upload?ignoreDuplicates=true');
  assert.equal(sent[0].headers['Content-Disposition'], 'attachment; filename="ridge.gpx"');
  assert.ok(sent[0].body instanceof File);
});

test('trails.upload sends a file whose name XHR cannot put in a header as multipart', (t) => {
  const sent = installFakeXhr(t);
  trails.upload(new File(['<gpx/>'], 'Gipfel "Höhe".gpx'), {ignoreDuplicates: true});
  assert.equal(sent[0].url, '/api/v1/trail/upload');
  assert.ok(sent[0].body instanceof FormData);
  assert.equal(sent[0].body.get('file').name, "Gipfel 'Höhe'.gpx");
  assert.equal(sent[0].body.get('ignoreDuplicates'), 'true');
});

test('file uploads of a record report progress and resolve with the record', async (t) => {
  const sent = installFakeXhr(t);
  const progress = [];
  const form = new FormData();
  const {promise} = lists.uploadFiles('l1', form, {onProgress: (loaded, total) => progress.push([loaded, total])});
  assert.equal(sent[0].url, '/api/v1/list/l1/file');
  sent[0].upload.onprogress({lengthComputable: true, loaded: 5, total: 10});
  sent[0].answer(200, {id: 'l1', avatar: 'a.png'});
  assert.deepEqual(await promise, {id: 'l1', avatar: 'a.png'});
  assert.deepEqual(progress, [[5, 10]]);
  const log = summitLogs.createWithFiles(form, {query: {expand: 'author'}});
  assert.equal(sent[1].url, '/api/v1/summit-log/form?expand=author');
  sent[1].answer(200, {id: 's1'});
  await log.promise;
});

test('files.url points at the stored file', () => {
  assert.equal(files.url({collectionId: 'c1', id: 'r1', collectionName: 'lists'}, 'a b.png', {thumb: '100x100'}), '/api/v1/files/c1/r1/a%20b.png?thumb=100x100');
});
