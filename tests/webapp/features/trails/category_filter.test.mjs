// web/features/trails/category_filter.js on a stand-in DOM and server: the subcategory choice
// under the category one offers the chosen category's subcategories in the user's order, every
// shown category's in groups while none is chosen, drops a subcategory of another category when
// the category changes, keeps the URL's choices (hidden or unknown ones too) until they load.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fire, installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {categoryFilter} from '../../../../web/features/trails/category_filter.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const ANSWERS = {
  '/api/v1/category': [{id: 'biking', name: 'Biking'}, {id: 'hiking', name: 'Hiking'}, {id: 'rowing', name: 'Rowing'}, {id: 'sailing', name: 'Sailing'}],
  '/api/v1/user-category-preference': [{category: 'hiking', priority: 1, visible: true}, {category: 'sailing', priority: 0, visible: false}],
  '/api/v1/subcategory': [
    {id: 'dayhike', name: 'Day hike', category: 'hiking'},
    {id: 'gravel', name: 'Gravel', category: 'biking'},
    {id: 'multiday', name: 'Multi-day', category: 'hiking'},
    {id: 'dinghy', name: 'Dinghy', category: 'sailing'},
    {id: 'viaferrata', name: 'Via ferrata', category: 'hiking'},
  ],
  '/api/v1/user-subcategory-preference': [{subcategory: 'viaferrata', priority: 1, visible: false}, {subcategory: 'multiday', priority: 2, visible: true}],
};

async function filterOnPage(t, state) {
  const document = installDom(t);
  stubFetch(t, (url) => json(ANSWERS[new URL(url, 'http://x').pathname] ?? []));
  const filter = categoryFilter({category: '', subcategory: '', ...state});
  const form = document.createElement('form');
  form.append(...filter.elements);
  document.body.append(form);
  const before = filter.values();
  await settle();
  const [category, subcategory] = filter.elements.map((element) => element.querySelector('select'));
  return {filter, before, category, subcategory, field: filter.elements[1]};
}

// The options as "label" and groups as "Group: a, b".
function offered(select) {
  return select.children.map((child) => (child.tagName === 'OPTGROUP' ? `${child.getAttribute('label')}: ${child.children.map((o) => o.textContent).join(', ')}` : child.textContent));
}

test('with a category chosen, its shown subcategories in the user order', async (t) => {
  const {category, subcategory, field, filter} = await filterOnPage(t, {category: 'hiking'});
  assert.deepEqual(offered(category), ['Any category', 'Hiking', 'Biking', 'Rowing'], 'hidden Sailing is left out');
  assert.deepEqual(offered(subcategory), ['Any subcategory', 'Multi-day', 'Day hike']);
  assert.equal(field.querySelector('label').textContent, 'Subcategory');
  assert.equal(field.querySelector('label').getAttribute('for'), subcategory.id);
  assert.equal(field.hidden, false);
  assert.deepEqual(filter.values(), {category: 'hiking', subcategory: ''});
});

test('with no category, every shown category’s shown subcategories under its name', async (t) => {
  const {subcategory} = await filterOnPage(t, {});
  assert.deepEqual(offered(subcategory), ['Any subcategory', 'Hiking: Multi-day, Day hike', 'Biking: Gravel'], "hidden Sailing's are left out");
});

test("the URL's choices stay until the choices load, and a hidden one asked for is offered", async (t) => {
  const {before, subcategory, filter} = await filterOnPage(t, {category: 'hiking', subcategory: 'viaferrata'});
  assert.deepEqual(before, {}, 'nothing read before the choices load: the URL decides');
  assert.deepEqual(offered(subcategory), ['Any subcategory', 'Via ferrata', 'Multi-day', 'Day hike']);
  assert.deepEqual(filter.values(), {category: 'hiking', subcategory: 'viaferrata'});
});

test('a subcategory from an old link that names nothing is kept and shown as unknown', async (t) => {
  const {subcategory, field} = await filterOnPage(t, {subcategory: 'gone00000000000'});
  assert.equal(offered(subcategory).at(-1), 'Unknown subcategory');
  assert.equal(subcategory.value, 'gone00000000000');
  assert.equal(field.hidden, false);
});

test('a new category drops a subcategory of another one before the form reads the values', async (t) => {
  const {category, subcategory, filter} = await filterOnPage(t, {category: 'hiking', subcategory: 'dayhike'});
  let read = null;
  category.parentNode.parentNode.addEventListener('change', () => {
    read = filter.values();
  });
  category.value = 'biking';
  fire(category, 'change');
  assert.deepEqual(read, {category: 'biking', subcategory: ''});
  assert.deepEqual(offered(subcategory), ['Any subcategory', 'Gravel']);
  category.value = '';
  fire(category, 'change');
  assert.deepEqual(offered(subcategory), ['Any subcategory', 'Hiking: Multi-day, Day hike', 'Biking: Gravel']);
});

test('a category without subcategories hides the subcategory choice; show() puts a state back', async (t) => {
  const {category, field, filter, subcategory} = await filterOnPage(t, {});
  category.value = 'rowing';
  fire(category, 'change');
  assert.equal(field.hidden, true);
  filter.show({category: 'biking', subcategory: 'gravel'});
  assert.equal(field.hidden, false);
  assert.equal(category.value, 'biking');
  assert.equal(subcategory.value, 'gravel');
  filter.show({category: '', subcategory: ''});
  assert.deepEqual(filter.values(), {category: '', subcategory: ''});
});

test("a visitor's filter asks for no preferences: the server's order, all shown", async (t) => {
  installDom(t);
  const calls = stubFetch(t, (url) => json(ANSWERS[new URL(url, 'http://x').pathname] ?? []));
  const filter = categoryFilter({category: '', subcategory: ''}, {signedIn: false});
  await settle();
  // The categories and subcategories themselves are kept from the first request of the page.
  assert.deepEqual(calls.filter((call) => call.url.includes('preference')), []);
  const [category] = filter.elements.map((element) => element.querySelector('select'));
  assert.deepEqual(offered(category), ['Any category', 'Biking', 'Hiking', 'Rowing', 'Sailing']);
});
