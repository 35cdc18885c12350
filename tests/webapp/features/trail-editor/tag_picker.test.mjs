// web/features/trail-editor/tag_picker.js on a stand-in DOM and a fake tag API: the box is a
// combobox whose list the keyboard walks, Enter takes or creates a tag and never sends the form,
// chips carry labelled Remove buttons, and the chosen ids are the form's `tags` field.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fire, installDom, press, typeInto} from '../../support/fake_dom.mjs';
import {fakeTagApi} from '../../support/fake_tag_api.mjs';
import {tagPicker} from '../../../../web/features/trail-editor/tag_picker.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// A picker in a form on the page; `changes` counts the `input` events the form hears.
function pickerInForm(t, {tags = [], chosen = []} = {}) {
  const document = installDom(t);
  const api = fakeTagApi(t, tags);
  const form = document.createElement('form');
  document.body.append(form);
  const picker = tagPicker({chosen, delay: 0});
  form.append(picker.element);
  const counts = {changes: 0};
  form.addEventListener('input', () => counts.changes++);
  const el = picker.element;
  return {
    document,
    api,
    picker,
    counts,
    box: el.querySelector('input[role="combobox"]'),
    listbox: el.querySelector('[role="listbox"]'),
    field: el.querySelector('input[name="tags"]'),
    chips: () => el.querySelectorAll('.tag-chip').map((chip) => chip.querySelector('.tag-name').textContent),
    options: () => el.querySelectorAll('[role="option"]'),
    status: () => el.querySelector('[role="status"]').textContent,
  };
}

test('the box is a combobox tied to its listbox, its help and its error slot', (t) => {
  const {box, listbox, field, picker} = pickerInForm(t);
  assert.equal(box.getAttribute('aria-autocomplete'), 'list');
  assert.equal(box.getAttribute('aria-controls'), listbox.id);
  assert.equal(box.getAttribute('aria-expanded'), 'false');
  assert.equal(listbox.hidden, true);
  const described = box.getAttribute('aria-describedby').split(' ');
  assert.ok(described.includes(`${field.id}-error`), 'errors for `tags` are read with the box');
  assert.equal(field.dataset.control, box.id, 'forms.js marks the box when the API refuses the tags');
  assert.equal(picker.element.querySelector('label').getAttribute('for'), box.id);
  assert.equal(field.value, '[]');
});

test('typing lists the tags found; ↓ highlights one and Enter takes it without sending the form', async (t) => {
  const page = pickerInForm(t, {tags: ['Alps', 'Alpstein', 'Coast']});
  typeInto(page.box, 'alp');
  assert.equal(page.counts.changes, 0, 'typing a search is not a change of the form');
  await settle();
  assert.deepEqual(page.options().map((o) => o.textContent), ['Alps', 'Alpstein', 'Create tag “alp”']);
  assert.equal(page.box.getAttribute('aria-expanded'), 'true');
  assert.equal(page.listbox.hidden, false);
  assert.match(page.status(), /2 tags found/);
  press(page.box, 'ArrowDown');
  press(page.box, 'ArrowDown');
  const [, second] = page.options();
  assert.equal(page.box.getAttribute('aria-activedescendant'), second.id);
  assert.equal(second.getAttribute('aria-selected'), 'true');
  const enter = press(page.box, 'Enter');
  assert.equal(enter.defaultPrevented, true, 'Enter is the picker’s, not the form’s');
  await settle();
  assert.deepEqual(page.chips(), ['Alpstein']);
  assert.deepEqual(JSON.parse(page.field.value), [page.api.tags[1].id]);
  assert.equal(page.counts.changes, 1, 'a chosen tag is a change of the form');
  assert.equal(page.box.value, '');
  assert.equal(page.box.getAttribute('aria-expanded'), 'false');
  assert.equal(page.box.hasAttribute('aria-activedescendant'), false);
  assert.match(page.status(), /Added the tag Alpstein/);
});

test('Enter on a new name creates the tag; on a known name in another case takes that one', async (t) => {
  const page = pickerInForm(t, {tags: ['Alps']});
  typeInto(page.box, 'Glacier walk');
  press(page.box, 'Enter');
  await settle();
  typeInto(page.box, 'ALPS');
  press(page.box, 'Enter');
  await settle();
  assert.deepEqual(page.chips(), ['Glacier walk', 'Alps']);
  assert.deepEqual(page.api.requests.filter((r) => r.method === 'PUT').map((r) => r.body), [{name: 'Glacier walk'}]);
  assert.deepEqual(JSON.parse(page.field.value), [page.api.tags[1].id, page.api.tags[0].id]);
});

