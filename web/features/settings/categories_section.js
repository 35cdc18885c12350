// Settings: the order in which category pickers and the trails filter offer the categories, and
// which of them they leave out. Drag a row, or use its up and down buttons (keyboard); each
// change is saved at once (PUT / reorder of /user-category-preference).
import {h, clear} from '../../lib/dom.js';
import {categoryPreferences, files} from '../../lib/resources.js';
import {orderedCategories} from '../../lib/category_choices.js';
import {moveCategory} from '../../lib/category_order.js';
import {savedNote} from './profile_sections.js';

function say(note, text) {
  note.textContent = text;
}

export function categoriesSection() {
  const note = savedNote();
  const error = h('p', {class: 'field-error', role: 'alert'});
  const list = h('ol', {class: 'category-rows', 'aria-label': 'Categories in your order'});
  let ordered = [];
  let dragged = -1;

  // Saves the order, then shows it; a refusal puts the saved order back.
  async function reorder(from, to, focusButton) {
    if (to < 0 || to >= ordered.length || from === to) return;
    const before = ordered;
    ordered = moveCategory(ordered, from, to);
    render(focusButton ? {index: to, button: focusButton} : null);
    error.textContent = '';
    try {
      await categoryPreferences.reorder(ordered.map((c) => c.id));
      say(note, `${ordered[to].name} moved to position ${to + 1} of ${ordered.length}.`);
    } catch (failure) {
      ordered = before;
      render(null);
      error.textContent = `The order was not saved: ${failure.message}`;
    }
  }

  async function setVisible(index, visible, item) {
    const category = ordered[index];
    error.textContent = '';
    try {
      await categoryPreferences.save(category.id, visible);
      ordered = ordered.map((c, i) => (i === index ? {...c, visible} : c));
      item.classList.toggle('is-hidden', !visible);
      say(note, `${category.name} is ${visible ? 'shown' : 'hidden'} in pickers and filters.`);
    } catch (failure) {
      render(null);
      error.textContent = `${category.name} was not saved: ${failure.message}`;
    }
  }

  function row(category, index) {
    const up = h('button', {type: 'button', class: 'button small', 'aria-label': `Move ${category.name} up`, disabled: index === 0, onclick: () => reorder(index, index - 1, 'up')}, '↑');
    const down = h('button', {type: 'button', class: 'button small', 'aria-label': `Move ${category.name} down`, disabled: index === ordered.length - 1, onclick: () => reorder(index, index + 1, 'down')}, '↓');
    const toggle = h('input', {type: 'checkbox', checked: category.visible, onchange: (event) => setVisible(index, event.target.checked, event.target.closest('li'))});
    const item = h(
      'li',
      {class: ['category-row', category.visible ? '' : 'is-hidden'], draggable: 'true', dataset: {id: category.id}},
      h('span', {class: 'drag-handle', 'aria-hidden': 'true', title: 'Drag to reorder'}, '⋮⋮'),
      category.img ? h('img', {class: 'category-icon', src: files.url(category, category.img, {thumb: '64x64'}), alt: '', width: 28, height: 28}) : h('span', {class: 'category-icon'}),
      h('span', {class: 'category-name'}, category.name),
      h('label', {class: 'category-visible'}, toggle, 'Show'),
      h('span', {class: 'row-buttons'}, up, down),
    );
    toggle.setAttribute('aria-label', `Show ${category.name}`);
    item.addEventListener('dragstart', (event) => {
      dragged = index;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', category.id);
      item.classList.add('is-dragged');
    });
    item.addEventListener('dragend', () => item.classList.remove('is-dragged'));
    item.addEventListener('dragover', (event) => {
      if (dragged < 0) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    });
    item.addEventListener('drop', (event) => {
      event.preventDefault();
      const from = dragged;
      dragged = -1;
      if (from >= 0) reorder(from, index, null);
    });
    return item;
  }

  // Draws the rows; after a move by button, focus stays on that button of the moved row (or
  // the other one where the row reached an end).
  function render(focus) {
    clear(list);
    list.append(...ordered.map(row));
    if (!focus) return;
    const buttons = list.children[focus.index]?.querySelectorAll('.row-buttons button');
    if (!buttons) return;
    const wanted = focus.button === 'up' ? buttons[0] : buttons[1];
    (wanted.disabled ? (focus.button === 'up' ? buttons[1] : buttons[0]) : wanted).focus();
  }

  orderedCategories()
    .then((categories) => {
      ordered = categories;
      render(null);
    })
    .catch((failure) => {
      error.textContent = `Categories could not be loaded: ${failure.message}`;
    });

  return h(
    'section',
    {class: 'settings-section card-box', id: 'categories', 'aria-labelledby': 'categories-title'},
    h('h2', {id: 'categories-title'}, 'Categories'),
    h('p', {class: 'help'}, 'The order in which category lists offer them; the first shown one is the category of a new trail. Hidden categories are left out of category lists and the trails filter. Drag a row, or use its arrow buttons.'),
    list,
    error,
    note,
  );
}
