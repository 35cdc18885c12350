// web/features/settings/preference_list.js on a stand-in DOM: rows in the user's order with
// labelled Show boxes and up and down buttons, a move saved at once with focus kept on the moved
// row, a refusal undone and said, hiding saved, and drags that stay in their own list (a
// subcategory's drag never moves its category).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fire, installDom} from '../../support/fake_dom.mjs';
import {preferenceList} from '../../../../web/features/settings/preference_list.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ITEMS = [
  {id: 'a', name: 'Alpha', visible: true},
  {id: 'b', name: 'Beta', visible: false},
  {id: 'c', name: 'Gamma', visible: true},
];

// A list on the page whose requests are recorded and answered by `answer` (a rejection refuses).
function listOnPage(t, {items = ITEMS, answer = () => Promise.resolve(), kind = 'category', extra} = {}) {
  const document = installDom(t);
  const calls = [];
  const lines = {note: '', error: ''};
  const list = preferenceList({
    kind,
    label: 'Things in your order',
    items,
    save: (item, visible) => {
      calls.push(['save', item.id, visible]);
      return answer();
    },
    reorder: (ordered) => {
      calls.push(['reorder', ordered.map((item) => item.id).join(' ')]);
      return answer();
    },
    report: (line) => Object.assign(lines, line),
    extra,
  });
  document.body.append(list.element);
  const rows = () => list.element.children;
  const names = () => rows().map((row) => row.querySelector(`.${kind}-name`).textContent).join(' ');
  const button = (label) => list.element.querySelectorAll('button').find((b) => b.getAttribute('aria-label') === label);
  const box = (name) => list.element.querySelectorAll('input').find((b) => b.getAttribute('aria-label') === `Show ${name}`);
  return {document, list: list.element, calls, lines, rows, names, button, box};
}

test('rows come in the given order with labelled controls, and the ends cannot move further', (t) => {
  const page = listOnPage(t);
  assert.equal(page.list.tagName, 'OL');
  assert.equal(page.list.getAttribute('aria-label'), 'Things in your order');
  assert.equal(page.names(), 'Alpha Beta Gamma');
  assert.equal(page.button('Move Alpha up').disabled, true);
  assert.equal(page.button('Move Gamma down').disabled, true);
  assert.equal(page.button('Move Beta up').disabled, false);
  assert.equal(page.box('Alpha').checked, true);
  assert.equal(page.box('Beta').checked, false);
  assert.ok(page.rows()[1].classList.contains('is-hidden'), 'a hidden row looks hidden');
  assert.equal(page.rows()[0].getAttribute('draggable'), 'true');
});

test('a move by button is saved as the whole new order, said, and keeps focus on the moved row', async (t) => {
  const page = listOnPage(t);
  page.button('Move Gamma up').click();
  assert.equal(page.names(), 'Alpha Gamma Beta', 'the rows move at once');
  assert.equal(page.document.activeElement, page.button('Move Gamma up'));
  await settle();
  assert.deepEqual(page.calls, [['reorder', 'a c b']]);
  assert.equal(page.lines.note, 'Gamma moved to position 2 of 3.');
  page.button('Move Gamma up').click();
  await settle();
  assert.equal(page.names(), 'Gamma Alpha Beta');
  assert.equal(page.document.activeElement, page.button('Move Gamma down'), 'at the top, focus goes to the button that still works');
});

test('a refused move puts the saved order back and says why', async (t) => {
  const page = listOnPage(t, {answer: () => Promise.reject(new Error('Failed to reorder.'))});
  page.button('Move Alpha down').click();
  await settle();
  assert.equal(page.names(), 'Alpha Beta Gamma');
  assert.equal(page.lines.error, 'The order was not saved: Failed to reorder.');
});

test('showing and hiding a row is saved for that row alone', async (t) => {
  const page = listOnPage(t);
  const box = page.box('Alpha');
  box.checked = false;
  fire(box, 'change');
  await settle();
  assert.deepEqual(page.calls, [['save', 'a', false]]);
  assert.ok(page.rows()[0].classList.contains('is-hidden'));
  assert.equal(page.lines.note, 'Alpha is hidden in pickers and filters.');
  // The order saved next keeps what is hidden hidden.
  page.button('Move Alpha down').click();
  await settle();
  assert.equal(page.box('Alpha').checked, false);
});

test('a refused hide shows the row as it was and says why', async (t) => {
  const page = listOnPage(t, {answer: () => Promise.reject(new Error('Sign in to keep preferences.'))});
  const box = page.box('Beta');
  box.checked = true;
  fire(box, 'change');
  await settle();
  assert.equal(page.box('Beta').checked, false);
  assert.equal(page.lines.error, 'Beta was not saved: Sign in to keep preferences.');
});

function dataTransfer() {
  return {setData() {}, effectAllowed: '', dropEffect: ''};
}

test('a row dragged onto another takes its place', async (t) => {
  const page = listOnPage(t);
  fire(page.rows()[2], 'dragstart', {dataTransfer: dataTransfer()});
  const over = fire(page.rows()[0], 'dragover', {dataTransfer: dataTransfer()});
  assert.equal(over.defaultPrevented, true, 'the row takes the drop');
  fire(page.rows()[0], 'drop', {dataTransfer: dataTransfer()});
  await settle();
  assert.equal(page.names(), 'Gamma Alpha Beta');
  assert.deepEqual(page.calls, [['reorder', 'c a b']]);
});

test("a subcategory's drag stays in its own list: its category does not move, and a drop elsewhere is refused", async (t) => {
  const inner = [];
  const nested = new Map();
  const page = listOnPage(t, {
    extra: (item) => {
      if (!nested.has(item.id)) {
        const sub = preferenceList({
          kind: 'subcategory',
          label: `Of ${item.name}`,
          items: [{id: `${item.id}1`, name: `${item.name} one`, visible: true}, {id: `${item.id}2`, name: `${item.name} two`, visible: true}],
          save: async () => {},
          reorder: async (ordered) => inner.push(ordered.map((s) => s.id).join(' ')),
          report: () => {},
        });
        nested.set(item.id, sub.element);
      }
      return {below: nested.get(item.id)};
    },
  });
  const alphaSubs = nested.get('a').children;
  const gammaSubs = nested.get('c').children;
  fire(alphaSubs[1], 'dragstart', {dataTransfer: dataTransfer()});
  assert.equal(fire(gammaSubs[0], 'dragover', {dataTransfer: dataTransfer()}).defaultPrevented, false, "another category's list refuses it");
  assert.equal(fire(page.rows()[2], 'dragover', {dataTransfer: dataTransfer()}).defaultPrevented, false, 'the categories refuse it');
  fire(alphaSubs[0], 'drop', {dataTransfer: dataTransfer()});
  await settle();
  assert.deepEqual(inner, ['a2 a1']);
  assert.deepEqual(page.calls, [], 'no category moved');
  assert.equal(page.names(), 'Alpha Beta Gamma');
  // A category dropped on a subcategory's row lands where that category's row is.
  fire(page.rows()[0], 'dragstart', {dataTransfer: dataTransfer()});
  fire(gammaSubs[0], 'drop', {dataTransfer: dataTransfer()});
  await settle();
  assert.equal(page.names(), 'Beta Gamma Alpha');
  assert.ok(page.rows()[2].contains(nested.get('a')), 'the moved category keeps its subcategories');
});
