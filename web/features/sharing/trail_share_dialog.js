// The share dialog of a trail (its author only): people it is shared with (share_people.js) and
// view-only links anyone holding them can open. Every error appears in the dialog next to the
// control that caused it.
import {h, replace, uniqueId, keepFocus} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {linkShares as linkRecords} from '../../lib/resources.js';
import {copyField} from '../../lib/clipboard.js';
import {onDeleteClick} from '../../lib/delete_action.js';
import {openDialog} from '../../lib/dialog.js';
import {sharePeople} from './share_people.js';

export function openShareDialog(trail, session) {
  const controller = new AbortController();
  const {people, form} = sharePeople({
    kind: 'trail',
    item: trail,
    ownerId: session.user.id,
    emptyText: 'Only you can see this trail, unless it is public.',
    submitLabel: 'Add person',
    signal: controller.signal,
  });
  const links = h('div', {class: 'tshare-links', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading…'));
  const createLink = h('button', {type: 'button', class: 'button'}, 'Create link');
  const linkError = h('p', {class: 'field-error', role: 'alert'});
  const content = h(
    'div',
    {class: 'tshare-dialog stack'},
    h('section', {'aria-labelledby': 'tshare-people-title'}, h('h3', {id: 'tshare-people-title'}, 'People'), people, form),
    h(
      'section',
      {'aria-labelledby': 'tshare-links-title'},
      h('h3', {id: 'tshare-links-title'}, 'Links'),
      h('p', {class: 'help'}, 'Anyone holding a link can view this trail, its track, waypoints and photos without an account, until you delete the link.'),
      links,
      h('div', {class: 'row'}, createLink),
      linkError,
    ),
  );
  const {dialog} = openDialog({title: `Share “${trail.name}”`, content, className: 'tshare'});
  dialog.addEventListener('close', () => controller.abort());

  let linkShares = [];
  function renderLinks() {
    links.removeAttribute('aria-busy');
    if (!linkShares.length) replace(links, h('p', {class: 'muted'}, 'No links yet. “Create link” makes one you can send to anyone.'));
    else replace(links, h('ul', {class: 'tshare-links-list'}, linkShares.map(linkRow)));
  }

  function linkRow(share) {
    const url = `${location.origin}/trail/${trail.id}?share=${encodeURIComponent(share.token)}`;
    const inputId = uniqueId('tshare-link');
    const status = h('p', {class: 'help', id: `${inputId}-status`, role: 'status'});
    const error = h('p', {class: 'field-error', role: 'alert'});
    const input = h('input', {id: inputId, class: 'input', readonly: true, value: url, 'aria-describedby': status.id});
    input.addEventListener('focus', () => input.select());
    const copy = h('button', {type: 'button', class: 'button small primary'}, 'Copy link');
    copy.addEventListener('click', async () => {
      status.textContent = '';
      status.textContent = (await copyField(input)) ? 'Link copied.' : 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';
    });
    const remove = h('button', {type: 'button', class: 'button small'}, 'Delete link');
    onDeleteClick(remove, {
      remove: () => linkRecords.remove(share.id),
      error,
      onDeleted() {
        linkShares = linkShares.filter((s) => s.id !== share.id);
        renderLinks();
        createLink.focus();
      },
    });
    return h('li', {class: 'tshare-link'}, h('label', {for: inputId, class: 'visually-hidden'}, 'Share link'), input, h('div', {class: 'row'}, copy, remove), status, error);
  }

  createLink.addEventListener('click', async () => {
    linkError.textContent = '';
    const restoreFocus = keepFocus(createLink);
    createLink.disabled = true;
    try {
      const saved = await linkRecords.create({trail: trail.id, permission: 'view'});
      linkShares.push(saved);
      renderLinks();
      links.querySelector('li:last-child button')?.focus();
    } catch (err) {
      linkError.textContent = err.message;
    } finally {
      createLink.disabled = false;
      restoreFocus();
    }
  });

  linkRecords
    .list({filter: `trail=${quote(trail.id)}`, perPage: 500, fields: 'id,token'}, {signal: controller.signal})
    .then((items) => {
      linkShares = items;
      renderLinks();
    })
    .catch((err) => {
      if (err.name !== 'AbortError') replace(links, h('p', {class: 'form-error', role: 'alert'}, `Links could not be loaded: ${err.message}`));
    });
  return dialog;
}
