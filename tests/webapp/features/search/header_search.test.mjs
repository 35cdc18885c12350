// web/features/search/header_search.js on a stand-in DOM and a stubbed network: the top bar's
// search is a combobox whose popup groups trails and lists, marks matched words with <mark>,
// never shows an answer that is not the latest, and is driven from the keyboard.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom, press, typeInto} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {MARK_START as S, MARK_END as E} from '../../../../web/features/search/highlight.js';
import {headerSearch} from '../../../../web/features/search/header_search.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// An answer for text `q`: one trail named after it, and one list.
function answerFor(q) {
  return {
    results: [
      {indexUid: 'trails', estimatedTotalHits: 1, hits: [{id: `t-${q}`, name: `${q}spitze`, location: 'Garmisch', author_name: 'ada', _formatted: {name: `${S}${q}${E}spitze`, location: 'Garmisch'}}]},
      {indexUid: 'lists', estimatedTotalHits: 1, hits: [{id: 'l1', name: 'Summits <b>', trails: 2, author_name: 'ada', _formatted: {name: 'Summits <b>'}}]},
    ],
  };
}

function searchOnPage(t, answer = (url, init) => json(answerFor(JSON.parse(init.body).queries[0].q))) {
  const document = installDom(t);
  const calls = stubFetch(t, answer);
  const went = [];
  const search = headerSearch({navigate: (path) => went.push(path), delay: 0});
  document.body.append(search.element);
  const input = search.element.querySelector('input');
  const listbox = search.element.querySelector('[role="listbox"]');
  const options = () => listbox.querySelectorAll('[role="option"]');
  t.after(() => search.dispose());
  return {document, calls, went, input, listbox, options, popup: search.element.querySelector('.header-search-popup')};
}

test('typing asks both indexes once and shows the trails and lists grouped, matched words marked', async (t) => {
  const {calls, input, listbox, options, popup} = searchOnPage(t);
  assert.equal(input.getAttribute('role'), 'combobox');
  assert.equal(input.getAttribute('aria-controls'), listbox.id);
  assert.equal(input.getAttribute('aria-expanded'), 'false');
  typeInto(input, 'Zug');
  await settle();
  assert.equal(calls.length, 1);
  assert.equal(calls[0].method, 'POST');
  assert.match(calls[0].url, /\/search\/multi$/);
  assert.deepEqual(calls[0].body.queries.map((q) => [q.indexUid, q.q]), [['trails', 'Zug'], ['lists', 'Zug']]);
  assert.equal(popup.hidden, false);
  assert.equal(input.getAttribute('aria-expanded'), 'true');
  const groups = listbox.querySelectorAll('[role="group"]');
  assert.deepEqual(groups.map((g) => g.querySelector('.header-search-group-label').textContent), ['Trails', 'Lists']);
  const [trail, list, all] = options();
  assert.equal(trail.dataset.href, '/trail/t-Zug');
  assert.equal(trail.querySelector('mark').textContent, 'Zug');
  assert.equal(trail.querySelector('.header-search-name').textContent, 'Zugspitze');
  assert.equal(list.dataset.href, '/list/l1');
  // Markup in a hit is text.
  assert.equal(list.querySelector('.header-search-name').textContent, 'Summits <b>');
  assert.equal(list.querySelectorAll('b').length, 0);
  assert.equal(all.dataset.href, '/trails?q=Zug');
  assert.equal(listbox.parentNode.querySelector('[role="status"]').textContent, '1 trail and 1 list found');
});

test('an answer that comes after a newer one is never shown', async (t) => {
  const pending = [];
  const {input, options} = searchOnPage(t, (url, init) => new Promise((resolve) => pending.push({q: JSON.parse(init.body).queries[0].q, resolve})));
  typeInto(input, 'Zu');
  await settle();
  typeInto(input, 'Zug');
  await settle();
  assert.deepEqual(pending.map((p) => p.q), ['Zu', 'Zug']);
  pending[1].resolve(json(answerFor('Zug')));
  await settle();
  pending[0].resolve(json(answerFor('Zu')));
  await settle();
  assert.equal(options()[0].dataset.href, '/trail/t-Zug');
});

test('the earlier request is aborted when the text changes, and an emptied field closes the popup', async (t) => {
  const {calls, input, popup} = searchOnPage(t, (url, init) => new Promise((resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), {name: 'AbortError'})));
    if (JSON.parse(init.body).queries[0].q === 'Zug') resolve(json(answerFor('Zug')));
  }));
  typeInto(input, 'Zu');
  await settle();
  typeInto(input, 'Zug');
  await settle();
  assert.equal(calls[0].init.signal.aborted, true);
  assert.equal(popup.hidden, false);
  typeInto(input, '  ');
  await settle();
  assert.equal(popup.hidden, true);
  assert.equal(calls.length, 2);
});

test('arrows walk the options, Enter opens the chosen one through the router, Escape closes', async (t) => {
  const {input, options, popup, went} = searchOnPage(t);
  typeInto(input, 'Zug');
  await settle();
  press(input, 'ArrowDown');
  const [trail, list, all] = options();
  assert.equal(input.getAttribute('aria-activedescendant'), trail.id);
  assert.equal(trail.getAttribute('aria-selected'), 'true');
  press(input, 'ArrowDown');
  assert.equal(input.getAttribute('aria-activedescendant'), list.id);
  assert.equal(trail.getAttribute('aria-selected'), 'false');
  press(input, 'ArrowUp');
  press(input, 'ArrowUp');
  assert.equal(input.getAttribute('aria-activedescendant'), all.id, 'up from the first wraps to the last');
  press(input, 'Escape');
  assert.equal(popup.hidden, true);
  assert.equal(input.hasAttribute('aria-activedescendant'), false);
  press(input, 'ArrowDown');
  assert.equal(popup.hidden, false, 'an arrow opens it again');
  const enter = press(input, 'Enter');
  assert.equal(enter.defaultPrevented, true);
  assert.deepEqual(went, ['/trail/t-Zug']);
  assert.equal(input.value, '');
  assert.equal(popup.hidden, true);
});

test('Enter with no option chosen lists every matching trail; a second Escape empties the field', async (t) => {
  const {input, went} = searchOnPage(t);
  typeInto(input, 'Höllen tal');
  await settle();
  press(input, 'Enter');
  assert.deepEqual(went, ['/trails?q=H%C3%B6llen+tal']);
  typeInto(input, 'x');
  await settle();
  press(input, 'Escape');
  press(input, 'Escape');
  assert.equal(input.value, '');
});

test('a click on an option opens it', async (t) => {
  const {input, options, went} = searchOnPage(t);
  typeInto(input, 'Zug');
  await settle();
  options()[1].querySelector('.header-search-name').click();
  assert.deepEqual(went, ['/list/l1']);
});

test('a failed search says so in the popup', async (t) => {
  const {input, popup, listbox} = searchOnPage(t, () => json({message: 'Something went wrong.'}, 500));
  typeInto(input, 'Zug');
  await settle();
  assert.equal(popup.hidden, false);
  assert.match(listbox.parentNode.querySelector('[role="status"]').textContent, /^The search failed: /);
});
