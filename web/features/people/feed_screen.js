// The feed (/feed): new trails, lists and summit logs of the people the viewer follows and their
// own, newest first, ten at a time with "Load more".
import {h, replace} from '../../lib/dom.js';
import {feed} from '../../lib/resources.js';
import {formatDate, formatDistance} from '../../lib/format.js';
import {authorLink} from '../../lib/people.js';
import {trailCard} from '../trails/trail_card.js';
import {findPeople} from './find_people.js';
import {markLiked} from './like_button.js';

const PER_PAGE = 10;

// What the card's head says of an item: "ana added a trail".
export function feedVerb(type) {
  if (type === 'trail') return 'added a trail';
  if (type === 'list') return 'made a list';
  if (type === 'summit_log') return 'logged a summit';
  return 'shared something';
}

function listCard(list) {
  const count = Array.isArray(list.trails) ? list.trails.length : Number(list.trails) || 0;
  return h(
    'div',
    {class: 'list-card card-box feed-list'},
    h('div', {class: 'list-card-body'}, h('h3', {class: 'list-card-title'}, h('a', {href: `/list/${encodeURIComponent(list.id)}`}, list.name || 'Untitled list')), list.description ? h('p', {class: 'list-card-description'}, list.description) : null, h('p', {class: 'list-card-meta'}, `${count} ${count === 1 ? 'trail' : 'trails'}`)),
  );
}

function logCard(log, units) {
  const trailName = log.expand?.trail?.name;
  return h(
    'div',
    {class: 'card-box feed-log'},
    h('p', null, h('strong', null, formatDate(log.date)), ' · ', log.trail ? h('a', {href: `/trail/${encodeURIComponent(log.trail)}`}, trailName || 'Open the trail') : null, log.distance ? ` · ${formatDistance(log.distance, units)}` : ''),
    log.text ? h('p', {class: 'pre-line feed-log-text'}, log.text) : null,
  );
}

// One feed item as an <li>: who did what when, and the item's card.
export function feedItem(entry, {units, me}) {
  const item = entry.expand?.item;
  const who = item?.expand?.author?.username || entry.expand?.author?.username || '';
  let card;
  if (!item) card = h('p', {class: 'muted'}, 'This item is no longer available.');
  else if (entry.type === 'trail') card = h('ul', {class: 'trail-grid feed-trail'}, trailCard(item, {units, me}));
  else if (entry.type === 'list') card = listCard(item);
  else card = logCard(item, units);
  return h(
    'li',
    {class: 'feed-entry', dataset: {type: entry.type, id: entry.id}},
    h('p', {class: 'feed-entry-head'}, who ? authorLink(who, {className: 'feed-author'}) : 'Someone', ` ${feedVerb(entry.type)}`, h('time', {class: 'muted', datetime: formatDate(entry.created)}, ` · ${formatDate(entry.created)}`)),
    card,
  );
}

export default {
  async render(ctx) {
    const {view, session} = ctx;
    if (!ctx.requireUser()) return;
    document.title = 'Feed · Cairn';
    const controller = new AbortController();
    const signal = controller.signal;
    const list = h('ol', {class: 'feed-list', 'aria-label': 'Feed'});
    const status = h('p', {class: 'muted', role: 'status'}, 'Loading the feed…');
    const more = h('button', {type: 'button', class: 'button', hidden: true}, 'Load more');
    view.append(
      h(
        'section',
        {class: 'page narrow feed-page'},
        h('h1', null, 'Feed'),
        h('p', {class: 'muted'}, 'New trails, lists and summit logs of the people you follow, and your own.'),
        findPeople({session, navigate: ctx.navigate}),
        status,
        list,
        more,
      ),
    );
    const me = session.user.id;
    let page = 0;
    async function load() {
      page += 1;
      more.disabled = true;
      try {
        const answer = await feed.list({page, perPage: PER_PAGE}, {signal});
        const items = Array.isArray(answer?.items) ? answer.items : [];
        const added = items.map((entry) => feedItem(entry, {units: session.units, me}));
        list.append(...added);
        markLiked(list, {signedIn: true, signal});
        if (page === 1 && !items.length) {
          replace(status, 'Nothing here yet. Follow people from their profile pages (', h('a', {href: '/trails'}, 'find trails'), ' and open an author) to see what they add.');
        } else {
          status.textContent = '';
        }
        more.hidden = page >= (Number(answer?.totalPages) || 1);
        if (page > 1) added[0]?.querySelector('a')?.focus();
      } catch (error) {
        if (signal.aborted) return;
        page -= 1;
        status.textContent = error.status === 404 ? 'The feed is not available on this server.' : `The feed could not be loaded: ${error.message}`;
      } finally {
        more.disabled = false;
      }
    }
    more.addEventListener('click', load);
    await load();
    return () => controller.abort();
  },
};
