// Comments of a trail: the list (author, date, stars, text) and, for signed-in people who may
// see the trail, a form with text and a 1–5 star rating (a radio group, so keyboards and screen
// readers use it as any other). Authors delete their own; the trail's author may delete any.
import {h, toast} from '../../lib/dom.js';
import {listItems, quote} from '../../lib/api.js';
import {comments, trails} from '../../lib/resources.js';
import {field, formError, onSubmit} from '../../lib/forms.js';
import {formatDate} from '../../lib/format.js';
import {authorLink} from '../../lib/people.js';
import {entryFeed, entryItem, signInPrompt} from './entry_feed.js';

// commentsSection({trail, session, canPost, signal, onRating(average, count)}) -> <section>
export function commentsSection({trail, session, canPost, signal, onRating = () => {}}) {
  const feed = entryFeed({
    trail,
    session,
    id: 'comments',
    title: 'Comments',
    className: 'trail-comments',
    loadingText: 'Loading comments…',
    emptyText: canPost ? 'No comments yet. Write the first one below: how it went, what to watch out for.' : 'No comments yet.',
    what: 'Comments',
    live: true,
    renderEntry: commentItem,
    onChange(entries) {
      const rated = entries.filter((c) => c.rating > 0);
      onRating(rated.length ? rated.reduce((sum, c) => sum + c.rating, 0) / rated.length : 0, rated.length);
    },
  });

  function commentItem(comment) {
    const author = comment.expand?.author?.username || 'Someone';
    const error = h('p', {class: 'field-error', role: 'alert'});
    return entryItem({
      head: [
        h('strong', null, comment.expand?.author?.username ? authorLink(author) : author),
        h('time', {class: 'muted', datetime: formatDate(comment.created)}, formatDate(comment.created)),
        comment.rating > 0 ? stars(comment.rating) : null,
      ],
      action: feed.deleteButton(comment, {
        label: `Delete comment by ${author}`,
        remove: () => comments.remove(comment.id),
        confirm: {title: 'Delete this comment?', message: 'The comment is removed for everyone.', confirmLabel: 'Delete comment'},
        doneText: 'Comment deleted.',
        error,
      }),
      body: [h('p', {class: 'pre-line entry-text'}, comment.text), error],
    });
  }

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
      const saved = await comments.create(body, {query: {expand: 'author'}});
      if (!saved.expand?.author) saved.expand = {...saved.expand, author: session.user};
      feed.set([saved, ...feed.entries]);
      form.reset();
      rating.dispatchEvent(new Event('change'));
      toast('Comment posted.');
    });
    return form;
  }

  if (canPost) feed.section.append(commentForm());
  else if (!session.signedIn) feed.section.append(signInPrompt('Sign in to add a comment'));
  feed.load(() => trailComments(trail.id, signal), signal);
  return feed.section;
}

const COMMENT_PAGE = 100;
const MOST_COMMENTS = 1000;

// Every comment of the trail, newest first, with its author: `GET /trail/{id}/comment` page by
// page; a server without that route (404 on the first page) answers through the comment
// collection instead.
export async function trailComments(trailId, signal) {
  const found = [];
  for (let page = 1; found.length < MOST_COMMENTS; page++) {
    let answer;
    try {
      answer = await trails.comments(trailId, {page, perPage: COMMENT_PAGE}, {signal});
    } catch (error) {
      if (error.status !== 404 || page > 1) throw error;
      const query = {filter: `trail=${quote(trailId)}`, sort: '-created', expand: 'author', fields: 'id,author,text,rating,created,expand.author.username'};
      return comments.all(query, MOST_COMMENTS, {signal});
    }
    const items = listItems(answer);
    found.push(...items);
    const totalPages = Number(answer?.totalPages) || 1;
    if (!items.length || page >= totalPages) break;
  }
  return found;
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
