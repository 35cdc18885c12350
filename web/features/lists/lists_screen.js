// The lists I can see: mine, those shared with me, and public ones, as cards. Signed-in people
// make new lists here.
import {h, replace} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {listShares, lists as listRecords} from '../../lib/resources.js';
import {onSubmit} from '../../lib/forms.js';
import {openDialog} from '../../lib/dialog.js';
import {listAvatar, listBadges, listForm, listBody} from './list_parts.js';
import {authorLink} from '../../lib/people.js';

const LIST_FIELDS = 'id,collectionId,collectionName,name,description,avatar,public,trails,author,updated,expand.author.username';

function trailCount(list) {
  const n = Array.isArray(list.trails) ? list.trails.length : 0;
  return n === 1 ? '1 trail' : `${n} trails`;
}

function listCard(list, {userId, sharedWithMe, sharedWithCount}) {
  const author = list.expand?.author?.username;
  const others = userId !== list.author;
  return h(
    'li',
    {class: 'list-card card-box'},
    listAvatar(list, {size: 64}),
    h(
      'div',
      {class: 'list-card-body'},
      h('h3', {class: 'list-card-title'}, h('a', {href: `/list/${list.id}`}, list.name || 'Untitled list')),
      list.description ? h('p', {class: 'list-card-description'}, list.description) : null,
      h(
        'p',
        {class: 'list-card-meta'},
        h('span', null, trailCount(list)),
        others && author ? h('span', {class: 'list-card-author'}, 'by ', authorLink(author)) : null,
        listBadges(list, {userId, sharedWithMe, sharedWithCount}),
      ),
    ),
  );
}

function section(title, lists, context, emptyText) {
  const id = `lists-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return h(
    'section',
    {class: 'lists-section', 'aria-labelledby': id},
    h('h2', {id}, title, h('span', {class: 'muted count'}, ` (${lists.length})`)),
    lists.length
      ? h('ul', {class: 'list-cards'}, lists.map((list) => listCard(list, {userId: context.userId, sharedWithMe: context.shares.get(list.id), sharedWithCount: context.sharedCounts.get(list.id)})))
      : h('p', {class: 'empty'}, emptyText),
  );
}

// The "New list" dialog; on success we go to the new list.
function openNewListDialog({session, navigate}) {
  const isPublic = session.settings?.privacy?.lists === 'public';
  const form = listForm({values: {public: isPublic}, submitLabel: 'Create list'});
  const {close} = openDialog({title: 'New list', content: form});
  onSubmit(form, async (values) => {
    const created = await listRecords.create({...listBody(values), author: session.user.id});
    close();
    navigate(`/list/${created.id}`);
  });
  form.querySelector('input[name="name"]').focus();
}

// The lists, and in one more request every share the viewer may see: those with the viewer
// (`shares`: list id -> permission) and those of the viewer's own lists (`sharedCounts`: list
// id -> number of people).
async function loadLists(session) {
  const lists = await listRecords.all({expand: 'author', sort: '-updated', fields: LIST_FIELDS});
  const shares = new Map();
  const sharedCounts = new Map();
  if (session.signedIn) {
    const me = quote(session.user.id);
    const visible = await listShares.all({filter: `user = ${me} || list.author = ${me}`, fields: 'list,user,permission'});
    for (const share of visible) {
      if (share.user === session.user.id) shares.set(share.list, share.permission);
      else sharedCounts.set(share.list, (sharedCounts.get(share.list) || 0) + 1);
    }
  }
  return {lists, shares, sharedCounts};
}

export default {
  async render({view, session, navigate, isCurrent}) {
    document.title = 'Lists · Cairn';
    const userId = session.user?.id;
    const body = h('div', {class: 'lists-body'}, h('p', {class: 'loading'}, 'Loading lists…'));
    const newButton = session.signedIn ? h('button', {type: 'button', class: 'button primary', onclick: () => openNewListDialog({session, navigate})}, 'New list') : null;
    view.append(
      h(
        'section',
        {class: 'page lists-page'},
        h('div', {class: 'row lists-head'}, h('h1', null, 'Lists'), h('span', {class: 'spacer'}), newButton),
        h('p', {class: 'muted'}, session.signedIn ? 'Collections of trails: your own, those shared with you and public ones.' : 'Public collections of trails. Sign in to make your own.'),
        body,
      ),
    );
    const {lists, shares, sharedCounts} = await loadLists(session);
    if (!isCurrent()) return;
    const context = {userId, shares, sharedCounts};
    if (!session.signedIn) {
      replace(body, section('Public lists', lists, context, 'No public lists yet. Sign in to see lists shared with you, or to make your own.'));
      return;
    }
    const mine = lists.filter((l) => l.author === userId);
    const shared = lists.filter((l) => l.author !== userId && shares.has(l.id));
    const open = lists.filter((l) => l.author !== userId && !shares.has(l.id));
    replace(
      body,
      section('Your lists', mine, context, 'You have no lists yet. Use “New list” to gather trails for a trip, a season or a region.'),
      shared.length ? section('Shared with you', shared, context, '') : null,
      section('Public lists', open, context, 'No public lists by others yet. A list you make public appears for everyone here.'),
    );
  },
};
