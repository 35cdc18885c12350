// web/lib/category_order.js: the user's order of categories (priorities first, then the server's
// order) and of subcategories within their category, hidden ones left out of pickers except the
// one kept, the trails filter's groups, the default of a new trail, moves.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  belongsTo, defaultCategoryId, moveCategory, orderCategories, orderSubcategories, pickerCategories, pickerSubcategories, subcategoriesOf, subcategoryGroups,
} from '../../../web/lib/category_order.js';

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

// --- Subcategories: ordered within their category, like categories -------------------------

// The server's order (by name), over two categories.
const SUBCATEGORIES = [
  {id: 'dayhike', name: 'Day hike', category: 'hiking'},
  {id: 'gravel', name: 'Gravel', category: 'biking'},
  {id: 'multiday', name: 'Multi-day', category: 'hiking'},
  {id: 'road', name: 'Road', category: 'biking'},
  {id: 'viaferrata', name: 'Via ferrata', category: 'hiking'},
];
const subRow = (subcategory, priority, visible = true) => ({id: `pref-${subcategory}`, subcategory, priority, visible});

const subOrders = [
  {name: 'without preferences, the server order', prefs: [], category: 'hiking', want: ['dayhike', 'multiday', 'viaferrata']},
  {name: "a category's reorder puts its rows first, by priority", prefs: [subRow('viaferrata', 1), subRow('dayhike', 2)], category: 'hiking', want: ['viaferrata', 'dayhike', 'multiday']},
  {name: "another category's priorities do not move these", prefs: [subRow('road', 1), subRow('gravel', 2), subRow('multiday', 1)], category: 'hiking', want: ['multiday', 'dayhike', 'viaferrata']},
  {name: 'the other category in its own order', prefs: [subRow('road', 1), subRow('gravel', 2), subRow('multiday', 1)], category: 'biking', want: ['road', 'gravel']},
  {name: 'rows of category preferences are not read as subcategory rows', prefs: [row('viaferrata', 1)], category: 'hiking', want: ['dayhike', 'multiday', 'viaferrata']},
  {name: 'no category has no subcategories', prefs: [], category: '', want: []},
];

for (const {name, prefs, category, want} of subOrders) {
  test(`subcategory order: ${name}`, () => assert.deepEqual(ids(subcategoriesOf(orderSubcategories(SUBCATEGORIES, prefs), category)), want));
}

test('subcategory pickers offer the visible ones of the chosen category, and a hidden one only when kept', () => {
  const ordered = orderSubcategories(SUBCATEGORIES, [subRow('viaferrata', 1, false), subRow('multiday', 2)]);
  assert.deepEqual(ids(pickerSubcategories(ordered, 'hiking')), ['multiday', 'dayhike']);
  assert.deepEqual(ids(pickerSubcategories(ordered, 'hiking', 'viaferrata')), ['viaferrata', 'multiday', 'dayhike']);
  assert.deepEqual(ids(pickerSubcategories(ordered, 'biking', 'viaferrata')), ['gravel', 'road'], "a kept one of another category stays out");
  assert.deepEqual(ids(pickerSubcategories(ordered, '')), []);
  assert.equal(ordered.find((s) => s.id === 'viaferrata').category, 'hiking', 'records keep their fields');
});

test("without a chosen category the filter offers each shown category's shown subcategories, in order", () => {
  const categories = orderCategories([{id: 'biking'}, {id: 'hiking'}, {id: 'skiing'}], [row('hiking', 1), row('biking', 2, false)]);
  const subs = orderSubcategories(SUBCATEGORIES, [subRow('dayhike', 0, false)]);
  const shape = (groups) => groups.map((g) => `${g.category.id}: ${ids(g.subcategories).join(' ')}`);
  assert.deepEqual(shape(subcategoryGroups(categories, subs)), ['hiking: multiday viaferrata'], 'hidden Biking and empty Skiing are left out');
  assert.deepEqual(shape(subcategoryGroups(categories, subs, 'road')), ['hiking: multiday viaferrata', 'biking: road'], "a kept subcategory brings its hidden category, with that one only");
  assert.deepEqual(shape(subcategoryGroups(categories, subs, 'dayhike')), ['hiking: dayhike multiday viaferrata']);
  assert.deepEqual(subcategoryGroups(categories, []), []);
});

test('a subcategory belongs to its own category only; no subcategory fits every category', () => {
  const ordered = orderSubcategories(SUBCATEGORIES);
  assert.equal(belongsTo(ordered, 'road', 'biking'), true);
  assert.equal(belongsTo(ordered, 'road', 'hiking'), false);
  assert.equal(belongsTo(ordered, 'road', ''), false);
  assert.equal(belongsTo(ordered, 'unknown', 'biking'), false);
  assert.equal(belongsTo(ordered, '', 'hiking'), true);
  assert.equal(belongsTo(ordered, '', ''), true);
});
