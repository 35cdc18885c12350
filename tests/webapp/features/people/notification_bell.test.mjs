// web/features/people/notification_bell.js: the bell asks for the unseen count when someone signs
// in, again every minute while the page is visible (not while hidden) and when it becomes visible;
// a server without notifications (404) hides the bell and is not asked again.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {json, stubFetch} from '../../support/fake_network.mjs';
import {POLL_MS, notificationBell} from '../../../../web/features/people/notification_bell.js';

// A document that can be hidden, with document-level listeners.
function pageDom(t) {
  const document = installDom(t);
  const listeners = {};
  document.visibilityState = 'visible';
  document.addEventListener = (type, fn) => (listeners[type] ||= new Set()).add(fn);
  document.removeEventListener = (type, fn) => listeners[type]?.delete(fn);
  document.dispatch = (type) => [...(listeners[type] || [])].forEach((fn) => fn({type, target: document.body}));
  return document;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const countCalls = (calls) => calls.filter((c) => c.url.includes('/notification') && c.url.includes('seen')).length;

test('the bell shows the unseen count and asks again each minute only while the page is visible', async (t) => {
  const document = pageDom(t);
  t.mock.timers.enable({apis: ['setInterval']});
  let unseen = 3;
  const calls = stubFetch(t, () => json({page: 1, perPage: 1, totalItems: unseen, totalPages: unseen, items: []}));
  const bell = notificationBell({navigate: () => {}});
  document.body.append(bell.element);
  assert.equal(bell.element.hidden, true, 'hidden until the server answers');
  bell.start({id: 'me'});
  await settle();
  assert.equal(countCalls(calls), 1);
  assert.equal(bell.element.hidden, false);
  const button = bell.element.querySelector('.bell-button');
  assert.equal(button.getAttribute('aria-label'), 'Notifications, 3 unseen');
  assert.equal(bell.element.querySelector('.bell-badge').textContent, '3');

  unseen = 120;
  t.mock.timers.tick(POLL_MS);
  await settle();
  assert.equal(countCalls(calls), 2, 'asked again after a minute');
  assert.equal(bell.element.querySelector('.bell-badge').textContent, '99+');

  document.visibilityState = 'hidden';
  t.mock.timers.tick(POLL_MS * 3);
  await settle();
  assert.equal(countCalls(calls), 2, 'not asked while the page is hidden');

  unseen = 0;
  document.visibilityState = 'visible';
  document.dispatch('visibilitychange');
  await settle();
  assert.equal(countCalls(calls), 3, 'asked when the page shows again');
  assert.equal(button.getAttribute('aria-label'), 'Notifications');
  assert.equal(bell.element.querySelector('.bell-badge').hidden, true);

  bell.start({id: 'me'});
  await settle();
  assert.equal(countCalls(calls), 3, 'a new page for the same person does not restart the bell');

  bell.stop();
  t.mock.timers.tick(POLL_MS * 2);
  await settle();
  assert.equal(countCalls(calls), 3, 'signed out: no more asking');
  assert.equal(bell.element.hidden, true);
});

test('a server without notifications hides the bell for good', async (t) => {
  const document = pageDom(t);
  t.mock.timers.enable({apis: ['setInterval']});
  const calls = stubFetch(t, () => json({message: 'Not found.'}, 404));
  const bell = notificationBell({navigate: () => {}});
  document.body.append(bell.element);
  bell.start({id: 'me'});
  await settle();
  assert.equal(bell.element.hidden, true);
  t.mock.timers.tick(POLL_MS * 2);
  bell.start({id: 'me'});
  await settle();
  assert.equal(countCalls(calls), 1, 'asked once only');
});
