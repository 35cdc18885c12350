// web/features/settings/categories_section.js against a stand-in server: the categories in the
// user's order, each with a button that opens its subcategories in the user's order, and every
// change sent in the shapes of /user-category-preference and /user-subcategory-preference.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fire, installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {categoriesSection} from '../../../../web/features/settings/categories_section.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const ANSWERS = {
  '/api/v1/category': [{id: 'biking', name: 'Biking', collectionId: 'cats', img: ''}, {id: 'hiking', name: 'Hiking', collectionId: 'cats', img: 'hiking.png'}, {id: 'sailing', name: 'Sailing', collectionId: 'cats', img: ''}],
  '/api/v1/user-category-preference': [{category: 'hiking', priority: 1, visible: true}],
  '/api/v1/subcategory': [
    {id: 'dayhike', name: 'Day hike', category: 'hiking'},
    {id: 'gravel', name: 'Gravel', category: 'biking'},
    {id: 'multiday', name: 'Multi-day', category: 'hiking'},
    {id: 'viaferrata', name: 'Via ferrata', category: 'hiking'},
  ],
  '/api/v1/user-subcategory-preference': [{subcategory: 'viaferrata', priority: 1, visible: false}],
};

async function sectionOnPage(t) {
  const document = installDom(t);
  const calls = stubFetch(t, (url, init) => (init.method && init.method !== 'GET' ? json({acknowledged: true}) : json(ANSWERS[new URL(url, 'http://x').pathname] ?? [])));
  const section = categoriesSection();
  document.body.append(section);
  await settle();
  const buttonNamed = (label) => section.querySelectorAll('button').find((b) => b.getAttribute('aria-label') === label);
  const boxNamed = (label) => section.querySelectorAll('input').find((b) => b.getAttribute('aria-label') === label);
  const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, new URL(c.url, 'http://x').pathname, c.body]);
  return {document, section, calls, buttonNamed, boxNamed, writes};
}

const texts = (nodes) => nodes.map((node) => node.textContent).join(', ');

test('categories in the user order; each with subcategories has a closed button that opens them', async (t) => {
  const {section, buttonNamed} = await sectionOnPage(t);
  const categories = section.querySelector('ol');
  assert.equal(categories.getAttribute('aria-label'), 'Categories in your order');
  assert.equal(texts(section.querySelectorAll('.category-name')), 'Hiking, Biking, Sailing');
  const toggle = buttonNamed('Subcategories of Hiking');
  assert.equal(toggle.getAttribute('aria-expanded'), 'false');
  const box = section.querySelector(`#${toggle.getAttribute('aria-controls')}`);
  assert.equal(box.hidden, true);
  toggle.click();
  assert.equal(toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(box.hidden, false);
  const subList = box.querySelector('ol');
  assert.equal(subList.getAttribute('aria-label'), 'Subcategories of Hiking in your order');
  assert.equal(texts(subList.querySelectorAll('.subcategory-name')), 'Via ferrata, Day hike, Multi-day');
  assert.equal(subList.querySelector('input').checked, false, 'Via ferrata is hidden');
  assert.equal(buttonNamed('Subcategories of Sailing'), undefined, 'a category without subcategories has no button');
});

test('a subcategory moved or hidden is saved in the API shapes, and a category move keeps it open', async (t) => {
  const {section, buttonNamed, boxNamed, writes} = await sectionOnPage(t);
  buttonNamed('Subcategories of Hiking').click();
  buttonNamed('Move Multi-day up').click();
  await settle();
  const hide = boxNamed('Show Day hike');
  hide.checked = false;
  fire(hide, 'change');
  await settle();
  buttonNamed('Move Biking up').click();
  await settle();
  assert.deepEqual(writes(), [
    ['POST', '/api/v1/user-subcategory-preference/reorder', {category: 'hiking', subcategories: ['viaferrata', 'multiday', 'dayhike']}],
    ['PUT', '/api/v1/user-subcategory-preference', {subcategory: 'dayhike', visible: false}],
    ['POST', '/api/v1/user-category-preference/reorder', {categories: ['biking', 'hiking', 'sailing']}],
  ]);
  assert.equal(texts(section.querySelectorAll('.category-name')), 'Biking, Hiking, Sailing');
  assert.equal(buttonNamed('Subcategories of Hiking').getAttribute('aria-expanded'), 'true', 'Hiking stays open');
  assert.equal(texts(section.querySelectorAll('.subcategory-name')), 'Gravel, Via ferrata, Multi-day, Day hike');
  assert.equal(section.querySelector('[role="status"]').textContent, 'Biking moved to position 1 of 3.');
});
