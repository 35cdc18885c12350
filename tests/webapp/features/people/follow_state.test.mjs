// web/features/people/follow_state.js: the follow button's states (Follow, Request to follow,
// Requested, Following) and what a click does in each.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {countText, followAfter, followButtonState} from '../../../../web/features/people/follow_state.js';

test('the follow button by follow status and account privacy', () => {
  const cases = [
    [{follow: null}, 'none', 'Follow', 'follow', false],
    [{follow: null, isPrivate: true}, 'none', 'Request to follow', 'follow', false],
    [{follow: {id: 'f1', status: 'pending'}, isPrivate: true}, 'pending', 'Requested', 'cancel', true],
    [{follow: {id: 'f1', status: 'accepted'}}, 'accepted', 'Following', 'unfollow', true],
    [{follow: {id: 'f1', status: 'accepted'}, isPrivate: true}, 'accepted', 'Following', 'unfollow', true],
    [{follow: {status: 'accepted'}}, 'none', 'Follow', 'follow', false],
    [{follow: null, signedIn: false}, 'signin', 'Follow', 'signin', false],
    [{follow: null, signedIn: false, isPrivate: true}, 'signin', 'Request to follow', 'signin', false],
    [{isSelf: true, follow: null}, 'self', '', null, false],
  ];
  for (const [input, state, label, action, pressed] of cases) {
    const got = followButtonState(input);
    assert.deepEqual([got.state, got.label, got.action, got.pressed], [state, label, action, pressed], JSON.stringify(input));
  }
});

test('a private account says why the button asks', () => {
  assert.match(followButtonState({isPrivate: true}).hint, /private/);
  assert.match(followButtonState({follow: {id: 'x', status: 'pending'}}).hint, /withdraw/);
});

test('the state after following is the answer’s status, accepted when it says none', () => {
  assert.deepEqual(followAfter({id: 'a', status: 'pending'}), {id: 'a', status: 'pending'});
  assert.deepEqual(followAfter({id: 'a', status: 'accepted'}), {id: 'a', status: 'accepted'});
  assert.deepEqual(followAfter({id: 'a'}), {id: 'a', status: 'accepted'});
  assert.equal(followAfter(null), null);
});

test('counts read as words', () => {
  assert.equal(countText(1, 'follower'), '1 follower');
  assert.equal(countText(0, 'follower'), '0 followers');
  assert.equal(countText(1200, 'follower'), '1,200 followers');
  assert.equal(countText(2, 'following', 'following'), '2 following');
  assert.equal(countText(undefined, 'trail'), '0 trails');
});
