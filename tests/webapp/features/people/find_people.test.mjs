// web/features/people/find_people.js on a stand-in DOM: a handle of another server is asked for
// by /search/actor with the caller's follows beside it; each person found shows their server and
// the follow button in the state of the caller's follow; one's own account is left out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {findPeople, lookupText, splitHandle} from '../../../../web/features/people/find_people.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));
const session = {user: {id: 'me'}, get signedIn() {
  return true;
}};

test('a handle names a person and their server; a plain name only a person here', () => {
  assert.deepEqual(splitHandle('ben@trails.example.org'), {name: 'ben', server: 'trails.example.org'});
  assert.deepEqual(splitHandle('ben'), {name: 'ben', server: ''});
  assert.equal(lookupText('@ben@trails.example.org:8443'), 'Asking trails.example.org:8443…');
  assert.equal(lookupText('ben'), 'Looking…');
});

test('people found on another server show where they are and whether one follows them', async (t) => {
  const document = installDom(t);
  document.getElementById = () => null;
  const calls = stubFetch(t, (url) => {
    if (url.includes('/search/actor')) {
      return json([
        {id: 'me', username: 'amy'},
        {id: 'r1', username: 'ben@trails.example.org', private: false},
        {id: 'l2', username: 'bea', private: false},
      ]);
    }
    return json({items: [{id: 'f1', follower: 'me', followee: 'r1', status: 'pending'}], totalPages: 1});
  });
  const box = findPeople({session, navigate: () => {}});
  const form = box.querySelector('form');
  form.querySelector('input').value = '@ben@trails.example.org';
  form.dispatchEvent(new Event('submit', {cancelable: true}));
  await settle();
  await settle();
  await settle();
  const search = calls.find((c) => c.url.includes('/search/actor'));
  assert.ok(search, 'the people search was asked');
  assert.match(search.url, /q=%40ben%40trails\.example\.org/);
  const hits = box.querySelectorAll('.people-hit');
  assert.equal(hits.length, 2, 'one’s own account is not listed');
  assert.match(hits[0].textContent, /ben on trails\.example\.org/);
  assert.equal(hits[0].querySelector('a').getAttribute('href'), '/profile/@ben@trails.example.org');
  assert.equal(hits[0].querySelector('button').textContent, 'Requested');
  assert.equal(hits[1].querySelector('a').getAttribute('href'), '/profile/@bea');
  assert.equal(hits[1].querySelector('button').textContent, 'Follow');
});
