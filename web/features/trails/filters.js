// The trails page's search and filter form: search box, sort, difficulty, distance, elevation
// gain and loss and duration ranges (each two number boxes and a two-thumb slider whose ends
// the server gives), the trail's date between two days, category and subcategory
// (category_filter.js), (signed in) scope and done or not, and a tag (chosen here or by a trail
// page's tag link). It reports what the visitor chose; the screen owns the state, the URL and
// the loading. On phones the filters fold behind a "Filters" button.
import {h, uniqueId} from '../../lib/dom.js';
import {dayInput} from '../../lib/day_input.js';
import {tags as tagRecords, trails as trailRecords} from '../../lib/resources.js';
import {DIFFICULTIES} from '../../lib/format.js';
import {categoryFilter} from './category_filter.js';
import {RANGE_FILTERS, boundText, sliderRanges, thumbPositions, thumbText} from './filter_ranges.js';
import {COMPLETIONS, SCOPES, SORTS, dayText, filterCount, hasFilters} from './query.js';

const SEARCH_DELAY = 300;
const RANGE_DELAY = 500;
// Below this the filters fold behind a "Filters" button.
export const NARROW = '(max-width: 720px)';
const RANGES = RANGE_FILTERS.map((filter) => [filter.min, filter.max]);

function debounce(fn, delay) {
  let timer = 0;
  const run = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), delay);
  };
  run.cancel = () => clearTimeout(timer);
  return run;
}

// One range filter: two number boxes (typed bounds, kept as typed) and under them two sliders on
// one track, shown once setRange() gives the ends from the server. A slider moved writes its
// number box (empty at its own end: no limit) and the form hears an `input` event; a number
// typed moves its slider.
function rangeFieldset(filter, units, state) {
  const {legend} = filter;
  const unit = filter.unit(units).label;
  const errorId = uniqueId('range-error');
  const input = (name, label, placeholder) =>
    h('input', {type: 'number', name, min: 0, step: 'any', inputmode: 'decimal', value: state[name], placeholder, 'aria-label': label, 'aria-describedby': errorId, class: 'input'});
  const minBox = input(filter.min, `Minimum ${legend.toLowerCase()} (${unit})`, 'min');
  const maxBox = input(filter.max, `Maximum ${legend.toLowerCase()} (${unit})`, 'max');
  // No name: the form's values come from the number boxes alone.
  const thumb = (label) => h('input', {type: 'range', class: 'trails-slider-thumb', 'aria-label': label, 'aria-describedby': errorId});
  const low = thumb(`${legend} from`);
  const high = thumb(`${legend} up to`);
  const slider = h('div', {class: 'trails-slider', hidden: true}, low, high);
  const element = h(
    'fieldset',
    {class: 'trails-range'},
    h('legend', null, `${legend} (${unit})`),
    h('div', {class: 'trails-range-inputs'}, minBox, h('span', {'aria-hidden': 'true'}, '–'), maxBox),
    slider,
    h('p', {class: 'field-error', id: errorId}),
  );
  let range = null;

  function describe() {
    const [a, b] = [Number(low.value), Number(high.value)];
    low.setAttribute('aria-valuetext', thumbText(a, range, 'min'));
    high.setAttribute('aria-valuetext', thumbText(b, range, 'max'));
    const span = range.max - range.min;
    slider.style.setProperty('--from', `${((a - range.min) / span) * 100}%`);
    slider.style.setProperty('--to', `${((b - range.min) / span) * 100}%`);
  }

  // The thumbs follow the number boxes.
  function place() {
    if (!range) return;
    const [a, b] = thumbPositions(range, minBox.value.trim(), maxBox.value.trim());
    low.value = String(a);
    high.value = String(b);
    describe();
  }

  // A thumb moved: it stops at the other one, and its number box says where it is.
  function slid(moved) {
    if (Number(low.value) > Number(high.value)) {
      if (moved === low) low.value = high.value;
      else high.value = low.value;
    }
    minBox.value = boundText(low.value, range, 'min');
    maxBox.value = boundText(high.value, range, 'max');
    describe();
  }
  low.addEventListener('input', () => slid(low));
  high.addEventListener('input', () => slid(high));
  minBox.addEventListener('input', place);
  maxBox.addEventListener('input', place);

  return {
    element,
    // `next` is filter_ranges.js sliderRange()'s {min, max, step, unit}, or null: no slider.
    setRange(next) {
      range = next;
      slider.hidden = !range;
      if (!range) return;
      for (const control of [low, high]) {
        control.min = String(range.min);
        control.max = String(range.max);
        control.step = String(range.step);
      }
      minBox.placeholder = String(range.min);
      maxBox.placeholder = String(range.max);
      place();
    },
    place,
  };
}

