// web/lib/category_order.js: the user's order of categories (priorities first, then the server's
// order), hidden ones left out of pickers except the one kept, the default of a new trail, moves.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {defaultCategoryId, moveCategory, orderCategories, pickerCategories} from '../../../web/lib/category_order.js';

// The server's order (by name).
const CATEGORIES = ['biking', 'canoeing', 'climbing', 'hiking', 'skiing', 'walking'].map((id) => ({id, name: id[0].toUpperCase() + id.slice(1)}));
const ids = (list) => list.map((c) => c.id);
const row = (category, priority, visible = true) => ({id: `pref-${category}`, category, priority, visible});

const orders = [
  {name: 'without preferences, the server order, all visible', prefs: [], want: ['biking', 'canoeing', 'climbing', 'hiking', 'skiing', 'walking']},
  {name: 'reordered rows first, by priority', prefs: [row('skiing', 1), row('hiking', 2), row('biking', 3)], want: ['skiing', 'hiking', 'biking', 'canoeing', 'climbing', 'walking']},
  {name: 'a row never reordered (priority 0) keeps its place among the rest', prefs: [row('walking', 1), row('climbing', 0, false)], want: ['walking', 'biking', 'canoeing', 'climbing', 'hiking', 'skiing']},
  {name: 'rows for categories that are gone are ignored', prefs: [row('sailing', 1), row('hiking', 2)], want: ['hiking', 'biking', 'canoeing', 'climbing', 'skiing', 'walking']},
];

for (const {name, prefs, want} of orders) {
  test(`order: ${name}`, () => assert.deepEqual(ids(orderCategories(CATEGORIES, prefs)), want));
}

test('visibility comes from the rows, and records keep their fields', () => {
  const ordered = orderCategories(CATEGORIES, [row('hiking', 1, false)]);
  assert.equal(ordered[0].id, 'hiking');
  assert.equal(ordered[0].visible, false);
  assert.equal(ordered[0].name, 'Hiking');
  assert.ok(ordered.slice(1).every((c) => c.visible));
  assert.equal(CATEGORIES[3].visible, undefined, 'the input is not changed');
});

test('pickers leave hidden categories out but keep the one asked for', () => {
  const ordered = orderCategories(CATEGORIES, [row('skiing', 1), row('hiking', 2, false), row('biking', 0, false)]);
  assert.deepEqual(ids(pickerCategories(ordered)), ['skiing', 'canoeing', 'climbing', 'walking']);
  assert.deepEqual(ids(pickerCategories(ordered, 'hiking')), ['skiing', 'hiking', 'canoeing', 'climbing', 'walking']);
  assert.deepEqual(ids(pickerCategories(ordered, 'unknown')), ['skiing', 'canoeing', 'climbing', 'walking']);
});

const defaults = [
  {name: 'the first visible in the user order', prefs: [row('hiking', 1, false), row('skiing', 2)], preferred: '', want: 'skiing'},
  {name: 'the favourite of the settings when shown', prefs: [row('skiing', 1)], preferred: 'walking', want: 'walking'},
  {name: 'not a hidden favourite', prefs: [row('skiing', 1), row('walking', 2, false)], preferred: 'walking', want: 'skiing'},
  {name: 'none when everything is hidden', prefs: CATEGORIES.map((c, i) => row(c.id, i + 1, false)), preferred: '', want: ''},
];

for (const {name, prefs, preferred, want} of defaults) {
  test(`default category: ${name}`, () => assert.equal(defaultCategoryId(orderCategories(CATEGORIES, prefs), preferred), want));
}

test('moving a category up, down, to the ends and beyond them', () => {
  const list = ['a', 'b', 'c', 'd'];
  assert.deepEqual(moveCategory(list, 2, 1), ['a', 'c', 'b', 'd']);
  assert.deepEqual(moveCategory(list, 0, 3), ['b', 'c', 'd', 'a']);
  assert.deepEqual(moveCategory(list, 3, -5), ['d', 'a', 'b', 'c']);
  assert.deepEqual(moveCategory(list, 9, 0), list);
  assert.deepEqual(list, ['a', 'b', 'c', 'd'], 'the input is not changed');
});
