// The trail page's "Save to list" dialog: a checkbox per list of the signed-in user, checked
// where the trail already is; each change is saved at once. "New list…" makes a list holding
// the trail.
import {h, replace, uniqueId} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {openDialog} from '../../lib/dialog.js';
import {lists} from '../../lib/resources.js';

// openSaveToListDialog({trail, userId}) -> <dialog>
export function openSaveToListDialog({trail, userId}) {
  const controller = new AbortController();
  const box = h('div', {class: 'save-lists', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading your lists…'));
  const status = h('p', {class: 'help', role: 'status', 'aria-live': 'polite'});
  const error = h('p', {class: 'field-error', role: 'alert'});
  const newButton = h('button', {type: 'button', class: 'button'}, 'New list…');
  const nameId = uniqueId('new-list-name');
  const nameInput = h('input', {id: nameId, class: 'input', name: 'name', autocomplete: 'off', required: true});
  const createForm = h(
    'form',
    {class: 'save-lists-new', hidden: true},
    h('label', {for: nameId}, 'Name of the new list'),
    h('div', {class: 'row'}, nameInput, h('button', {type: 'submit', class: 'button primary'}, 'Create and add')),
  );
  const content = h('div', {class: 'stack save-to-list'}, box, h('div', {class: 'row'}, newButton), createForm, status, error);
  const {dialog} = openDialog({title: `Save “${trail.name || 'Untitled trail'}” to a list`, content, className: 'save-to-list-dialog'});
  dialog.addEventListener('close', () => controller.abort());

  let mine = [];
  function render() {
    box.removeAttribute('aria-busy');
    if (!mine.length) {
      replace(box, h('p', {class: 'muted'}, 'You have no lists yet: make one with “New list…”.'));
      return;
    }
    replace(box, h('fieldset', {class: 'save-lists-set'}, h('legend', null, 'Your lists'), mine.map(row)));
  }

  function row(list) {
    const id = uniqueId('save-list');
    const check = h('input', {type: 'checkbox', id, checked: (list.trails || []).includes(trail.id)});
    check.addEventListener('change', async () => {
      error.textContent = '';
      const on = check.checked;
      const next = on ? [...(list.trails || []), trail.id] : (list.trails || []).filter((t) => t !== trail.id);
      check.disabled = true;
      try {
        const saved = await lists.update(list.id, {name: list.name, trails: next});
        list.trails = saved.trails || next;
        status.textContent = on ? `Added to “${list.name}”.` : `Removed from “${list.name}”.`;
      } catch (err) {
        check.checked = !on;
        error.textContent = `“${list.name}” could not be changed: ${err.message}`;
      } finally {
        check.disabled = false;
        check.focus();
      }
    });
    return h('div', {class: 'field field-checkbox'}, check, h('label', {for: id}, list.name || 'Untitled list'));
  }

  newButton.addEventListener('click', () => {
    createForm.hidden = false;
    nameInput.focus();
  });
  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const name = nameInput.value.trim();
    if (!name) {
      error.textContent = 'Give the new list a name.';
      nameInput.focus();
      return;
    }
    try {
      const created = await lists.create({name, author: userId, trails: [trail.id]});
      mine.push(created);
      render();
      nameInput.value = '';
      createForm.hidden = true;
      status.textContent = `Added to the new list “${created.name}”.`;
      box.querySelector('input:last-of-type')?.focus();
    } catch (err) {
      error.textContent = `The list could not be made: ${err.message}`;
    }
  });

  lists
    .all({filter: `author = ${quote(userId)}`, sort: 'name', fields: 'id,name,trails'}, 500, {signal: controller.signal})
    .then((items) => {
      mine = items;
      render();
    })
    .catch((err) => {
      if (err.name !== 'AbortError') replace(box, h('p', {class: 'form-error', role: 'alert'}, `Your lists could not be loaded: ${err.message}`));
    });
  return dialog;
}