// The tag filter: a choice of every tag (by name, up to TAG_CHOICES) while none is chosen; once
// one is (here or by a trail page's tag link), the tag's name with a button that drops it.
// onChange() after either; show(id) names the tag, fetching its name.
const TAG_CHOICES = 500;
function tagField(onChange) {
  const name = h('span', {class: 'tag'});
  const remove = h('button', {type: 'button', class: 'button small'}, 'Remove');
  const chosen = h('div', {class: 'row', hidden: true}, name, remove);
  const selectId = uniqueId('f-tag');
  // No name: the form's value is the field's id.
  const select = h('select', {id: selectId, class: 'input'}, h('option', {value: ''}, 'Any tag'));
  const element = h('div', {class: 'field trails-tag'}, h('label', {class: 'trails-tag-label', for: selectId}, 'Tag'), select, chosen);
  let listed = false;
  const field = {
    id: '',
    element,
    show(id = '') {
      field.id = id || '';
      chosen.hidden = !field.id;
      select.hidden = Boolean(field.id);
      select.value = '';
      if (!field.id) return;
      name.textContent = '…';
      remove.setAttribute('aria-label', 'Remove the tag filter');
      tagRecords.show(field.id, {fields: 'id,name'}).then(
        (tag) => {
          if (field.id !== id) return;
          name.textContent = tag.name;
          remove.setAttribute('aria-label', `Remove the tag filter ${tag.name}`);
        },
        () => {
          if (field.id === id) name.textContent = 'Unknown tag';
        },
      );
    },
    // The tags to choose from, asked for once.
    load() {
      if (listed) return;
      listed = true;
      tagRecords.list({sort: 'name', perPage: TAG_CHOICES, fields: 'id,name'}).then(
        (tags) => select.append(...(Array.isArray(tags) ? tags : []).map((tag) => h('option', {value: tag.id}, tag.name))),
        (error) => console.warn(`The tags could not be loaded: ${error.message}`),
      );
    },
  };
  // A tag chosen or dropped: the keyboard stays on the control that takes its place.
  select.addEventListener('change', (event) => {
    event.stopPropagation();
    if (!select.value) return;
    field.show(select.value);
    onChange();
    remove.focus();
  });
  remove.addEventListener('click', () => {
    field.show('');
    onChange();
    select.focus();
  });
  return field;
}

// The trail's date between two days (either may be left empty).
function dateFieldset(state) {
  const errorId = uniqueId('date-error');
  const input = (name, label) => dayInput({name, value: state[name], 'aria-label': label, 'aria-describedby': errorId, class: 'input'});
  return h(
    'fieldset',
    {class: 'trails-dates'},
    h('legend', null, 'Date'),
    h('div', {class: 'trails-range-inputs'}, input('from', 'Trail date from'), h('span', {'aria-hidden': 'true'}, '–'), input('to', 'Trail date up to')),
    h('p', {class: 'field-error', id: errorId}),
  );
}

function selectField(label, name, options, value) {
  const id = uniqueId(`f-${name}`);
  return h(
    'div',
    {class: 'field'},
    h('label', {for: id}, label),
    h('select', {id, name, class: 'input'}, options.map((o) => h('option', {value: o.value, selected: o.value === value}, o.label))),
    h('p', {class: 'field-error', id: `${id}-error`}),
  );
}

