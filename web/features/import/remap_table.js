// After an import: the activity types its trails came with (Hike, Ride, …), how many trails each,
// their category now, and a category to give them, preselected with the server's suggestion.
// "Apply" sends the types whose category is to change and says how many trails changed.
import {h, keepFocus, uniqueId} from '../../lib/dom.js';
import {archiveImports, categories} from '../../lib/resources.js';

// The category a row starts with: the suggestion, else the one the trails have, else none.
export function initialChoice(row) {
  return row.suggested || row.category || '';
}

// {type: categoryId|''} for the types whose chosen category (`chosen` by type, else the initial
// choice) differs from the one their trails have: applying a category again would only drop
// the trails' subcategories.
export function remapMapping(rows, chosen) {
  const mapping = {};
  for (const row of rows) {
    const wanted = chosen[row.type] ?? initialChoice(row);
    if (wanted !== (row.category || '')) mapping[row.type] = wanted;
  }
  return mapping;
}

// "2 trails changed." plus the refused ones ({id, reason}), if any.
export function appliedText(answer) {
  const changed = Number(answer?.changed) || 0;
  const refused = Array.isArray(answer?.refused) ? answer.refused : [];
  const trails = (n) => `${n} ${n === 1 ? 'trail' : 'trails'}`;
  const reasons = [...new Set(refused.map((r) => r.reason).filter(Boolean))].join('; ');
  return `${trails(changed)} changed.${refused.length ? ` ${trails(refused.length)} could not be changed${reasons ? `: ${reasons}` : ''}.` : ''}`;
}

function categorySelect(row, options) {
  return h(
    'select',
    {class: 'input', 'aria-label': `Category for ${row.type || 'no type'}`, dataset: {type: row.type}},
    h('option', {value: ''}, 'No category'),
    options.map((c) => h('option', {value: c.id, selected: c.id === initialChoice(row)}, c.name)),
  );
}

// remapStep(jobId) -> <section>; loads its rows itself.
export function remapStep(jobId) {
  const titleId = uniqueId('remap-title');
  const body = h('div', {class: 'remap-body'}, h('p', {class: 'muted'}, 'Loading the activity types…'));
  const section = h(
    'section',
    {class: 'import-remap card-box', 'aria-labelledby': titleId},
    h('h2', {id: titleId}, 'Categories of the imported trails'),
    h('p', {class: 'help'}, 'Each activity type of the export, with the category its trails got. Choose another and apply to change them all at once.'),
    body,
  );

  Promise.all([archiveImports.remapPreview(jobId), categories.list()]).then(
    ([preview, all]) => show(Array.isArray(preview?.items) ? preview.items.map((row) => ({...row})) : [], Array.isArray(all) ? all : []),
    (error) => body.replaceChildren(h('p', {class: 'field-error', role: 'alert'}, `The activity types could not be loaded: ${error.message}`)),
  );

  function show(rows, options) {
    if (!rows.length) {
      body.replaceChildren(h('p', {class: 'muted'}, 'The imported trails have no activity types to map.'));
      return;
    }
    const selects = rows.map((row) => categorySelect(row, options));
    const currentName = (row) => row.categoryName || h('span', {class: 'muted'}, 'None');
    const currentCells = rows.map((row) => h('td', null, currentName(row)));
    const result = h('p', {class: 'saved-note', role: 'status', 'aria-live': 'polite'});
    const error = h('p', {class: 'field-error', role: 'alert'});
    const apply = h('button', {type: 'button', class: 'button primary'}, 'Apply');
    apply.addEventListener('click', async () => {
      result.textContent = '';
      error.textContent = '';
      const chosen = Object.fromEntries(selects.map((select) => [select.dataset.type, select.value]));
      const mapping = remapMapping(rows, chosen);
      if (!Object.keys(mapping).length) {
        result.textContent = 'Nothing to change: every type already has the chosen category.';
        return;
      }
      const restoreFocus = keepFocus(apply);
      apply.disabled = true;
      apply.setAttribute('aria-busy', 'true');
      try {
        result.textContent = appliedText(await archiveImports.remapApply(jobId, mapping));
        rows.forEach((row, i) => {
          if (!(row.type in mapping)) return;
          row.category = mapping[row.type];
          row.categoryName = options.find((c) => c.id === row.category)?.name || '';
          currentCells[i].replaceChildren(currentName(row));
        });
      } catch (failure) {
        error.textContent = `The categories were not changed: ${failure.message}`;
      } finally {
        apply.disabled = false;
        apply.removeAttribute('aria-busy');
        restoreFocus();
      }
    });
    body.replaceChildren(
      h(
        'div',
        {class: 'table-scroll'},
        h(
          'table',
          {class: 'data-table remap-table'},
          h('caption', {class: 'visually-hidden'}, 'Activity types and their categories'),
          h(
            'thead',
            null,
            h('tr', null, h('th', {scope: 'col'}, 'Activity type'), h('th', {scope: 'col', class: 'number'}, 'Trails'), h('th', {scope: 'col'}, 'Category now'), h('th', {scope: 'col'}, 'New category')),
          ),
          h(
            'tbody',
            null,
            rows.map((row, i) =>
              h(
                'tr',
                null,
                h('th', {scope: 'row'}, row.type || '(none)'),
                h('td', {class: 'number'}, String(row.count ?? '')),
                currentCells[i],
                h('td', null, selects[i]),
              ),
            ),
          ),
        ),
      ),
      h('div', {class: 'row'}, apply, result),
      error,
    );
  }

  return section;
}
