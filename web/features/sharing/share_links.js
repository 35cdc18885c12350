// View-only links of a trail or a list (its author only): the links made so far, each with Copy
// and Delete, and "Create link". Every error appears next to the control that caused it.
import {h, replace, uniqueId, keepFocus} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {linkShares, listLinkShares} from '../../lib/resources.js';
import {copyField} from '../../lib/clipboard.js';
import {onDeleteClick} from '../../lib/delete_action.js';

const KINDS = {
  trail: {records: linkShares, field: 'trail', path: 'trail', help: 'Anyone holding a link can view this trail, its track, waypoints and photos without an account, until you delete the link.'},
  list: {records: listLinkShares, field: 'list', path: 'list', help: 'Anyone holding a link can view this list and your trails in it without an account, until you delete the link.'},
};

// shareLinks({kind: 'trail'|'list', item, signal, idPrefix}) -> <section>
export function shareLinks({kind, item, signal, idPrefix}) {
  const {records, field, path, help} = KINDS[kind];
  const links = h('div', {class: 'tshare-links', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading…'));
  const createLink = h('button', {type: 'button', class: 'button'}, 'Create link');
  const linkError = h('p', {class: 'field-error', role: 'alert'});
  const titleId = `${idPrefix}-links-title`;
  const section = h('section', {'aria-labelledby': titleId}, h('h3', {id: titleId}, 'Links'), h('p', {class: 'help'}, help), links, h('div', {class: 'row'}, createLink), linkError);

  let shares = [];
  function renderLinks() {
    links.removeAttribute('aria-busy');
    if (!shares.length) replace(links, h('p', {class: 'muted'}, 'No links yet. “Create link” makes one you can send to anyone.'));
    else replace(links, h('ul', {class: 'tshare-links-list'}, shares.map(linkRow)));
  }

  function linkRow(share) {
    const url = `${location.origin}/${path}/${item.id}?share=${encodeURIComponent(share.token)}`;
    const inputId = uniqueId(`${idPrefix}-link`);
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
      remove: () => records.remove(share.id),
      error,
      onDeleted() {
        shares = shares.filter((s) => s.id !== share.id);
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
      const saved = await records.create({[field]: item.id, permission: 'view'});
      shares.push(saved);
      renderLinks();
      links.querySelector('li:last-child button')?.focus();
    } catch (err) {
      linkError.textContent = err.message;
    } finally {
      createLink.disabled = false;
      restoreFocus();
    }
  });

  records
    .list({filter: `${field}=${quote(item.id)}`, perPage: 500, fields: 'id,token'}, {signal})
    .then((items) => {
      shares = items;
      renderLinks();
    })
    .catch((err) => {
      if (err.name !== 'AbortError') replace(links, h('p', {class: 'form-error', role: 'alert'}, `Links could not be loaded: ${err.message}`));
    });
  return section;
}
