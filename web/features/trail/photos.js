// Photo thumbnails and the full-screen viewer (a modal <dialog>: the browser traps focus,
// Escape closes, focus goes back to the thumbnail). Works for any record with `photos`:
// trails, waypoints, summit logs.
import {h} from '../../lib/dom.js';
import {files} from '../../lib/resources.js';
import {openDialog} from '../../lib/dialog.js';

// photoGrid(record, names, {thumb, size, what}) -> <ul> of thumbnail buttons.
// `what` names the photos for screen readers ("photo", "summit photo").
export function photoGrid(record, names, {thumb = '600x0', size = 'large', what = 'photo'} = {}) {
  return h(
    'ul',
    {class: ['tphoto-grid', size]},
    names.map((name, index) =>
      h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            class: 'tphoto-thumb',
            'aria-label': `Open ${what} ${index + 1} of ${names.length}`,
            onclick: () => openPhotoViewer(record, names, index),
          },
          h('img', {src: files.url(record, name, {thumb}), alt: '', loading: 'lazy', decoding: 'async'}),
        ),
      ),
    ),
  );
}

// Opens the viewer on names[index]; ←/→ and swipes move, Escape or Close leaves.
export function openPhotoViewer(record, names, index = 0) {
  let current = index;
  const img = h('img', {class: 'viewer-image', alt: ''});
  const prev = h('button', {type: 'button', class: 'viewer-nav prev', 'aria-label': 'Previous photo'}, '‹');
  const next = h('button', {type: 'button', class: 'viewer-nav next', 'aria-label': 'Next photo'}, '›');
  const original = h('a', {class: 'viewer-original', target: '_blank', rel: 'noopener'}, 'Open original', h('span', {class: 'visually-hidden'}, ' (opens in a new tab)'));
  const stage = h('div', {class: 'viewer-stage'}, img, names.length > 1 ? [prev, next] : null);
  const {dialog} = openDialog({
    title: '',
    className: 'photo-viewer',
    content: h('div', {class: 'viewer'}, stage, h('p', {class: 'viewer-foot'}, original)),
  });
  const title = dialog.querySelector('.dialog-head h2');

  function show(i) {
    current = (i + names.length) % names.length;
    const name = names[current];
    img.src = files.url(record, name);
    img.alt = `Photo ${current + 1} of ${names.length}`;
    original.href = files.url(record, name);
    title.textContent = `${current + 1} / ${names.length}`;
    title.setAttribute('aria-label', `Photo ${current + 1} of ${names.length}`);
    // Warm the cache for the neighbours so stepping through feels instant.
    for (const j of [current + 1, current - 1]) {
      if (names.length > 1) new Image().src = files.url(record, names[(j + names.length) % names.length]);
    }
  }

  prev.addEventListener('click', () => show(current - 1));
  next.addEventListener('click', () => show(current + 1));
  dialog.addEventListener('keydown', (event) => {
    if (event.target.closest && event.target.closest('a')) return;
    if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
    else return;
    event.preventDefault();
  });

  // Swipe: a mostly horizontal move of 40 px or more steps one photo.
  let start = null;
  stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse') start = {x: event.clientX, y: event.clientY};
  });
  stage.addEventListener('pointerup', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy) * 1.5) show(current + (dx < 0 ? 1 : -1));
  });
  stage.addEventListener('pointercancel', () => {
    start = null;
  });
  // A click on the dark backdrop around the photo closes, as people expect.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || event.target === stage) dialog.close();
  });

  show(current);
  (names.length > 1 ? next : dialog.querySelector('.dialog-close')).focus();
  return dialog;
}
