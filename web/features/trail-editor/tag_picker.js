// The trail form's tag picker: the chosen tags as chips with a Remove button each, and a box
// (an ARIA combobox) whose suggestions come from tag_choice.js. ↓/↑ move through them, Enter
// takes one (or the typed name, creating that tag when there is none), Escape closes them,
// Backspace in the empty box removes the last chip. The chosen ids ride in a hidden `tags`
// field holding a JSON array, so the form sends them like any other field.
import {h, replace, uniqueId} from '../../lib/dom.js';
import {tagChoice} from './tag_choice.js';

// tagPicker({chosen: [{id, name}], delay}) -> {element, ids()}; `delay` is the wait after typing
// before suggestions are asked for (tag_choice.js's SEARCH_DELAY unless given).
export function tagPicker({chosen = [], delay} = {}) {
  const inputId = uniqueId('f-tags-input');
  const valueId = uniqueId('f-tags');
  const listId = uniqueId('tag-options');
  const helpId = uniqueId('tag-help');
  const chips = h('ul', {class: 'tag-chips', 'aria-label': 'Chosen tags'});
  const input = h('input', {
    id: inputId,
    class: 'tag-input',
    type: 'text',
    role: 'combobox',
    autocomplete: 'off',
    autocapitalize: 'none',
    spellcheck: 'false',
    maxlength: 100,
    placeholder: 'Add a tag',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    'aria-describedby': `${helpId} ${valueId}-error`,
  });
  const listbox = h('ul', {class: 'tag-options', id: listId, role: 'listbox', 'aria-label': 'Tags found', hidden: true});
  const value = h('input', {type: 'hidden', name: 'tags', id: valueId, value: '[]', dataset: {control: inputId}});
  const status = h('div', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});
  // Named after the hidden field, so forms.js puts the API's `tags` errors here too.
  const error = h('p', {class: 'field-error', id: `${valueId}-error`});
  const element = h(
    'div',
    {class: 'field tag-picker'},
    h('label', {for: inputId}, 'Tags'),
    h('div', {class: 'tag-box'}, chips, input, listbox),
    h('p', {class: 'help', id: helpId}, 'Type to find a tag and press Enter to add it; a name no tag has yet becomes a new tag.'),
    error,
    value,
    status,
  );

  const model = tagChoice({chosen, delay, onChange: render});
  let shownIds = '';
  let shownMessage = '';

  function chip(tag) {
    const remove = h('button', {type: 'button', class: 'tag-remove', 'aria-label': `Remove tag ${tag.name}`, title: 'Remove'}, '×');
    remove.addEventListener('click', () => removeChip(tag.id));
    return h('li', {class: 'tag-chip', dataset: {id: tag.id}}, h('span', {class: 'tag-name'}, tag.name), remove);
  }

  function option(item, index) {
    const text = item.kind === 'create' ? ['Create tag ', h('strong', null, `“${item.name}”`)] : item.name;
    const li = h('li', {id: `${listId}-${index}`, class: ['tag-option', item.kind === 'create' && 'create'], role: 'option', 'aria-selected': String(index === model.active)}, text);
    // The box keeps the focus (and so the keyboard) while an option is clicked.
    li.addEventListener('mousedown', (event) => event.preventDefault());
    li.addEventListener('click', () => model.pick(item));
    return li;
  }

  function render() {
    const ids = JSON.stringify(model.ids());
    if (ids !== shownIds) {
      replace(chips, model.chosen.map(chip));
      chips.hidden = !model.chosen.length;
      value.value = ids;
      // A change of the tags is a change of the form (the edit page says "Unsaved changes").
      if (shownIds) value.dispatchEvent(new Event('input', {bubbles: true}));
      shownIds = ids;
    }
    if (input.value !== model.text) input.value = model.text;
    const open = model.open && model.options.length > 0;
    replace(listbox, open ? model.options.map(option) : []);
    listbox.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (open && model.active >= 0) {
      input.setAttribute('aria-activedescendant', `${listId}-${model.active}`);
      listbox.children[model.active]?.scrollIntoView({block: 'nearest'});
    } else {
      input.removeAttribute('aria-activedescendant');
    }
    if (model.busy) input.setAttribute('aria-busy', 'true');
    else input.removeAttribute('aria-busy');
    error.textContent = model.error;
    if (model.error) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (model.message !== shownMessage) {
      status.textContent = model.message;
      shownMessage = model.message;
    }
  }

  // The chip's button is gone with it: the keyboard goes on from the next chip, or the box.
  function removeChip(id) {
    const index = model.chosen.findIndex((tag) => tag.id === id);
    model.remove(id);
    const next = chips.children[Math.min(index, chips.children.length - 1)];
    (next?.querySelector('button') || input).focus();
  }

  // Typing a search is not a change of the trail; choosing or removing a tag is.
  input.addEventListener('input', (event) => {
    event.stopPropagation();
    model.type(input.value);
  });
  input.addEventListener('keydown', (event) => {
    // Keys that finish a word in an input method (Japanese, Chinese, ...) are not ours.
    if (event.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      model.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Never the form's submit: Enter here is about tags.
      event.preventDefault();
      model.enter();
    } else if (event.key === 'Escape' && (model.open || model.text)) {
      event.preventDefault();
      if (model.open) model.close();
      else model.type('');
    } else if (event.key === 'Backspace' && !input.value && model.chosen.length) {
      event.preventDefault();
      model.remove(model.chosen[model.chosen.length - 1].id);
    }
  });
  input.addEventListener('blur', () => model.close());

  render();
  return {element, ids: () => model.ids()};
}