test('a click on an option takes it and keeps the focus in the box', async (t) => {
  const page = pickerInForm(t, {tags: ['Coast']});
  page.box.focus();
  typeInto(page.box, 'co');
  await settle();
  const [coast] = page.options();
  assert.equal(fire(coast, 'mousedown').defaultPrevented, true, 'pressing on an option does not take the focus from the box');
  coast.click();
  await settle();
  assert.deepEqual(page.chips(), ['Coast']);
  assert.equal(page.document.activeElement, page.box);
});

test('chips have labelled Remove buttons; removing one moves the focus on, not to the page', async (t) => {
  const page = pickerInForm(t, {chosen: [{id: 'a1', name: 'Alps'}, {id: 'c1', name: 'Coast'}]});
  assert.deepEqual(page.chips(), ['Alps', 'Coast']);
  assert.equal(page.picker.element.querySelector('.tag-chips').getAttribute('aria-label'), 'Chosen tags');
  const [removeAlps] = page.picker.element.querySelectorAll('.tag-remove');
  assert.equal(removeAlps.getAttribute('aria-label'), 'Remove tag Alps');
  assert.equal(removeAlps.getAttribute('type'), 'button', 'a Remove button never sends the form');
  removeAlps.focus();
  removeAlps.click();
  assert.deepEqual(page.chips(), ['Coast']);
  assert.equal(page.document.activeElement.getAttribute('aria-label'), 'Remove tag Coast');
  page.document.activeElement.click();
  assert.deepEqual(page.chips(), []);
  assert.equal(page.document.activeElement, page.box, 'the last chip gone, the box has the focus');
  assert.equal(page.field.value, '[]');
  assert.equal(page.counts.changes, 2);
  assert.match(page.status(), /Removed the tag Coast/);
});

test('Backspace in the empty box removes the last chip; Escape closes the list, then clears the box', async (t) => {
  const page = pickerInForm(t, {tags: ['Alps'], chosen: [{id: 'x1', name: 'Coast'}]});
  assert.equal(press(page.box, 'Backspace').defaultPrevented, true);
  assert.deepEqual(page.chips(), []);
  assert.equal(press(page.box, 'Backspace').defaultPrevented, false, 'nothing left to remove');
  typeInto(page.box, 'al');
  await settle();
  assert.equal(page.listbox.hidden, false);
  assert.equal(press(page.box, 'Escape').defaultPrevented, true);
  assert.equal(page.listbox.hidden, true);
  assert.equal(page.box.value, 'al');
  press(page.box, 'Escape');
  assert.equal(page.box.value, '');
  assert.equal(press(page.box, 'Escape').defaultPrevented, false, 'an empty, closed box leaves Escape to the page');
});

test('keys that end an input method composition are left alone', async (t) => {
  const page = pickerInForm(t, {tags: []});
  typeInto(page.box, 'やま');
  const enter = press(page.box, 'Enter', {isComposing: true});
  await settle();
  assert.equal(enter.defaultPrevented, false);
  assert.deepEqual(page.chips(), []);
  assert.equal(page.api.requests.filter((r) => r.method === 'PUT').length, 0);
});

test('a create the server refuses shows its message at the box', async (t) => {
  const page = pickerInForm(t, {tags: []});
  page.api.failCreate(new Response(JSON.stringify({status: 400, message: 'Failed to create record.', data: {name: {code: 'validation_length_out_of_range', message: 'Must be at most 50 characters.'}}}), {status: 400}));
  typeInto(page.box, 'x'.repeat(60));
  press(page.box, 'Enter');
  await settle();
  const error = page.picker.element.querySelector('.field-error');
  assert.equal(error.textContent, 'Must be at most 50 characters.');
  assert.equal(page.box.getAttribute('aria-invalid'), 'true');
  assert.equal(page.box.value, 'x'.repeat(60), 'what was typed stays');
  typeInto(page.box, 'x');
  assert.equal(error.textContent, '');
  assert.equal(page.box.hasAttribute('aria-invalid'), false);
  await settle();
});
