// A person's page (/profile/@username): avatar, bio, follower and following counts, the follow
// button, their statistics and their trails and lists. A private account shows others who do not
// follow it only its name and avatar, with "Request to follow".
import {h, replace} from '../../lib/dom.js';
import {ApiError} from '../../lib/api.js';
import {profiles} from '../../lib/resources.js';
import {avatar} from '../../lib/avatar.js';
import {openDialog} from '../../lib/dialog.js';
import {authorLink, handleOf} from '../../lib/people.js';
import {trailCard} from '../trails/trail_card.js';
import {markLiked} from './like_button.js';
import {followButton} from './follow_button.js';
import {countText} from './follow_state.js';
import {followRequests} from './follow_requests.js';
import {statsSection} from './profile_stats.js';
import {hitsPage, listFromHit, trailFromHit} from './search_hits.js';

const TRAILS_PER_PAGE = 12;
const LISTS_PER_PAGE = 12;

export default {
  async render(ctx) {
    const {params, view, session, navigate, isCurrent} = ctx;
    const handle = handleOf(params.handle);
    if (!handle) throw new ApiError(404, {message: 'Not found.'});
    const controller = new AbortController();
    const cleanups = [() => controller.abort()];
    const cleanup = () => {
      for (const fn of cleanups.splice(0)) fn();
    };
    view.append(h('p', {class: 'loading page'}, 'Loading profile…'));
    let answer;
    try {
      answer = await profiles.show(handle, {signal: controller.signal});
    } catch (error) {
      cleanup();
      throw error;
    }
    if (!isCurrent()) return cleanup;
    const profile = answer?.profile || answer?.actor || answer;
    document.title = `${profile.username} · Cairn`;
    const isSelf = session.user?.id === profile.id;
    // The private view: the server left out the counts (and everything else).
    const restricted = Boolean(profile.private) && !isSelf && profile.followers === undefined;
    const context = {handle, profile, session, navigate, signal: controller.signal, cleanups, units: session.units};
    replace(view, restricted ? privatePage(context) : fullPage(context));
    return cleanup;
  },
};

function avatarOf(profile, size) {
  // The API's `icon` is a ready URL; else the user record's avatar file, else the initial.
  if (typeof profile.icon === 'string' && profile.icon) return h('img', {class: 'avatar round', src: profile.icon, alt: '', width: size, height: size, style: {width: `${size}px`, height: `${size}px`}});
  return avatar(profile.collectionId ? profile : null, {name: profile.username, size, round: true});
}

// A person of another server: where to see all of them (their page there, an http(s) link the
// server checked when it fetched them).
function remoteNote(profile) {
  if (!profile.remote) return null;
  const server = String(profile.username || '').split('@')[1] || 'another server';
  const link = /^https?:\/\//.test(profile.url || '') ? h('a', {href: profile.url, rel: 'noopener nofollow ugc', target: '_blank'}, `their page on ${server}`) : null;
  return h('p', {class: 'muted profile-remote'}, `A person of ${server}: this page shows what this server knows of them`, link ? ['; see ', link, '.'] : '.');
}

function head(context, extra) {
  const {profile, session, navigate} = context;
  const follow = followButton(profile, {session, navigate, onChange: (next) => context.onFollow?.(next)});
  return h(
    'header',
    {class: 'profile-head'},
    avatarOf(profile, 96),
    h(
      'div',
      {class: 'profile-head-text'},
      h('h1', null, profile.username),
      h('p', {class: 'muted profile-handle'}, profile.acct ? `@${String(profile.acct).replace(/^@/, '')}` : `@${profile.username}`, profile.private ? h('span', {class: 'badge private'}, 'Private account') : null),
      extra,
      remoteNote(profile),
      h('div', {class: 'row profile-actions'}, follow),
    ),
  );
}

function privatePage(context) {
  return h(
    'section',
    {class: 'page profile-page'},
    head(context, null),
    h('p', {class: 'notice'}, 'This account is private. Only the people it accepts as followers see its trails, lists and statistics.'),
  );
}

function fullPage(context) {
  const {profile, session, handle} = context;
  const isSelf = session.user?.id === profile.id;
  const followers = countButton(context, 'followers', countText(profile.followers, 'follower'));
  // Following or unfollowing changes the count at once (a request does not count until accepted).
  let followed = profile.follow?.status === 'accepted';
  context.onFollow = (next) => {
    const now = next?.status === 'accepted';
    if (now === followed) return;
    profile.followers = Math.max(0, (Number(profile.followers) || 0) + (now ? 1 : -1));
    followed = now;
    followers.textContent = countText(profile.followers, 'follower');
  };
  const counts = h(
    'p',
    {class: 'profile-counts'},
    followers,
    countButton(context, 'following', countText(profile.following, 'following', 'following')),
    h('span', null, countText(profile.trails, 'trail')),
    h('span', null, countText(profile.lists, 'list')),
  );
  const bio = profile.bio ? h('p', {class: 'profile-bio pre-line'}, profile.bio) : null;
  let requests = null;
  if (isSelf) {
    requests = followRequests({userId: profile.id});
    requests.load({signal: context.signal});
  }
  return h(
    'section',
    {class: 'page profile-page'},
    head(context, [bio, counts]),
    isSelf ? h('p', {class: 'row profile-own-links'}, h('a', {href: '/settings', class: 'button small'}, 'Edit profile'), h('a', {href: '/duplicates', class: 'button small'}, 'Find duplicates'), h('a', {href: '/feed', class: 'button small'}, 'Your feed')) : null,
    requests?.element,
    statsSection(handle, context),
    trailsSection(context),
    listsSection(context),
  );
}

