// The trail page's lists of entries: the markup of one entry (waypoints, summit logs, comments)
// and what summit logs and comments share besides: a titled section with a count, the entries
// loaded from the API (or a message saying why not), an empty text, each entry's Delete button
// for those who may use it, and the sign-in link for visitors.
import {h, replace, toast} from '../../lib/dom.js';
import {onDeleteClick} from '../../lib/delete_action.js';
import {signInHref} from '../../lib/session.js';

// entryFeed({trail, session, id, title, className, loadingText, emptyText, what, renderEntry,
//            onChange, live}) -> {section, entries, set(entries), remove(id), load(fetchAll,
//            signal), deleteButton(entry, options)}
// `section` is <section class="trail-section {className}"> titled `title (n)` (heading id
// `{id}-title`). set() and remove() redraw the list with renderEntry(entry) per <li> and call
// onChange(entries); remove() moves focus to the heading, as the deleted entry's button is gone.
// load() fills it with what `fetchAll()` resolves with (a resource client's `all`); `what` names
// the entries in the error message.
// With `live`, screen readers hear the list change.
// deleteButton(entry, {label, remove, confirm, doneText, error}) is the entry's "Delete" button
// (aria-label `label`), or null unless the viewer wrote the entry or the trail. Confirmed, it
// runs `remove()`, takes the entry out and toasts `doneText`; a failure goes into `error`.
export function entryFeed({trail, session, id, title, className, loadingText, emptyText, what, renderEntry, onChange = () => {}, live = false}) {
  const count = h('span', {class: 'count muted'});
  const heading = h('h2', {id: `${id}-title`, tabindex: '-1'}, `${title} `, count);
  const list = h('div', {class: 'entry-feed', 'aria-live': live ? 'polite' : null, 'aria-busy': 'true'}, h('p', {class: 'muted'}, loadingText));
  const section = h('section', {class: ['trail-section', className], 'aria-labelledby': heading.id}, heading, list);
  let entries = [];

  function render() {
    list.removeAttribute('aria-busy');
    count.textContent = entries.length ? `(${entries.length})` : '';
    onChange(entries);
    if (!entries.length) replace(list, h('p', {class: 'muted'}, emptyText));
    else replace(list, h('ul', {class: 'entry-list'}, entries.map(renderEntry)));
  }

  const feed = {
    section,
    get entries() {
      return entries;
    },
    set(next) {
      entries = next;
      render();
    },
    remove(entryId) {
      entries = entries.filter((e) => e.id !== entryId);
      render();
      heading.focus();
    },
    load(fetchAll, signal) {
      fetchAll()
        .then((items) => {
          if (signal?.aborted) return;
          entries = items;
          render();
        })
        .catch((error) => {
          if (signal?.aborted || error.name === 'AbortError') return;
          list.removeAttribute('aria-busy');
          replace(list, h('p', {class: 'form-error', role: 'alert'}, `${what} could not be loaded: ${error.message}`));
        });
    },
    deleteButton(entry, {label, remove, confirm, doneText, error}) {
      const me = session.user?.id;
      if (!me || (entry.author !== me && trail.author !== me)) return null;
      const button = h('button', {type: 'button', class: 'button small', 'aria-label': label}, 'Delete');
      onDeleteClick(button, {
        remove,
        confirm,
        error,
        onDeleted() {
          feed.remove(entry.id);
          toast(doneText);
        },
      });
      return button;
    },
  };
  return feed;
}

// One <li class="entry">: a head line (`head`, then `action` at its far end) and `body` below.
export function entryItem({className, head, action, body}) {
  return h('li', {class: ['entry', className]}, h('div', {class: 'entry-head'}, head, h('span', {class: 'spacer'}), action), body);
}

// "Sign in to …" for visitors, coming back to this page afterwards.
export function signInPrompt(text) {
  return h('p', null, h('a', {href: signInHref()}, text));
}
