// Comments of a trail: the list (author, date, stars, text) and, for signed-in people who may
// see the trail, a form with text and a 1–5 star rating (a radio group, so keyboards and screen
// readers use it as any other). Authors delete their own; the trail's author may delete any.
import {h, replace, toast} from './dom.js';
import {api, listAll, quote} from './api.js';
import {field, formError, onSubmit} from './forms.js';
import {confirmDialog} from './dialog.js';
import {formatDate} from './format.js';

// commentsSection({trail, session, canPost, signal, onRating(average, count)}) -> <section>
export function commentsSection({trail, session, canPost, signal, onRating = () => {}}) {
  const list = h('div', {class: 'comment-list', 'aria-live': 'polite', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading comments…'));
  const count = h('span', {class: 'count muted'});
  const section = h('section', {class: 'trail-section trail-comments', 'aria-labelledby': 'comments-title'}, h('h2', {id: 'comments-title'}, 'Comments ', count));
  let comments = [];

  function render() {
    list.removeAttribute('aria-busy');
    count.textContent = comments.length ? `(${comments.length})` : '';
    const rated = comments.filter((c) => c.rating > 0);
    onRating(rated.length ? rated.reduce((sum, c) => sum + c.rating, 0) / rated.length : 0, rated.length);
    if (!comments.length) {
      replace(list, h('p', {class: 'muted'}, 'No comments yet.'));
      return;
    }
    replace(list, h('ul', {class: 'entry-list'}, comments.map(commentItem)));
  }

  function commentItem(comment) {
    const author = comment.expand?.author?.username || 'Someone';
    const mayDelete = session.user && (comment.author === session.user.id || trail.author === session.user.id);
    const error = h('p', {class: 'field-error', role: 'alert'});
    const remove = mayDelete
      ? h('button', {type: 'button', class: 'button small', 'aria-label': `Delete comment by ${author}`}, 'Delete')
      : null;
    remove?.addEventListener('click', async () => {
      const ok = await confirmDialog({title: 'Delete this comment?', message: 'The comment is removed for everyone.', confirmLabel: 'Delete comment'});
      if (!ok) return;
      error.textContent = '';
      try {
        await api('DELETE', `/comment/${comment.id}`);
        comments = comments.filter((c) => c.id !== comment.id);
        render();
        toast('Comment deleted.');
        section.querySelector('h2').focus?.();
      } catch (err) {
        error.textContent = err.message;
      }
    });
    return h(
      'li',
      {class: 'entry'},
      h(
        'div',
        {class: 'entry-head'},
        h('strong', null, author),
        h('time', {class: 'muted', datetime: formatDate(comment.created)}, formatDate(comment.created)),
        comment.rating > 0 ? stars(comment.rating) : null,
        h('span', {class: 'spacer'}),
        remove,
      ),
      h('p', {class: 'pre-line entry-text'}, comment.text),
      error,
    );
  }

  section.append(list);
  if (canPost) section.append(commentForm());
  else if (!session.signedIn) section.append(h('p', null, h('a', {href: `/login?next=${encodeURIComponent(location.pathname + location.search)}`}, 'Sign in to add a comment')));

  function commentForm() {
    const rating = starInput();
    const form = h(
      'form',
      {class: 'stack card-box comment-form', novalidate: true, 'aria-labelledby': 'comment-form-title'},
      h('h3', {id: 'comment-form-title'}, 'Add a comment'),
      formError(),
      field({label: 'Your comment', name: 'text', type: 'textarea', required: true, rows: 3, attrs: {maxlength: 20000}}),
      rating,
      h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Post comment')),
    );
    onSubmit(form, async (values) => {
      const text = values.text.trim();
      if (!text) throw {status: 400, message: '', fields: {text: 'Write something first.'}};
      const body = {trail: trail.id, author: session.user.id, text};
      if (values.rating) body.rating = Number(values.rating);
      const saved = await api('PUT', '/comment', body, {query: {expand: 'author'}});
      if (!saved.expand?.author) saved.expand = {...saved.expand, author: session.user};
      comments = [saved, ...comments];
      render();
      form.reset();
      rating.dispatchEvent(new Event('change'));
      toast('Comment posted.');
    });
    return form;
  }

  listAll('/comment', {filter: `trail=${quote(trail.id)}`, sort: '-created', expand: 'author', fields: 'id,author,text,rating,created,expand.author.username'}, 1000)
    .then((items) => {
      if (signal?.aborted) return;
      comments = items;
      render();
    })
    .catch((error) => {
      if (signal?.aborted || error.name === 'AbortError') return;
      list.removeAttribute('aria-busy');
      replace(list, h('p', {class: 'form-error', role: 'alert'}, `Comments could not be loaded: ${error.message}`));
    });
  return section;
}

// A read-only row of stars with its value in words.
export function stars(value, {label} = {}) {
  const rounded = Math.round(value);
  return h(
    'span',
    {class: 'stars', role: 'img', 'aria-label': label || `${value} of 5 stars`},
    h('span', {class: 'on', 'aria-hidden': 'true'}, '★'.repeat(rounded)),
    h('span', {class: 'off', 'aria-hidden': 'true'}, '★'.repeat(5 - rounded)),
  );
}

// Five radios named `rating`, drawn as stars; the labels say "1 star" … "5 stars".
function starInput() {
  const name = 'rating';
  const options = [1, 2, 3, 4, 5].map((value) => {
    const id = `rating-${value}-${Math.random().toString(36).slice(2, 7)}`;
    const words = `${value} star${value > 1 ? 's' : ''}`;
    // The transparent radio covers its star, so a click or tap lands on the radio itself.
    const input = h('input', {type: 'radio', name, id, value, class: 'star-radio'});
    return {value, input, label: h('label', {class: 'star-label', title: words}, input, h('span', {'aria-hidden': 'true'}, '★'), h('span', {class: 'visually-hidden'}, words))};
  });
  const clear = h('button', {type: 'button', class: 'link-button star-clear'}, 'No rating');
  const group = h(
    'fieldset',
    {class: 'star-input'},
    h('legend', null, 'Rating ', h('span', {class: 'muted'}, '(optional)')),
    h('div', {class: 'star-row'}, options.map((o) => o.label), clear),
    // showErrors() finds a field's message slot by the first control's id.
    h('p', {class: 'field-error', id: `${options[0].input.id}-error`}),
  );
  const paint = () => {
    const checked = options.find((o) => o.input.checked);
    for (const o of options) o.label.classList.toggle('lit', Boolean(checked) && o.value <= checked.value);
    clear.hidden = !checked;
  };
  group.addEventListener('change', paint);
  clear.addEventListener('click', () => {
    for (const o of options) o.input.checked = false;
    paint();
  });
  paint();
  return group;
}
