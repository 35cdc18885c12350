// The trail page's header: the name, who made it where and when, badges (difficulty, category
// and subcategory, who sees it, the viewer's share, the rating), the trail's tags, and the
// actions the viewer may take: Edit, Share, Save to list, Export GPX, Send to… (a connected
// service), terrain heights and Delete. An action that fails says so beside the buttons.
import {h, toast, keepFocus} from '../../lib/dom.js';
import {confirmDialog} from '../../lib/dialog.js';
import {difficultyLabel, formatDate} from '../../lib/format.js';
import {quote} from '../../lib/api.js';
import {trailShares, trails} from '../../lib/resources.js';
import {openShareDialog} from '../sharing/trail_share_dialog.js';
import {sendToSlot} from './send_to.js';
import {openSaveToListDialog} from '../lists/save_to_list_dialog.js';
import {authorLink} from '../../lib/people.js';
import {likeButton, markLiked} from '../people/like_button.js';
import {terrainHeightsSlot} from './terrain_heights.js';

// trailHeader(trail, {isAuthor, canEdit, myShare, rating, navigate, session}) -> <header>;
// `rating` is the element the comments fill with the average rating.
export function trailHeader(trail, {isAuthor, canEdit, myShare, rating, navigate, session}) {
  const author = trail.expand?.author?.username;
  const meta = [author ? ['by ', authorLink(author)] : null, trail.location, formatDate(trail.date)].filter(Boolean);
  const like = likeButton(trail, {signedIn: Boolean(session?.user), className: 'trail-like'});
  const status = h('p', {class: 'field-error trail-action-error', role: 'alert'});
  // The owner's "Shared with 2 people", counted after the page is up and again when the share
  // dialog closes.
  const sharedWith = h('span', {class: 'badge shared', hidden: true});
  const countShares = () => (isAuthor ? showSharedCount(sharedWith, trail.id) : undefined);
  countShares();
  const header = h(
    'header',
    {class: 'trail-head'},
    h(
      'div',
      {class: 'trail-title'},
      h('h1', null, trail.name || 'Untitled trail'),
      meta.length ? h('p', {class: 'trail-meta muted'}, meta.flatMap((part, i) => (i ? [' · ', part] : [part]))) : null,
      badges(trail, myShare, rating, isAuthor ? sharedWith : null),
      tagList(trail),
    ),
    h('div', {class: 'trail-actions-box'}, like, actions(trail, {isAuthor, canEdit, status, navigate, session, countShares}), status),
  );
  if (like) markLiked(header, {signedIn: Boolean(session?.user)});
  return header;
}

// "Hiking · Via ferrata": the category and, when the trail has one, its subcategory.
export function categoryText(trail) {
  const category = trail.expand?.category?.name;
  const subcategory = trail.expand?.subcategory?.name;
  return [category, subcategory].filter(Boolean).join(' · ');
}

async function showSharedCount(badge, trailId) {
  // Only for a badge: a failure leaves it out rather than the page.
  const counted = await trailShares.list({filter: `trail = ${quote(trailId)}`, fields: 'id', perPage: 1}, {withTotal: true}).catch(() => ({total: 0}));
  const count = counted.total || 0;
  badge.textContent = `Shared with ${count} ${count === 1 ? 'person' : 'people'}`;
  badge.hidden = count === 0;
}

function badges(trail, myShare, rating, sharedWith) {
  const category = categoryText(trail);
  return h(
    'p',
    {class: 'trail-badges'},
    trail.difficulty ? h('span', {class: ['badge', trail.difficulty]}, difficultyLabel(trail.difficulty)) : null,
    category ? h('span', {class: 'badge trail-category'}, category) : null,
    trail.public ? h('span', {class: 'badge'}, 'Public') : h('span', {class: 'badge private'}, 'Private'),
    myShare ? h('span', {class: 'badge shared'}, myShare.permission === 'edit' ? 'Shared with you · can edit' : 'Shared with you') : null,
    sharedWith,
    rating,
  );
}

// The tags the trail was given (`expand=tags`), in the order chosen; each links to the trails
// that have it.
function tagList(trail) {
  const tags = Array.isArray(trail.expand?.tags) ? trail.expand.tags : [];
  if (!tags.length) return null;
  const link = (tag) => h('a', {href: `/trails?tag=${encodeURIComponent(tag.id)}`, 'aria-label': `Trails tagged ${tag.name}`}, tag.name);
  return h('ul', {class: 'tag-list', 'aria-label': 'Tags'}, tags.map((tag) => h('li', {class: 'tag'}, link(tag))));
}

function actions(trail, {isAuthor, canEdit, status, navigate, session, countShares}) {
  const box = h('div', {class: 'trail-actions'});
  if (canEdit) box.append(h('a', {class: 'button', href: `/trail/${trail.id}/edit`}, 'Edit'), h('a', {class: 'button', href: `/trail/${trail.id}/line`}, 'Edit line'));
  if (isAuthor) {
    const share = () => openShareDialog(trail, session).addEventListener('close', countShares);
    box.append(h('button', {type: 'button', class: 'button', onclick: share}, 'Share'));
  }
  if (session?.user) box.append(h('button', {type: 'button', class: 'button', onclick: () => openSaveToListDialog({trail, userId: session.user.id})}, 'Save to list'));
  // A trail without a track has nothing to export.
  if (trail.gpx) box.append(exportButton(trail, status));
  if (session?.user) box.append(sendToSlot(trail));
  if (canEdit && trail.gpx) box.append(terrainHeightsSlot(trail, {status, navigate}));
  if (isAuthor) box.append(deleteButton(trail, {status, navigate}));
  return box;
}

function exportButton(trail, status) {
  const button = h('button', {type: 'button', class: 'button'}, 'Export GPX');
  button.addEventListener('click', async () => {
    status.textContent = '';
    const restoreFocus = keepFocus(button);
    button.disabled = true;
    try {
      await exportGpx(trail);
    } catch (error) {
      status.textContent = `Export failed: ${error.message}`;
    } finally {
      button.disabled = false;
      restoreFocus();
    }
  });
  return button;
}

function deleteButton(trail, {status, navigate}) {
  const button = h('button', {type: 'button', class: 'button danger'}, 'Delete');
  button.addEventListener('click', async () => {
    status.textContent = '';
    const ok = await confirmDialog({
      title: 'Delete this trail?',
      message: `“${trail.name}” is deleted with its track, photos, waypoints, comments, summit logs and shares. This cannot be undone.`,
      confirmLabel: 'Delete trail',
    });
    if (!ok) return;
    try {
      await trails.remove(trail.id);
      toast(`“${trail.name}” was deleted.`);
      navigate('/trails');
    } catch (error) {
      status.textContent = `Delete failed: ${error.message}`;
    }
  });
  return button;
}

// The server builds one GPX from the stored track and the current record; it is saved under the
// trail's name through a Blob URL.
async function exportGpx(trail) {
  const url = URL.createObjectURL(await trails.download([trail.id], {format: 'gpx'}));
  const link = h('a', {href: url, download: `${fileName(trail.name)}.gpx`, hidden: true});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function fileName(name) {
  const clean = String(name || '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim().slice(0, 120);
  return clean || 'trail';
}
