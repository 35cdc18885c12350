// web/lib/people.js: profile addresses and handles; web/lib/api.js listItems: both list shapes.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {handleOf, profileHref} from '../../../web/lib/people.js';
import {listItems} from '../../../web/lib/api.js';
import {likedFilter} from '../../../web/features/people/like_button.js';

test('a profile is /profile/@username, with or without the @ given', () => {
  assert.equal(profileHref('ana'), '/profile/@ana');
  assert.equal(profileHref('@ana'), '/profile/@ana');
  assert.equal(profileHref('a b'), '/profile/@a%20b');
  assert.equal(profileHref(''), '');
  assert.equal(profileHref(undefined), '');
});

test('the route parameter becomes the API handle @username', () => {
  assert.equal(handleOf('@ana'), '@ana');
  assert.equal(handleOf('ana'), '@ana');
  assert.equal(handleOf('  '), '');
});

test('list answers: a bare array or a page of items', () => {
  assert.deepEqual(listItems([1, 2]), [1, 2]);
  assert.deepEqual(listItems({items: [3], page: 1}), [3]);
  assert.deepEqual(listItems(null), []);
  assert.deepEqual(listItems({}), []);
});

test("the caller's likes of a page of cards are one filter joined with ||", () => {
  assert.equal(likedFilter(['a', 'b']), 'trail="a" || trail="b"');
  assert.equal(likedFilter(['x"y']), 'trail="x\\"y"');
});
