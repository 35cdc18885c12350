// The actions of the trails page's selection bar: add to a list, export as GPX or GeoJSON,
// change category, tags, difficulty or visibility, and delete. Each sends the selected ids to
// the server (at most BULK_LIMIT a request), which checks every trail as a single write would;
// the summary says what changed and what was refused, by trail name.
import {h} from '../../lib/dom.js';
import {quote} from '../../lib/api.js';
import {openDialog, confirmDialog} from '../../lib/dialog.js';
import {field, onSubmit, formError} from '../../lib/forms.js';
import {DIFFICULTIES} from '../../lib/format.js';
import {BULK_LIMIT, categories, lists, tags as tagRecords, trails} from '../../lib/resources.js';

function chunks(ids) {
  const out = [];
  for (let i = 0; i < ids.length; i += BULK_LIMIT) out.push(ids.slice(i, i + BULK_LIMIT));
  return out;
}

// The bulk action `action` on every id, a request per BULK_LIMIT -> {done, refused}.
export async function runBulk(ids, action) {
  const outcome = {done: [], refused: []};
  for (const part of chunks(ids)) {
    const answer = await trails.bulk(part, action);
    outcome.done.push(...(answer.done || []));
    outcome.refused.push(...(answer.refused || []));
  }
  return outcome;
}

// "2 changed, 1 not allowed: “V”, 1 not found: “B”".
export function summarize({done, refused}, verb, nameOf) {
  const groups = new Map();
  for (const r of refused) {
    const label = r.status === 403 ? 'not allowed' : r.status === 404 ? 'not found' : 'failed';
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(`“${nameOf(r.id)}”`);
  }
  const parts = [`${done.length} ${verb}`];
  for (const [label, names] of groups) parts.push(`${names.length} ${label}: ${names.join(', ')}`);
  return parts.join(', ');
}

// A dialog holding one form; `action(values)` runs on submit and closes it when it succeeds.
function formDialog({title, fields, submitLabel, action}) {
  const form = h('form', {class: 'stack bulk-form', novalidate: true}, formError(), ...fields, h('div', {class: 'actions'}, h('button', {type: 'submit', class: 'button primary'}, submitLabel)));
  const {dialog, close} = openDialog({title, content: form, className: 'bulk-dialog'});
  onSubmit(form, async (values) => {
    await action(values, form);
    close();
  });
  form.querySelector('input, select')?.focus();
  return dialog;
}

