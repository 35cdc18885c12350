// web/features/people/follow_button.js on a stand-in DOM: a click on "Request to follow" sends
// PUT /follow {followee} and the button says "Requested"; on "Follow" of a public account it says
// "Following"; one's own profile has no button; a visitor is sent to sign in.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {followButton} from '../../../../web/features/people/follow_button.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const signedIn = {user: {id: 'me'}, get signedIn() {
  return true;
}};

for (const [isPrivate, status, label] of [[true, 'pending', 'Requested'], [false, 'accepted', 'Following']]) {
  test(`following a ${isPrivate ? 'private' : 'public'} account: the button then says ${label}`, async (t) => {
    const document = installDom(t);
    document.getElementById = () => null; // no toast region
    const calls = stubFetch(t, () => json({id: 'f1', follower: 'me', followee: 'u2', status}));
    const box = followButton({id: 'u2', username: 'ben', private: isPrivate, follow: null}, {session: signedIn, navigate: () => {}});
    const button = box.querySelector('button');
    assert.equal(button.textContent, isPrivate ? 'Request to follow' : 'Follow');
    button.click();
    await settle();
    await settle();
    assert.equal(calls.length, 1);
    assert.equal(calls[0].method, 'PUT');
    assert.match(calls[0].url, /\/api\/v1\/follow$/);
    assert.deepEqual(calls[0].body, {followee: 'u2'});
    assert.equal(button.textContent, label);
    assert.equal(button.getAttribute('aria-pressed'), 'true');
  });
}

test('one’s own profile has no follow button; a visitor’s click goes to sign in', async (t) => {
  installDom(t);
  assert.equal(followButton({id: 'me', username: 'me'}, {session: signedIn, navigate: () => {}}), null);
  const went = [];
  const visitor = {user: null, signedIn: false};
  globalThis.location = {pathname: '/profile/@ben', search: ''};
  t.after(() => delete globalThis.location);
  const box = followButton({id: 'u2', username: 'ben'}, {session: visitor, navigate: (to) => went.push(to)});
  box.querySelector('button').click();
  await settle();
  assert.deepEqual(went, ['/login?next=%2Fprofile%2F%40ben']);
});
