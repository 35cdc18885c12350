// Links to people: a profile's address is /profile/@username, and an author's name, wherever the
// app shows one, links there.
import {h} from './dom.js';

// '/profile/@ana' for 'ana' (or '@ana'); '' without a name.
export function profileHref(username) {
  const name = String(username ?? '').trim().replace(/^@/, '');
  return name ? `/profile/@${encodeURIComponent(name)}` : '';
}

// The handle of a /profile/<handle> address as the API takes it: '@ana' for '@ana' or 'ana'.
export function handleOf(param) {
  const name = String(param ?? '').trim().replace(/^@/, '');
  return name ? `@${name}` : '';
}

// <a href="/profile/@ana">ana</a>, or the plain name when there is none to link.
export function authorLink(username, {className, text} = {}) {
  const href = profileHref(username);
  const label = text ?? username ?? '';
  return href ? h('a', {href, class: className}, label) : label;
}
