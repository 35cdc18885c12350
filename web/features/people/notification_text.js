// What a notification says and where it leads, per type (the API's `type` and `metadata`).
// Pure, so every type's text is tested without a browser.
import {profileHref} from '../../lib/people.js';

export const NOTIFICATION_TYPES = [
  {type: 'new_follower', label: 'New followers'},
  {type: 'follow_request', label: 'Follow requests'},
  {type: 'trail_like', label: 'Likes of your trails'},
  {type: 'trail_comment', label: 'Comments on your trails'},
  {type: 'comment_reply', label: 'Replies to your comments'},
  {type: 'summit_log_create', label: 'Summit logs on your trails'},
  {type: 'trail_share', label: 'Trails shared with you'},
  {type: 'list_share', label: 'Lists shared with you'},
];

// The metadata as an object (the API may send it as a JSON string).
export function metadataOf(notification) {
  const value = notification?.metadata;
  if (value && typeof value === 'object') return value;
  if (typeof value === 'string' && value) {
    try {
      const parsed = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }
  return {};
}

const text = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const trailHref = (id) => (id ? `/trail/${encodeURIComponent(id)}` : '');

// notificationText(notification) -> {who, text, href, detail}: `who` the person who did it,
// `text` the rest of the sentence ("likes your trail “Ridge”"), `href` what to open ('' for
// nothing), `detail` the comment's words for a comment ('' otherwise).
export function notificationText(notification) {
  const meta = metadataOf(notification);
  const who = text(notification?.expand?.author?.username) || text(meta.follower || meta.liker || meta.author).replace(/^@/, '').split('@')[0] || 'Someone';
  const trailName = text(meta.trail_name || meta.trail) || 'a trail';
  const trailId = text(meta.trail_id || (notification?.type === 'trail_share' ? meta.id : ''));
  const quoted = (name) => `“${name}”`;
  switch (notification?.type) {
    case 'new_follower':
      return {who, text: 'now follows you', href: profileHref(who), detail: ''};
    case 'follow_request':
      return {who, text: 'asks to follow you', href: profileHref(who), detail: ''};
    case 'trail_like':
      return {who, text: `likes your trail ${quoted(trailName)}`, href: trailHref(trailId), detail: ''};
    case 'trail_comment':
      return {who, text: `commented on your trail ${quoted(trailName)}`, href: trailHref(trailId) && `${trailHref(trailId)}#comments-title`, detail: text(meta.comment)};
    case 'comment_reply':
      return {who, text: `also commented on ${quoted(trailName)}`, href: trailHref(trailId) && `${trailHref(trailId)}#comments-title`, detail: text(meta.comment)};
    case 'summit_log_create':
      return {who, text: `logged a summit on your trail ${quoted(trailName)}`, href: trailHref(trailId), detail: ''};
    case 'trail_share':
      return {who, text: `shared the trail ${quoted(trailName)} with you`, href: trailHref(trailId), detail: ''};
    case 'list_share': {
      const listId = text(meta.list_id || meta.id);
      return {who, text: `shared the list ${quoted(text(meta.list_name || meta.list) || 'a list')} with you`, href: listId ? `/list/${encodeURIComponent(listId)}` : '', detail: ''};
    }
    default:
      return {who, text: 'did something you asked to hear about', href: '', detail: ''};
  }
}

// The per-type delivery choices of settings.notifications ({type: {web, email}}; a JSON string
// or missing): every known type with both flags, a missing one meaning true.
export function notificationPrefs(value) {
  let stored = value;
  if (typeof stored === 'string') {
    try {
      stored = JSON.parse(stored);
    } catch {
      stored = {};
    }
  }
  if (!stored || typeof stored !== 'object') stored = {};
  const prefs = {};
  for (const {type} of NOTIFICATION_TYPES) {
    const own = stored[type] && typeof stored[type] === 'object' ? stored[type] : {};
    prefs[type] = {web: own.web !== false, email: own.email !== false};
  }
  return prefs;
}

// "3", or "99+" past 99: the bell's badge.
export function unreadBadge(count) {
  const n = Math.max(0, Math.floor(Number(count) || 0));
  return n === 0 ? '' : n > 99 ? '99+' : String(n);
}
