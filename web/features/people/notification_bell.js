// The header's bell: the number of unseen notifications (asked every minute while the page is
// visible, and when it becomes visible again), and a panel with follow requests and the latest
// notifications, each linking to what it is about; opening one marks it seen. A server without
// notifications (404) shows no bell.
import {h, replace, svg, toast} from '../../lib/dom.js';
import {notifications} from '../../lib/resources.js';
import {formatDate} from '../../lib/format.js';
import {notificationText, unreadBadge} from './notification_text.js';
import {followRequests} from './follow_requests.js';

export const POLL_MS = 60_000;

// A bell drawn in SVG (an emoji bell needs a font that many systems lack).
function bellIcon() {
  return svg(
    'svg',
    {viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round'},
    svg('path', {d: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9'}),
    svg('path', {d: 'M10.3 21a1.94 1.94 0 0 0 3.4 0'}),
  );
}
const SHOWN = 20;

// notificationBell({navigate}) -> {element, start(user), stop()}
export function notificationBell({navigate}) {
  const badge = h('span', {class: 'bell-badge', hidden: true});
  const button = h('button', {type: 'button', class: 'bell-button', 'aria-expanded': 'false', 'aria-controls': 'notification-panel', 'aria-label': 'Notifications'}, bellIcon(), badge);
  const list = h('ul', {class: 'notification-list'});
  const markAll = h('button', {type: 'button', class: 'link-button small'}, 'Mark all as seen');
  const panelBody = h('div', {class: 'notification-body'});
  const panel = h('div', {id: 'notification-panel', class: 'notification-panel', role: 'region', 'aria-label': 'Notifications', hidden: true}, h('div', {class: 'notification-panel-head'}, h('h2', null, 'Notifications'), markAll), panelBody);
  const element = h('span', {class: 'bell', hidden: true}, button, panel);
  let user = null;
  let timer = null;
  let shown = [];
  let requests = null;
  // Set once the server answers 404: it has no notifications.
  let missing = false;

  function setCount(count) {
    const text = unreadBadge(count);
    badge.textContent = text;
    badge.hidden = !text;
    button.setAttribute('aria-label', text ? `Notifications, ${count} unseen` : 'Notifications');
  }

  async function refreshCount() {
    if (!user) return;
    try {
      const answer = await notifications.list({filter: 'seen=false', perPage: 1, fields: 'id'});
      setCount(Number(answer?.totalItems ?? (Array.isArray(answer) ? answer.length : 0)) || 0);
      element.hidden = false;
    } catch (error) {
      // No notifications on this server: no bell and no more asking.
      if (error.status === 404) {
        missing = true;
        stop();
      }
    }
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') refreshCount();
  };

  function markSeen(notification) {
    if (notification.seen) return Promise.resolve();
    notification.seen = true;
    return notifications.markSeen(notification.id).catch(() => {
      notification.seen = false;
    });
  }

  function row(notification) {
    const {who, text, href, detail} = notificationText(notification);
    const sentence = [h('strong', null, who), ` ${text}`];
    const words = detail ? h('span', {class: 'notification-detail muted'}, detail.length > 140 ? `${detail.slice(0, 140)}…` : detail) : null;
    const time = h('time', {class: 'muted', datetime: formatDate(notification.created)}, formatDate(notification.created));
    const open = (event) => {
      event.preventDefault();
      markSeen(notification).then(refreshCount);
      close();
      if (href) navigate(href);
    };
    return h(
      'li',
      {class: ['notification', notification.seen ? null : 'unseen'], dataset: {type: notification.type}},
      href ? h('a', {href, onclick: open}, sentence) : h('span', null, sentence),
      words,
      time,
    );
  }

  async function fill() {
    replace(panelBody, h('p', {class: 'muted'}, 'Loading…'));
    requests = followRequests({userId: user.id, onAnswered: refreshCount});
    try {
      const [answer] = await Promise.all([notifications.list({page: 1, perPage: SHOWN, sort: '-created', expand: 'author'}), requests.load()]);
      shown = Array.isArray(answer?.items) ? answer.items : Array.isArray(answer) ? answer : [];
      replace(list, shown.map(row));
      replace(panelBody, requests.element, shown.length ? list : h('p', {class: 'muted'}, 'Nothing new. Likes, comments, follows and shares of your trails and lists show up here.'));
      markAll.hidden = !shown.some((n) => !n.seen);
    } catch (error) {
      replace(panelBody, h('p', {class: 'form-error'}, `Notifications could not be loaded: ${error.message}`));
    }
  }

  markAll.addEventListener('click', async () => {
    await Promise.all(shown.filter((n) => !n.seen).map(markSeen));
    for (const item of list.querySelectorAll('.unseen')) item.classList.remove('unseen');
    markAll.hidden = true;
    refreshCount();
    toast('All notifications marked as seen.');
  });

  function openPanel() {
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    fill();
  }

  function close() {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }

  button.addEventListener('click', (event) => {
    event.stopPropagation();
    if (panel.hidden) openPanel();
    else close();
  });
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    event.stopPropagation();
    close();
    button.focus();
  });
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !element.contains(event.target)) close();
  });

  function start(next) {
    if (missing || (user?.id === next?.id && timer)) return;
    stop();
    user = next;
    if (!user) return;
    refreshCount();
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') refreshCount();
    }, POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    document.removeEventListener('visibilitychange', onVisible);
    close();
    element.hidden = true;
    user = null;
  }

  return {element, start, stop, refresh: refreshCount};
}