function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', {href: url, download: name, hidden: true});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// bulkActions({me, selection() -> ids, nameOf(id), report(text), onDone({deleted})}) ->
//   {element, enable(on), dispose()}
export function bulkActions({me, selection, nameOf, report, onDone}) {
  const buttons = [];
  const button = (label, run, className = 'button small') => {
    const b = h('button', {type: 'button', class: className}, label);
    b.addEventListener('click', () => {
      report('');
      run(selection()).catch((error) => report(`${label.replace('…', '')} failed: ${error.message}`));
    });
    buttons.push(b);
    return b;
  };

  async function apply(ids, action, verb) {
    const outcome = await runBulk(ids, action);
    report(summarize(outcome, verb, nameOf));
    onDone({deleted: action.delete ? outcome.done : []});
  }

  async function addToList(ids) {
    const mine = await lists.all({filter: `author = ${quote(me)}`, sort: 'name', fields: 'id,name'}, 500);
    const NEW = '';
    const dialog = formDialog({
      title: `Add ${ids.length === 1 ? '1 trail' : `${ids.length} trails`} to a list`,
      fields: [
        field({type: 'select', name: 'list', label: 'List', value: mine[0]?.id ?? NEW, options: [...mine.map((l) => ({value: l.id, label: l.name})), {value: NEW, label: 'New list…'}]}),
        field({name: 'name', label: 'Name of a new list'}),
      ],
      submitLabel: 'Add to list',
      async action(values) {
        let id = values.list;
        let name = mine.find((l) => l.id === id)?.name;
        if (!id) {
          const created = await lists.create({name: values.name.trim(), author: me, trails: []});
          ({id, name} = created);
        }
        const outcome = await runBulk(ids, {add_to_list: id});
        report(summarize(outcome, `added to “${name}”`, nameOf));
        onDone();
      },
    });
    // The name is asked for only when a new list is to be made.
    const choice = dialog.querySelector('select[name="list"]');
    const nameField = dialog.querySelector('input[name="name"]').closest('.field');
    const showName = () => {
      nameField.hidden = choice.value !== NEW;
    };
    choice.addEventListener('change', showName);
    showName();
  }

  async function exportAs(ids, format) {
    const extension = format === 'gpx' ? 'gpx' : 'geojson';
    const parts = chunks(ids);
    for (const [index, part] of parts.entries()) {
      const blob = await trails.download(part, {format});
      const single = part.length === 1 && blob.type !== 'application/zip';
      const base = single ? nameOf(part[0]).replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_') : parts.length > 1 ? `trails-${index + 1}` : 'trails';
      saveBlob(blob, `${base}.${single ? extension : 'zip'}`);
    }
    report(`${ids.length} exported as ${format === 'gpx' ? 'GPX' : 'GeoJSON'}.`);
  }

  async function changeCategory(ids) {
    const all = await categories.list();
    formDialog({
      title: 'Change category',
      fields: [field({type: 'select', name: 'category', label: 'Category', options: [{value: '', label: 'None'}, ...all.map((c) => ({value: c.id, label: c.name}))]})],
      submitLabel: 'Change category',
      action: (values) => apply(ids, {update: {category: values.category}}, 'changed'),
    });
  }

  function changeDifficulty(ids) {
    formDialog({
      title: 'Change difficulty',
      fields: [field({type: 'select', name: 'difficulty', label: 'Difficulty', options: [{value: '', label: 'Not set'}, ...DIFFICULTIES]})],
      submitLabel: 'Change difficulty',
      action: (values) => apply(ids, {update: {difficulty: values.difficulty}}, 'changed'),
    });
    return Promise.resolve();
  }

  function changeVisibility(ids) {
    formDialog({
      title: 'Who sees these trails',
      fields: [field({type: 'select', name: 'public', label: 'Visibility', options: [{value: 'false', label: 'Private (you and those you share with)'}, {value: 'true', label: 'Public (everyone)'}]})],
      submitLabel: 'Change visibility',
      action: (values) => apply(ids, {update: {public: values.public === 'true'}}, 'changed'),
    });
    return Promise.resolve();
  }

  async function changeTags(ids) {
    const all = await tagRecords.all({sort: 'name', fields: 'id,name'}, 1000);
    const options = [{value: '', label: '—'}, ...all.map((t) => ({value: t.id, label: t.name}))];
    formDialog({
      title: 'Change tags',
      fields: [
        field({type: 'select', name: 'add', label: 'Add tag', options}),
        field({name: 'new_tag', label: 'Or add a new tag', help: 'A tag that does not exist yet.'}),
        field({type: 'select', name: 'remove', label: 'Remove tag', options}),
      ],
      submitLabel: 'Change tags',
      async action(values) {
        const add = values.add ? [values.add] : [];
        if (values.new_tag.trim()) add.push((await tagRecords.create(values.new_tag.trim())).id);
        const remove = values.remove ? [values.remove] : [];
        if (!add.length && !remove.length) throw new Error('Choose a tag to add or to remove.');
        await apply(ids, {tags: {add, remove}}, 'changed');
      },
    });
  }

  async function remove(ids) {
    const n = ids.length;
    const ok = await confirmDialog({
      title: n === 1 ? 'Delete 1 trail?' : `Delete ${n} trails?`,
      message: `${n === 1 ? 'The trail is' : `The ${n} trails are`} deleted with their tracks, photos, waypoints, comments, summit logs and shares. Trails that are not yours stay. This cannot be undone.`,
      confirmLabel: n === 1 ? 'Delete 1 trail' : `Delete ${n} trails`,
    });
    if (ok) await apply(ids, {delete: true}, 'deleted');
  }

  const element = h(
    'div',
    {class: 'bulk-actions'},
    button('Add to list…', addToList),
    button('Export GPX', (ids) => exportAs(ids, 'gpx')),
    button('Export GeoJSON', (ids) => exportAs(ids, 'geojson')),
    button('Category…', changeCategory),
    button('Tags…', changeTags),
    button('Difficulty…', changeDifficulty),
    button('Visibility…', changeVisibility),
    button('Delete…', remove, 'button small danger'),
  );
  return {
    element,
    enable(on) {
      for (const b of buttons) b.disabled = !on;
    },
    dispose() {},
  };
}
