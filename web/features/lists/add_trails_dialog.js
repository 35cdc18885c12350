// The list page's "Add trails" dialog: search the trails I can see by name and add them one by
// one; the dialog stays open so several can be added in a row.
import {h, replace} from '../../lib/dom.js';
import {likeQuote} from '../../lib/api.js';
import {trails} from '../../lib/resources.js';
import {openDialog} from '../../lib/dialog.js';
import {formatDate} from '../../lib/format.js';
import {trackNumbers} from '../../lib/track_summary.js';

const FIELDS = 'id,name,distance,date,location,author,expand.author.username';

function nameFilter(text) {
  return `name ~ ${likeQuote(text)}`;
}

// openAddTrailsDialog({has(id), add(trail) -> Promise, units, userId})
export function openAddTrailsDialog({has, add, units, userId}) {
  const search = h('input', {type: 'search', id: 'add-trails-search', class: 'input', autocomplete: 'off', placeholder: 'Trail name'});
  const status = h('p', {class: 'help', role: 'status', 'aria-live': 'polite'});
  const results = h('ul', {class: 'add-results', 'aria-label': 'Trails found'});
  let controller = null;
  let timer = null;
  // Adds still on their way: a search answer drawn meanwhile must not offer them again.
  const adding = new Set();

  function resultRow(trail) {
    const inList = has(trail.id) || adding.has(trail.id);
    const name = trail.name || 'Untitled trail';
    const button = h('button', {type: 'button', class: 'button small', disabled: inList, 'aria-label': inList ? `${name} is in the list` : `Add ${name}`}, inList ? 'In the list' : 'Add');
    const error = h('p', {class: 'field-error', role: 'alert'});
    // While adding and once added the button says so but keeps focus (aria-disabled, not
    // disabled, which would drop the keyboard's place in the dialog).
    button.addEventListener('click', async () => {
      if (button.getAttribute('aria-disabled') === 'true') return;
      button.setAttribute('aria-disabled', 'true');
      error.textContent = '';
      adding.add(trail.id);
      try {
        await add(trail);
        button.textContent = 'Added';
        button.setAttribute('aria-label', `${name} added`);
      } catch (err) {
        button.removeAttribute('aria-disabled');
        error.textContent = err.message;
      } finally {
        adding.delete(trail.id);
      }
    });
    const author = trail.author !== userId ? trail.expand?.author?.username : '';
    const meta = [new Map(trackNumbers(trail, units)).get('Distance'), formatDate(trail.date), trail.location, author && `by ${author}`].filter(Boolean).join(' · ');
    return h('li', {class: 'add-result'}, h('div', {class: 'add-result-text'}, h('strong', null, name), h('span', {class: 'muted'}, meta), error), button);
  }

  async function run() {
    controller?.abort();
    controller = new AbortController();
    const text = search.value.trim();
    status.textContent = 'Searching…';
    try {
      const page = await trails.list(
        {filter: text ? nameFilter(text) : '', sort: text ? 'name' : '-created', perPage: 20, expand: 'author', fields: FIELDS},
        {signal: controller.signal},
      );
      replace(results, page.items.map(resultRow));
      const more = page.totalItems > page.items.length ? ` Showing the first ${page.items.length}; type more of the name to narrow them.` : '';
      status.textContent = page.items.length ? `${page.totalItems} ${page.totalItems === 1 ? 'trail' : 'trails'} found.${more}` : 'No trail matches this name.';
    } catch (err) {
      if (err.name === 'AbortError') return;
      status.textContent = '';
      replace(results, h('li', {class: 'field-error', role: 'alert'}, err.message));
    }
  }

  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 250);
  });
  const content = h(
    'div',
    {class: 'stack add-trails'},
    h('div', {class: 'field'}, h('label', {for: 'add-trails-search'}, 'Search trails'), search, h('p', {class: 'help'}, 'Your trails and those shared with you or public. The newest come first.')),
    status,
    results,
  );
  const {dialog} = openDialog({title: 'Add trails', content, className: 'add-trails-dialog'});
  dialog.addEventListener('close', () => {
    clearTimeout(timer);
    controller?.abort();
  });
  search.focus();
  run();
}