// "3 followers" as a button that opens the list of them.
function countButton(context, type, text) {
  return h('button', {type: 'button', class: 'link-button profile-count', onclick: () => openFollowsDialog(context, type)}, text);
}

function openFollowsDialog({handle, profile}, type) {
  const list = h('ul', {class: 'people-list'}, h('li', {class: 'muted'}, 'Loading…'));
  const more = h('button', {type: 'button', class: 'button small', hidden: true}, 'Load more');
  openDialog({title: type === 'followers' ? `Followers of ${profile.username}` : `${profile.username} follows`, content: h('div', null, list, more)});
  let page = 0;
  const load = async () => {
    page += 1;
    try {
      const answer = await profiles.follows(handle, {type, page, perPage: 20});
      const items = Array.isArray(answer?.items) ? answer.items : [];
      if (page === 1) replace(list);
      if (page === 1 && !items.length) list.append(h('li', {class: 'muted'}, type === 'followers' ? 'No followers yet.' : 'Follows nobody yet.'));
      list.append(...items.map((person) => h('li', {class: 'people-row'}, avatarOf(person, 32), authorLink(person.username), person.private ? h('span', {class: 'badge private'}, 'Private') : null)));
      more.hidden = page >= (Number(answer?.totalPages) || 1);
    } catch (error) {
      replace(list, h('li', {class: 'form-error'}, error.status === 404 ? 'Not available on this server.' : error.message));
      more.hidden = true;
    }
  };
  more.addEventListener('click', load);
  load();
}

// A titled section whose items come a page at a time from a search of the profile's records,
// with "Load more" while there are more.
function pagedSection({id, title, emptyText, fetchPage, renderItems, listClass, signal}) {
  const list = h('ul', {class: listClass});
  const status = h('p', {class: 'muted'}, 'Loading…');
  const more = h('button', {type: 'button', class: 'button', hidden: true}, 'Load more');
  const count = h('span', {class: 'count muted'});
  const section = h('section', {class: 'profile-section', 'aria-labelledby': `${id}-title`}, h('h2', {id: `${id}-title`}, `${title} `, count), status, list, more);
  let page = 0;
  async function load() {
    page += 1;
    more.disabled = true;
    try {
      const answer = hitsPage(await fetchPage(page));
      if (signal.aborted) return;
      status.hidden = true;
      count.textContent = `(${answer.total})`;
      const items = renderItems(answer.items);
      list.append(...items);
      if (page === 1 && !items.length) {
        status.textContent = emptyText;
        status.hidden = false;
      }
      more.hidden = page >= answer.totalPages;
      return items;
    } catch (error) {
      if (signal.aborted) return;
      status.hidden = false;
      status.textContent = error.status === 404 ? `${title} are not available on this server.` : `${title} could not be loaded: ${error.message}`;
      more.hidden = true;
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener('click', load);
  load();
  return {section, list};
}

function trailsSection({handle, profile, session, signal, units}) {
  const me = session.user?.id || '';
  const {section, list} = pagedSection({
    id: 'profile-trails',
    title: 'Trails',
    emptyText: 'No trails to show.',
    listClass: 'trail-grid',
    signal,
    fetchPage: (page) => profiles.trails(handle, {q: '', options: {page, hitsPerPage: TRAILS_PER_PAGE, sort: ['date:desc']}}, {signal}),
    renderItems(hits) {
      const cards = hits.map((hit) => trailCard(trailFromHit(hit, {username: profile.username}), {units, me}));
      queueMicrotask(() => markLiked(list, {signedIn: Boolean(me), signal}));
      return cards;
    },
  });
  list.setAttribute('aria-label', `Trails of ${profile.username}`);
  return section;
}

function listsSection({handle, profile, signal}) {
  const {section, list} = pagedSection({
    id: 'profile-lists',
    title: 'Lists',
    emptyText: 'No lists to show.',
    listClass: 'list-cards',
    signal,
    fetchPage: (page) => profiles.lists(handle, {q: '', options: {page, hitsPerPage: LISTS_PER_PAGE}}, {signal}),
    renderItems: (hits) =>
      hits.map(listFromHit).map((l) =>
        h(
          'li',
          {class: 'list-card card-box'},
          h('div', {class: 'list-card-body'}, h('h3', {class: 'list-card-title'}, h('a', {href: `/list/${encodeURIComponent(l.id)}`}, l.name || 'Untitled list')), l.description ? h('p', {class: 'list-card-description'}, l.description) : null, h('p', {class: 'list-card-meta'}, `${l.trailCount} ${l.trailCount === 1 ? 'trail' : 'trails'}`)),
        ),
      ),
  });
  list.setAttribute('aria-label', `Lists of ${profile.username}`);
  return section;
}
