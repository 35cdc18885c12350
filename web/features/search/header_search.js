// The search field in the top bar: results as one types, trails and lists in two groups, the
// matched words marked. An ARIA combobox with a listbox popup: arrows move through the options,
// Enter opens the one chosen (or every trail matching the text on the trails page), Escape
// closes the popup and a second Escape empties the field. Requests are debounced, each one
// aborts the one before, and an answer that is not the latest is never shown.
import {h, uniqueId} from '../../lib/dom.js';
import {search} from '../../lib/resources.js';
import {highlightedNodes} from './highlight.js';
import {resultSummary, searchGroups, searchQueries, searchText} from './search_request.js';

// Short: the index answers in a few milliseconds, and a result should follow the first letters.
const TYPING_DELAY = 120;

// headerSearch({navigate(path), delay}) -> {element, dispose()}; `delay` is the pause in typing
// before a request (ms).
export function headerSearch({navigate, delay = TYPING_DELAY}) {
  const listId = uniqueId('search-results');
  const input = h('input', {
    type: 'search', class: 'input header-search-input', placeholder: 'Search trails and lists', autocomplete: 'off', spellcheck: 'false',
    role: 'combobox', 'aria-label': 'Find trails and lists', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': listId,
  });
  const listbox = h('div', {role: 'listbox', id: listId, class: 'header-search-list', 'aria-label': 'Search results'});
  const status = h('p', {class: 'header-search-status', role: 'status'});
  const popup = h('div', {class: 'header-search-popup', hidden: true}, listbox, status);
  const element = h('form', {class: 'header-search', role: 'search', 'aria-label': 'Trails and lists'}, input, popup);

  let timer = 0;
  let controller = null;
  // Each request's number: only the latest one's answer is shown.
  let asked = 0;
  let shownText = null;
  let options = [];
  let active = -1;

  function open(yes) {
    popup.hidden = !yes;
    input.setAttribute('aria-expanded', String(yes));
    if (!yes) choose(-1);
  }

  function choose(index) {
    options.forEach((option, i) => option.element.setAttribute('aria-selected', String(i === index)));
    active = index;
    if (index < 0) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    const {element: chosen} = options[index];
    input.setAttribute('aria-activedescendant', chosen.id);
    chosen.scrollIntoView?.({block: 'nearest'});
  }

  function optionElement(item) {
    const id = uniqueId('search-option');
    const row = h(
      'div',
      {role: 'option', id, class: ['header-search-option', `is-${item.kind}`], 'aria-selected': 'false', dataset: {href: item.href}},
      h('span', {class: 'header-search-name'}, highlightedNodes(item.name)),
      item.detail || item.by ? h('span', {class: 'header-search-detail'}, highlightedNodes(item.detail), item.detail && item.by ? ' · ' : '', item.by) : null,
    );
    return {element: row, href: item.href};
  }

  function group(label, items) {
    if (!items.length) return null;
    const labelId = uniqueId('search-group');
    const rows = items.map(optionElement);
    options.push(...rows);
    return h('div', {role: 'group', 'aria-labelledby': labelId, class: 'header-search-group'}, h('div', {role: 'presentation', id: labelId, class: 'header-search-group-label'}, label), rows.map((row) => row.element));
  }

  // Every trail matching the text, on the trails page: the last option, and Enter's target.
  function allTrailsHref(text) {
    return `/trails?${new URLSearchParams({q: text})}`;
  }

  function show(text, groups) {
    options = [];
    active = -1;
    const all = optionElement({kind: 'all', href: allTrailsHref(text), name: `All trails matching “${text}”`, detail: '', by: ''});
    listbox.replaceChildren(...[group('Trails', groups.trails), group('Lists', groups.lists), all.element].filter(Boolean));
    options.push(all);
    status.textContent = resultSummary(groups);
    shownText = text;
    input.removeAttribute('aria-activedescendant');
    open(true);
  }

  async function ask(text) {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    const number = ++asked;
    try {
      const answer = await search.multi(searchQueries(text), {signal: mine.signal});
      if (number !== asked) return;
      show(text, searchGroups(answer));
    } catch (error) {
      if (error.name === 'AbortError' || number !== asked) return;
      options = [];
      listbox.replaceChildren();
      status.textContent = `The search failed: ${error.message}`;
      shownText = null;
      open(true);
    }
  }

  function typed() {
    clearTimeout(timer);
    const text = searchText(input.value);
    if (!text) {
      // Nothing to look for: forget any answer on its way.
      asked += 1;
      controller?.abort();
      shownText = null;
      open(false);
      return;
    }
    if (text === shownText) return;
    timer = setTimeout(() => ask(text), delay);
  }

  function go(href) {
    clearTimeout(timer);
    asked += 1;
    controller?.abort();
    input.value = '';
    shownText = null;
    open(false);
    input.blur();
    navigate(href);
  }

  input.addEventListener('input', typed);
  input.addEventListener('keydown', (event) => {
    const opened = !popup.hidden && options.length > 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (popup.hidden && shownText !== null) open(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      choose(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const text = searchText(input.value);
      if (opened && active >= 0) go(options[active].href);
      else if (text) go(allTrailsHref(text));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!popup.hidden) open(false);
      else {
        input.value = '';
        typed();
      }
    }
  });
  // The field keeps the focus while an option is clicked.
  listbox.addEventListener('mousedown', (event) => event.preventDefault());
  listbox.addEventListener('click', (event) => {
    const row = event.target.closest?.('[role="option"]');
    if (row) go(row.dataset.href);
  });
  input.addEventListener('focus', () => {
    if (shownText !== null && shownText === searchText(input.value)) open(true);
  });
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget)) open(false);
  });
  element.addEventListener('submit', (event) => event.preventDefault());

  return {
    element,
    dispose() {
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
