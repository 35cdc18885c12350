// The heart of a trail: its like count, and for signed-in people a toggle (PUT /trail-like,
// POST /trail-like/delete). Which trails the caller liked is asked once per page of cards. A
// server without likes (a trail without `like_count`, or a 404 from the likes routes) shows none.
import {h, keepFocus, toast} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {likes} from '../../lib/resources.js';

let likesMissing = false;

export function hasLikes(trail) {
  return !likesMissing && Number.isFinite(Number(trail?.like_count)) && trail?.like_count !== null && trail?.like_count !== undefined;
}

// The filter for the caller's likes of these trails: trail='a' || trail='b'.
export function likedFilter(ids) {
  return ids.map((id) => `trail=${quote(id)}`).join(' || ');
}

// likeButton(trail, {signedIn, liked}) -> <button class="like-button"> or null without likes.
// The button's `data-trail` lets markLiked() find it.
export function likeButton(trail, {signedIn, liked = false, className} = {}) {
  if (!hasLikes(trail)) return null;
  let count = Math.max(0, Number(trail.like_count) || 0);
  let on = liked;
  const heart = h('span', {class: 'like-heart', 'aria-hidden': 'true'});
  const number = h('span', {class: 'like-count'});
  const button = h('button', {type: 'button', class: ['like-button', className], dataset: {trail: trail.id}}, heart, number);
  const name = trail.name || 'this trail';
  const paint = () => {
    heart.textContent = on ? '♥' : '♡';
    number.textContent = String(count);
    button.setAttribute('aria-pressed', String(on));
    button.setAttribute('aria-label', `${on ? 'Unlike' : 'Like'} ${name}, ${count} ${count === 1 ? 'like' : 'likes'}`);
    button.classList.toggle('liked', on);
  };
  button.setLiked = (value) => {
    on = Boolean(value);
    paint();
  };
  if (!signedIn) {
    button.disabled = true;
    button.title = 'Sign in to like trails';
  }
  button.addEventListener('click', async (event) => {
    // Cards are one big link: the heart is not part of it.
    event.preventDefault();
    event.stopPropagation();
    if (button.dataset.busy) return;
    button.dataset.busy = 'yes';
    const was = on;
    on = !was;
    count = Math.max(0, count + (on ? 1 : -1));
    paint();
    const restore = keepFocus(button);
    try {
      if (on) await likes.like(trail.id);
      else await likes.unlike(trail.id);
    } catch (error) {
      on = was;
      count = Math.max(0, count + (on ? 1 : -1));
      paint();
      if (error.status === 404 && !was) toast('This trail cannot be liked.', 'error');
      else toast(`The like could not be saved: ${error.message}`, 'error');
    } finally {
      delete button.dataset.busy;
      restore();
    }
  });
  paint();
  return button;
}

// Asks once which of the like buttons under `container` the caller liked, and fills them in.
export async function markLiked(container, {signedIn, signal} = {}) {
  if (!signedIn || likesMissing) return;
  const buttons = [...container.querySelectorAll('button.like-button[data-trail]')];
  const ids = [...new Set(buttons.map((b) => b.dataset.trail))];
  if (!ids.length) return;
  try {
    const answer = await likes.list({filter: likedFilter(ids), perPage: ids.length, fields: 'id,trail'}, {signal});
    const items = Array.isArray(answer) ? answer : answer?.items || [];
    const liked = new Set(items.map((like) => like.trail));
    for (const button of buttons) button.setLiked(liked.has(button.dataset.trail));
  } catch (error) {
    if (error.status === 404) {
      likesMissing = true;
      for (const button of buttons) button.remove();
    }
  }
}
