// web/features/trail-editor/subcategory_field.js and the trail form's category pair: the
// subcategory choice offers the chosen category's subcategories in the user's order without the
// hidden ones (the trail's own kept), empties itself when the category changes to one it is not
// of, hides for a category without any, and is sent as the trail's `subcategory`.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fire, installDom} from '../../support/fake_dom.mjs';
import {orderSubcategories} from '../../../../web/lib/category_order.js';
import {subcategoryField} from '../../../../web/features/trail-editor/subcategory_field.js';
import {detailFields, trailBody} from '../../../../web/features/trail-editor/trail_fields.js';

const SUBCATEGORIES = [
  {id: 'dayhike', name: 'Day hike', category: 'hiking'},
  {id: 'gravel', name: 'Gravel', category: 'biking'},
  {id: 'multiday', name: 'Multi-day', category: 'hiking'},
  {id: 'road', name: 'Road', category: 'biking'},
  {id: 'viaferrata', name: 'Via ferrata', category: 'hiking'},
];
// Via ferrata hidden, Multi-day first among Hiking's.
const ORDERED = orderSubcategories(SUBCATEGORIES, [
  {subcategory: 'multiday', priority: 1, visible: true},
  {subcategory: 'viaferrata', priority: 0, visible: false},
]);

const offered = (select) => select.children.map((option) => option.textContent);

test('the choice offers the category’s shown subcategories in order after a “—” for none', (t) => {
  installDom(t);
  const {element, select} = subcategoryField({subcategories: ORDERED, categoryId: 'hiking'});
  assert.deepEqual(offered(select), ['—', 'Multi-day', 'Day hike']);
  assert.equal(select.children[0].getAttribute('aria-label'), 'No subcategory', 'the dash has a name in words');
  assert.equal(select.getAttribute('name'), 'subcategory', 'named like the API field, so its errors land here');
  assert.equal(element.querySelector('label').textContent, 'Subcategory');
  assert.equal(element.querySelector('label').getAttribute('for'), select.id);
  assert.equal(select.value, '');
  assert.equal(element.hidden, false);
});

test('a hidden subcategory is offered only to the trail that has it', (t) => {
  installDom(t);
  const {select} = subcategoryField({subcategories: ORDERED, categoryId: 'hiking', value: 'viaferrata'});
  assert.deepEqual(offered(select), ['—', 'Multi-day', 'Day hike', 'Via ferrata']);
  assert.equal(select.value, 'viaferrata');
});

test('another category empties a choice that is not one of its own; going back offers the kept one again', (t) => {
  installDom(t);
  const field = subcategoryField({subcategories: ORDERED, categoryId: 'hiking', value: 'viaferrata'});
  field.setCategory('biking');
  assert.deepEqual(offered(field.select), ['—', 'Gravel', 'Road']);
  assert.equal(field.select.value, '');
  field.select.value = 'road';
  field.setCategory('biking');
  assert.equal(field.select.value, 'road', 'the same category keeps the choice');
  field.setCategory('hiking');
  assert.deepEqual(offered(field.select), ['—', 'Multi-day', 'Day hike', 'Via ferrata']);
  assert.equal(field.select.value, '');
});

test('no category, or one without subcategories, hides the field and leaves none chosen', (t) => {
  installDom(t);
  const field = subcategoryField({subcategories: ORDERED, categoryId: 'hiking', value: 'dayhike'});
  field.setCategory('');
  assert.equal(field.element.hidden, true);
  assert.equal(field.select.value, '');
  field.setCategory('kayaking');
  assert.equal(field.element.hidden, true);
  field.setCategory('hiking');
  assert.equal(field.element.hidden, false);
});

// The form's fields in a form; `category` and `subcategory` are its two selects.
function trailForm(trail, options) {
  const form = document.createElement('form');
  form.append(...detailFields(trail, options).flat());
  const [category, subcategory] = ['category', 'subcategory'].map((name) => form.querySelector(`select[name="${name}"]`));
  return {form, category, subcategory};
}

// What forms.js formValues() reads from the form's named controls (the stand-in DOM has names
// as attributes only); the text fields are left out.
function formValues(form) {
  const values = {name: 'Ridge'};
  for (const el of form.querySelectorAll('select')) values[el.getAttribute('name')] = el.value;
  return values;
}

test("the trail form's subcategory follows its category choice and is sent as `subcategory`", (t) => {
  installDom(t);
  const categories = [{id: 'hiking', name: 'Hiking'}, {id: 'biking', name: 'Biking'}];
  const {form, category, subcategory} = trailForm({name: 'Ridge', category: 'hiking', subcategory: 'dayhike'}, {categories, subcategories: ORDERED});
  assert.equal(subcategory.value, 'dayhike');
  assert.equal(trailBody(formValues(form)).subcategory, 'dayhike');
  category.value = 'biking';
  fire(category, 'change');
  assert.deepEqual(offered(subcategory), ['—', 'Gravel', 'Road']);
  const body = trailBody(formValues(form));
  assert.equal(body.category, 'biking');
  assert.equal(body.subcategory, null, 'none is sent as null, which clears it');
});

test('without subcategories (they could not be loaded) the form has no such field and leaves the trail’s alone', (t) => {
  installDom(t);
  const {form, subcategory} = trailForm({name: 'Ridge', category: 'hiking', subcategory: 'dayhike'}, {categories: [{id: 'hiking', name: 'Hiking'}]});
  assert.equal(subcategory, null);
  assert.equal('subcategory' in trailBody(formValues(form)), false);
});