// trailsFilters({state, signedIn, units, onChange(values, {typed}), onClear}) ->
//   {form, show(state), summarize(state), focusSearch(), dispose()}
// onChange gets the controls' values (q, sort, difficulty, the range bounds, from, to, tag, and
// category, subcategory, scope and completed when they can be read) whenever they change:
// `typed` is true for the debounced changes of a burst of typing. onClear is the "Reset filters"
// button. show() puts a state into the controls; summarize() updates the "Filters (n)" count,
// the reset button and the range and date errors.
export function trailsFilters({state, signedIn, units, onChange, onClear}) {
  const narrow = matchMedia(NARROW);
  let disposed = false;

  const searchInput = h('input', {type: 'search', name: 'q', id: uniqueId('f-q'), value: state.q, class: 'input', autocomplete: 'off', placeholder: 'Name, place or description'});
  const sortField = selectField('Sort by', 'sort', SORTS, state.sort);
  const difficultyBoxes = DIFFICULTIES.map((d) =>
    h('label', {class: 'trails-check'}, h('input', {type: 'checkbox', name: 'difficulty', value: d.value, checked: state.difficulty.includes(d.value)}), d.label),
  );
  const ranges = RANGE_FILTERS.map((filter) => rangeFieldset(filter, units, state));
  const categories = categoryFilter(state, {signedIn});
  const scopeField = signedIn ? selectField('Show', 'scope', SCOPES, state.scope) : null;
  const dates = dateFieldset(state);
  const completedField = signedIn ? selectField('Done', 'completed', COMPLETIONS, state.completed) : null;
  const tagFilter = tagField(() => report(false));
  tagFilter.show(state.tag);
  tagFilter.load();
  // Not "Clear filters": that is the empty state's button, and two of one name confuse.
  const clearButton = h('button', {type: 'button', class: 'button', onclick: onClear}, 'Reset filters');
  const panelId = uniqueId('trail-filters');
  const filtersToggle = h('button', {type: 'button', class: 'button trails-filters-toggle', 'aria-controls': panelId, 'aria-expanded': 'false'}, 'Filters');
  const panel = h(
    'div',
    {class: 'trails-filters', id: panelId},
    h('fieldset', {class: 'trails-difficulty'}, h('legend', null, 'Difficulty'), h('div', {class: 'row'}, difficultyBoxes)),
    ranges.map((range) => range.element),
    dates,
    categories.elements,
    scopeField,
    completedField,
    tagFilter.element,
    h('div', {class: 'trails-filters-actions'}, clearButton),
  );
  const form = h(
    'form',
    {class: 'trails-search card-box', role: 'search', 'aria-label': 'Search and filter trails', novalidate: true},
    h('div', {class: 'trails-search-row'}, h('div', {class: 'field trails-q'}, h('label', {for: searchInput.id}, 'Search trails'), searchInput), sortField, filtersToggle),
    panel,
  );

  function values() {
    const data = new FormData(form);
    const read = {q: String(data.get('q') || ''), difficulty: data.getAll('difficulty').map(String)};
    if (data.get('sort')) read.sort = String(data.get('sort'));
    for (const key of RANGES.flat()) {
      const text = String(data.get(key) || '').trim();
      read[key] = text !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? text : '';
    }
    // Until the categories arrive the selects cannot hold the URL's choices; keep them.
    Object.assign(read, categories.values());
    read.from = dayText(data.get('from'));
    read.to = dayText(data.get('to'));
    if (signedIn) read.scope = String(data.get('scope') || 'all');
    if (signedIn) read.completed = String(data.get('completed') || '');
    read.tag = tagFilter.id;
    return read;
  }

  const report = (typed) => onChange(values(), {typed});
  const typedSearch = debounce(() => report(true), SEARCH_DELAY);
  const typedRange = debounce(() => report(true), RANGE_DELAY);
  const reportNow = () => {
    typedSearch.cancel();
    typedRange.cancel();
    report(false);
  };

  form.addEventListener('input', (event) => {
    if (event.target === searchInput) typedSearch();
    else if (['number', 'range'].includes(event.target.type) || event.target.dataset.day) typedRange();
  });
  form.addEventListener('change', (event) => {
    // A slider's every step (each arrow key) is a change: its burst is one, as typing is.
    if (event.target === searchInput || event.target.type === 'range') return;
    typedRange.cancel();
    report(false);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    reportNow();
  });
  // A form with several text inputs and no submit button does not submit on Enter by itself.
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.target.tagName !== 'INPUT' || event.target.type === 'checkbox') return;
    event.preventDefault();
    reportNow();
  });

  // Phones fold the filters away unless some are set.
  let filtersOpen = filterCount(state) > 0;
  function layout() {
    const folded = narrow.matches && !filtersOpen;
    panel.classList.toggle('folded', folded);
    filtersToggle.setAttribute('aria-expanded', String(!folded));
  }
  filtersToggle.addEventListener('click', () => {
    filtersOpen = !filtersOpen;
    layout();
  });
  narrow.addEventListener('change', layout);
  layout();

  function checkDates(current) {
    const bad = current.from && current.to && current.from > current.to;
    dates.querySelector('.field-error').textContent = bad ? 'The first day is after the last, so nothing can match.' : '';
    for (const input of dates.querySelectorAll('input')) {
      if (bad) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }

  function checkRanges(current) {
    for (const [{element: fieldset}, [min, max]] of ranges.map((range, i) => [range, RANGES[i]])) {
      const bad = current[min] !== '' && current[max] !== '' && Number(current[min]) > Number(current[max]);
      fieldset.querySelector('.field-error').textContent = bad ? 'The minimum is above the maximum, so nothing can match.' : '';
      for (const input of fieldset.querySelectorAll('input[type="number"]')) {
        if (bad) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
    }
  }

  // The sliders' ends: over the trails this viewer may see, asked for once per visit of the page.
  trailRecords
    .filterRanges()
    .then((answer) => {
      if (disposed) return;
      const found = sliderRanges(answer, units);
      RANGE_FILTERS.forEach((filter, i) => ranges[i].setRange(found[filter.name]));
    })
    .catch((error) => {
      // The number boxes work without them.
      if (!disposed) console.warn(`The filter ranges could not be loaded: ${error.message}`);
    });

  return {
    form,
    show(next) {
      searchInput.value = next.q;
      form.elements.sort.value = next.sort;
      for (const box of form.querySelectorAll('input[name="difficulty"]')) box.checked = next.difficulty.includes(box.value);
      for (const key of RANGES.flat()) form.elements[key].value = next[key];
      for (const range of ranges) range.place();
      form.elements.from.value = next.from;
      form.elements.to.value = next.to;
      categories.show(next);
      if (signedIn) form.elements.scope.value = next.scope;
      if (signedIn) form.elements.completed.value = next.completed;
      tagFilter.show(next.tag);
    },
    summarize(current) {
      const n = filterCount(current);
      filtersToggle.textContent = n ? `Filters (${n})` : 'Filters';
      clearButton.disabled = !hasFilters(current);
      checkRanges(current);
      checkDates(current);
    },
    focusSearch() {
      searchInput.focus();
    },
    dispose() {
      disposed = true;
      categories.dispose();
      typedSearch.cancel();
      typedRange.cancel();
      narrow.removeEventListener('change', layout);
    },
  };
}
