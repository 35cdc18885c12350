// The trails page's selection mode: a checkbox on every card (labelled with the trail's name),
// shift-click for a range, "Select all N matching" (every trail of the current filter, not only
// the page), and a sticky bar with the count and the actions (bulk_actions.js). The selection
// survives paging and filtering; names are remembered for the result summary.
import {h, replace} from '../../lib/dom.js';
import {bulkActions} from './bulk_actions.js';

// trailSelection({me, collectIds(signal) -> Promise<[{id, name}]>, total(), onChanged()}) ->
//   {toggle, bar, decorate(list, items), active(), dispose()}
// collectIds fetches every trail matching the filter on screen; onChanged reloads the list
// after an action changed or deleted trails.
export function trailSelection({me, collectIds, total, onChanged}) {
  const selected = new Set();
  const names = new Map();
  let active = false;
  let anchor = null; // the last checkbox clicked without Shift: the start of a range
  let list = null;
  let collecting = null;

  const toggle = h('button', {type: 'button', class: 'button', 'aria-pressed': 'false'}, 'Select');
  const count = h('p', {class: 'bulk-count', role: 'status', 'aria-live': 'polite'});
  const summary = h('p', {class: 'bulk-summary', role: 'status', 'aria-live': 'polite'});
  const selectAll = h('button', {type: 'button', class: 'button small'}, 'Select all matching');
  const clear = h('button', {type: 'button', class: 'button small'}, 'Clear');
  const actions = bulkActions({
    me,
    selection: () => [...selected],
    nameOf: (id) => names.get(id) || 'a trail',
    report(text) {
      summary.textContent = text;
    },
    onDone({deleted = []} = {}) {
      for (const id of deleted) selected.delete(id);
      showCount();
      onChanged();
    },
  });
  const bar = h(
    'div',
    {class: 'bulk-bar', role: 'region', 'aria-label': 'Selected trails', hidden: true},
    h('div', {class: 'bulk-bar-head'}, count, selectAll, clear),
    actions.element,
    summary,
  );

  function showCount() {
    const n = selected.size;
    count.textContent = n === 1 ? '1 trail selected' : `${n} trails selected`;
    const all = total();
    selectAll.textContent = `Select all ${all} matching`;
    selectAll.hidden = !all || n >= all;
    clear.disabled = !n;
    actions.enable(n > 0);
    if (list) for (const box of list.querySelectorAll('.trail-select input')) box.checked = selected.has(box.value);
  }

  function setActive(on) {
    active = on;
    toggle.setAttribute('aria-pressed', String(on));
    toggle.textContent = on ? 'Done selecting' : 'Select';
    bar.hidden = !on;
    if (!on) {
      selected.clear();
      summary.textContent = '';
      anchor = null;
    }
    list?.classList.toggle('selecting', on);
    if (list) for (const box of list.querySelectorAll('.trail-select')) box.hidden = !on;
    showCount();
  }
  toggle.addEventListener('click', () => setActive(!active));

  clear.addEventListener('click', () => {
    selected.clear();
    summary.textContent = '';
    showCount();
  });

  selectAll.addEventListener('click', async () => {
    collecting?.abort();
    const mine = new AbortController();
    collecting = mine;
    selectAll.disabled = true;
    summary.textContent = 'Selecting every matching trail…';
    try {
      for (const {id, name} of await collectIds(mine.signal)) {
        selected.add(id);
        names.set(id, name);
      }
      summary.textContent = '';
    } catch (error) {
      if (error.name !== 'AbortError') summary.textContent = `The trails could not be selected: ${error.message}`;
    } finally {
      selectAll.disabled = false;
      showCount();
    }
  });

  // One checkbox: Shift extends from the anchor to it, setting the whole range as it now is.
  function onCheck(event) {
    const box = event.target;
    const boxes = [...list.querySelectorAll('.trail-select input')];
    const at = boxes.indexOf(box);
    const from = anchor ? boxes.indexOf(anchor) : -1;
    const range = event.shiftKey && from >= 0 ? boxes.slice(Math.min(from, at), Math.max(from, at) + 1) : [box];
    for (const one of range) {
      one.checked = box.checked;
      if (box.checked) selected.add(one.value);
      else selected.delete(one.value);
    }
    if (!event.shiftKey) anchor = box;
    showCount();
  }

  return {
    toggle,
    bar,
    active: () => active,
    // Adds a checkbox to each card of `listElement` (drawn from `items`).
    decorate(listElement, items) {
      list = listElement;
      list.classList.toggle('selecting', active);
      anchor = null;
      const byId = new Map(items.map((t) => [t.id, t]));
      for (const card of list.querySelectorAll('.trail-card')) {
        const trail = byId.get(card.dataset.id);
        if (!trail) continue;
        const name = trail.name || 'Unnamed trail';
        names.set(trail.id, name);
        const box = h('input', {type: 'checkbox', value: trail.id, 'aria-label': `Select ${name}`});
        box.checked = selected.has(trail.id);
        // `click` carries Shift for mouse and keyboard (Space) alike; `change` would not.
        box.addEventListener('click', onCheck);
        card.prepend(h('label', {class: 'trail-select', hidden: !active}, box));
      }
      showCount();
    },
    dispose() {
      collecting?.abort();
      actions.dispose();
      replace(bar);
    },
  };
}
