// One list of Settings' category preferences: rows in the user's order, each with a Show
// checkbox and up and down buttons, reordered by dragging too. The categories use it, and each
// category's subcategories inside its row. Every change is saved at once; a refusal puts the
// saved state back and says why.
import {h, clear} from '../../lib/dom.js';
import {moveCategory} from '../../lib/category_order.js';

// preferenceList({kind, label, items, save, reorder, report, icon, extra}) -> {element}
//   kind     'category' or 'subcategory': the rows' classes (`${kind}-row`, `${kind}-name`)
//   label    the list's accessible name
//   items    [{id, name, visible}] in the user's order
//   save(item, visible), reorder(items)   the requests; they reject with an ApiError
//   report({note, error})                 a line for the section's status or alert ('' clears)
//   icon(item) -> node                    the row's pictogram
//   extra(item) -> {inline, below}|null   nodes after the row's name and under the row (the same
//     nodes each time: a reorder draws the rows again and must not lose their state)
export function preferenceList({kind, label, items, save, reorder, report, icon = () => null, extra = () => null}) {
  const list = h('ol', {class: `category-rows ${kind}-rows`, 'aria-label': label});
  let ordered = items;
  // The index of the row being dragged in this list; -1 while none is (or one of another list).
  let dragged = -1;

  // Saves the order, then shows it; a refusal puts the saved order back.
  async function move(from, to, focusButton) {
    if (to < 0 || to >= ordered.length || from === to) return;
    const before = ordered;
    ordered = moveCategory(ordered, from, to);
    render(focusButton ? {index: to, button: focusButton} : null);
    report({error: ''});
    try {
      await reorder(ordered);
      report({note: `${ordered[to].name} moved to position ${to + 1} of ${ordered.length}.`});
    } catch (failure) {
      ordered = before;
      render(null);
      report({error: `The order was not saved: ${failure.message}`});
    }
  }

  async function setVisible(index, visible, row) {
    const item = ordered[index];
    report({error: ''});
    try {
      await save(item, visible);
      ordered = ordered.map((other, i) => (i === index ? {...other, visible} : other));
      row.classList.toggle('is-hidden', !visible);
      report({note: `${item.name} is ${visible ? 'shown' : 'hidden'} in pickers and filters.`});
    } catch (failure) {
      render(null);
      report({error: `${item.name} was not saved: ${failure.message}`});
    }
  }

  // Drag events bubble from a subcategory's row to its category's: each list handles only the
  // drags it started, and keeps them from the list around it.
  function draggable(row, item, index) {
    row.addEventListener('dragstart', (event) => {
      event.stopPropagation();
      dragged = index;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', item.id);
      row.classList.add('is-dragged');
    });
    row.addEventListener('dragend', (event) => {
      event.stopPropagation();
      dragged = -1;
      row.classList.remove('is-dragged');
    });
    row.addEventListener('dragover', (event) => {
      if (dragged < 0) return;
      event.stopPropagation();
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    });
    row.addEventListener('drop', (event) => {
      if (dragged < 0) return;
      event.stopPropagation();
      event.preventDefault();
      const from = dragged;
      dragged = -1;
      move(from, index, null);
    });
  }

  function row(item, index) {
    const up = h('button', {type: 'button', class: 'button small', 'aria-label': `Move ${item.name} up`, disabled: index === 0, onclick: () => move(index, index - 1, 'up')}, '↑');
    const down = h('button', {type: 'button', class: 'button small', 'aria-label': `Move ${item.name} down`, disabled: index === ordered.length - 1, onclick: () => move(index, index + 1, 'down')}, '↓');
    const toggle = h('input', {type: 'checkbox', checked: item.visible, 'aria-label': `Show ${item.name}`});
    const more = extra(item);
    const element = h(
      'li',
      {class: [`${kind}-row`, item.visible ? '' : 'is-hidden'], draggable: 'true', dataset: {id: item.id}},
      h(
        'div',
        {class: 'category-line'},
        h('span', {class: 'drag-handle', 'aria-hidden': 'true', title: 'Drag to reorder'}, '⋮⋮'),
        icon(item),
        h('span', {class: `${kind}-name`}, item.name),
        more?.inline,
        h('label', {class: 'category-visible'}, toggle, 'Show'),
        h('span', {class: 'row-buttons'}, up, down),
      ),
      more?.below,
    );
    toggle.addEventListener('change', () => setVisible(index, toggle.checked, element));
    draggable(element, item, index);
    return element;
  }

  // Draws the rows; after a move by button, focus stays on that button of the moved row (or
  // the other one where the row reached an end).
  function render(focus) {
    clear(list);
    list.append(...ordered.map(row));
    if (!focus) return;
    const buttons = list.children[focus.index]?.querySelectorAll('.row-buttons button');
    if (!buttons?.length) return;
    const wanted = focus.button === 'up' ? buttons[0] : buttons[1];
    (wanted.disabled ? (focus.button === 'up' ? buttons[1] : buttons[0]) : wanted).focus();
  }

  render(null);
  return {element: list};
}
