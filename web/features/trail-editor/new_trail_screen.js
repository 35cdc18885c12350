// New trail: upload one or many GPS files (each becomes a trail), or fill in a form for a trail
// without a file. Uploads run two at a time; every file has its own row with progress and, when
// it fails, the reason in words and what can be done about it (a duplicate can be imported anyway).
import {h, replace, toast, uniqueId} from '../../lib/dom.js';
import {trails} from '../../lib/resources.js';
import {categoryChoices} from '../../lib/category_choices.js';
import {defaultCategoryId, pickerCategories} from '../../lib/category_order.js';
import {formError, formValues, onSubmit} from '../../lib/forms.js';
import {changedNames} from '../../lib/form_changes.js';
import {holdUnsaved as holdUnsavedWork} from '../../lib/unsaved.js';
import {formatBytes} from '../../lib/format.js';
import {config} from '../../lib/session.js';
import {UploadQueue} from '../../lib/upload_queue.js';
import {GPS_ACCEPT, dropZone, guardWindowDrops} from './drop_zone.js';
import {detailFields, statFields, trailBody} from './trail_fields.js';

// Sends one queued GPS file; "Import anyway" retries it with `ignoreDuplicates`.
function sendTrack(item, onProgress) {
  return trails.upload(item.file, {ignoreDuplicates: Boolean(item.options.ignoreDuplicates), onProgress});
}

function maxTrackBytes() {
  return (Number(config().maxTrackMb) || 50) * 1024 * 1024;
}

function isDuplicate(error) {
  return error && error.status === 400 && error.body && error.body.message === 'Duplicate trail' && error.body.id;
}

// What went wrong with one file, in words.
function errorText(error) {
  if (!error) return 'The upload failed.';
  if (error.status === 413) return `Too large: the server takes GPS files up to ${config().maxTrackMb || 50} MB.`;
  if (error.status === 401) return 'You are signed out. Sign in again, then retry.';
  if (error.status === 400) return `Could not read this file. ${error.message}`;
  return error.message || 'The upload failed.';
}

const canRetry = (error) => error && (error.status === 0 || error.status >= 500 || error.status === 401);

// One row per file: name, size, progress, status, and the buttons its state allows.
function fileRow(item, queue) {
  const statusId = uniqueId('upload-status');
  const progress = h('progress', {max: 100, value: 0, 'aria-label': `Upload of ${item.file.name}`, 'aria-describedby': statusId});
  const status = h('div', {class: 'upload-status', id: statusId});
  const buttons = h('div', {class: 'upload-buttons'});
  const row = h(
    'li',
    {class: 'upload-row'},
    h('div', {class: 'upload-file'}, h('span', {class: 'upload-name'}, item.file.name), h('span', {class: 'muted'}, formatBytes(item.file.size))),
    progress,
    h('div', {class: 'upload-state'}, status, buttons),
  );
  const button = (text, label, onClick, kind = '') => h('button', {type: 'button', class: ['button', 'small', kind], 'aria-label': label, onClick}, text);

  const update = () => {
    const percent = item.total ? Math.round((Math.min(item.loaded, item.total) / item.total) * 100) : 0;
    row.dataset.status = isDuplicate(item.error) ? 'duplicate' : item.status;
    progress.value = item.status === 'done' || item.status === 'processing' ? 100 : percent;
    progress.hidden = item.status === 'error' || item.status === 'cancelled';
    replace(buttons);
    if (item.status === 'queued') {
      replace(status, 'Queued');
      buttons.append(button('Cancel', `Cancel ${item.file.name}`, () => queue.cancel(item)));
    } else if (item.status === 'uploading') {
      replace(status, `Uploading ${percent}%`);
      buttons.append(button('Cancel', `Cancel ${item.file.name}`, () => queue.cancel(item)));
    } else if (item.status === 'processing') {
      replace(status, 'Reading the track…');
    } else if (item.status === 'cancelled') {
      replace(status, 'Cancelled');
    } else if (item.status === 'done') {
      const trail = item.result || {};
      replace(status, h('span', {class: 'upload-ok'}, 'Done: '), h('a', {href: `/trail/${trail.id}`}, trail.name || 'the new trail'));
      buttons.append(h('a', {class: 'button small', href: `/trail/${trail.id}/edit`, 'aria-label': `Edit ${trail.name || 'the new trail'}`}, 'Edit'));
    } else if (isDuplicate(item.error)) {
      const {id, name} = item.error.body;
      replace(status, h('span', {class: 'upload-warning'}, 'Looks like ', h('a', {href: `/trail/${id}`}, name || 'this trail'), ' you already have.'));
      buttons.append(button('Import anyway', `Import anyway: ${item.file.name}`, () => queue.retry(item, {ignoreDuplicates: true})));
    } else {
      replace(status, h('span', {class: 'upload-error'}, errorText(item.error)));
      if (canRetry(item.error)) buttons.append(button('Try again', `Try again: ${item.file.name}`, () => queue.retry(item)));
    }
  };
  update();
  return {row, update};
}

function uploadPanel({session, isCurrent}) {
  const rows = new Map();
  const list = h('ul', {class: 'upload-list', 'aria-label': 'Files'});
  const summaryText = h('p', {class: 'upload-summary-text', id: uniqueId('upload-summary')});
  const overall = h('progress', {max: 100, value: 0, 'aria-labelledby': summaryText.id});
  const announce = h('div', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});
  const finished = h('div', {class: 'upload-finished', hidden: true});
  const summary = h('div', {class: 'upload-summary card-box', hidden: true}, summaryText, overall, finished);

  const onChange = (item) => {
    if (!rows.has(item.id)) {
      const entry = fileRow(item, queue);
      rows.set(item.id, entry);
      list.append(entry.row);
    }
    rows.get(item.id).update();
    if (item.status === 'done') announce.textContent = `${item.file.name} is now the trail ${item.result?.name || ''}.`;
    else if (item.status === 'error') announce.textContent = `${item.file.name}: ${isDuplicate(item.error) ? `looks like ${item.error.body.name}, which you already have` : errorText(item.error)}`;
    updateSummary();
  };
  const queue = new UploadQueue({send: sendTrack, concurrency: 2, onChange});

  // Closing or reloading the tab would cut running uploads off; the browser asks first.
  const holdPage = (event) => event.preventDefault();
  let wasIdle = true;
  function updateSummary() {
    const s = queue.summary();
    summary.hidden = s.count === 0;
    summaryText.textContent = `${s.finished} of ${s.count} ${s.count === 1 ? 'file' : 'files'}, ${s.percent}%`;
    overall.value = s.percent;
    const idle = queue.idle;
    if (idle !== wasIdle) (idle ? window.removeEventListener : window.addEventListener)('beforeunload', holdPage);
    finished.hidden = !idle || s.count === 0;
    if (idle && !wasIdle && s.count) {
      const duplicates = s.failed.filter((i) => isDuplicate(i.error)).length;
      const parts = [`${s.done.length} ${s.done.length === 1 ? 'trail' : 'trails'} added`];
      if (duplicates) parts.push(`${duplicates} already there`);
      if (s.failed.length > duplicates) parts.push(`${s.failed.length - duplicates} failed`);
      const text = `All uploads finished: ${parts.join(', ')}.`;
      announce.textContent = text;
      // Someone who went elsewhere meanwhile still learns how it ended.
      if (!isCurrent()) toast(text, s.failed.length ? 'error' : 'info');
      replace(
        finished,
        h('p', null, text),
        h(
          'div',
          {class: 'row'},
          s.done.length === 1 ? h('a', {class: 'button primary', href: `/trail/${s.done[0].result.id}/edit`}, 'Edit details') : null,
          h('a', {class: s.done.length === 1 ? 'button' : 'button primary', href: '/trails'}, 'Open trails'),
        ),
      );
    }
    wasIdle = idle;
  }

  const limitMb = config().maxTrackMb || 50;
  const tooLarge = (file) => (file.size > maxTrackBytes() ? `Too large (${formatBytes(file.size)}): the server takes GPS files up to ${limitMb} MB.` : '');
  const zone = dropZone({
    title: 'Drop GPS files here',
    buttonText: 'Choose GPS files',
    inputLabel: 'GPS files',
    accept: GPS_ACCEPT,
    hint: `GPX, KML, KMZ, TCX, GeoJSON or FIT, up to ${limitMb} MB each. Each file becomes a ${session.settings.privacy?.trails === 'public' ? 'public' : 'private'} trail (the default is in your settings).`,
    onFiles: (files) => queue.add(files, tooLarge),
  });

  return h('div', {class: 'stack'}, zone.element, summary, list, announce);
}

function manualPanel({session, navigate, categories, subcategories, holdUnsaved}) {
  const publicDefault = session.settings.privacy?.trails === 'public';
  const form = h(
    'form',
    {class: 'stack', novalidate: true},
    formError(),
    // The favourite category of the settings, else the first one shown in the user's order.
    detailFields({category: defaultCategoryId(categories, session.settings.category || '')}, {categories: pickerCategories(categories), subcategories, publicDefault}),
    h('h3', null, 'Statistics'),
    statFields({}, session.units),
    h('div', {class: 'actions'}, h('button', {type: 'submit', class: 'button primary'}, 'Create trail')),
  );
  // Typed but not created yet: leaving asks first.
  const shown = formValues(form);
  holdUnsaved(() => changedNames(shown, formValues(form)).length > 0);
  onSubmit(form, async (values) => {
    const body = trailBody(values, {units: session.units, withStats: true});
    const trail = await trails.create({...body, public: Boolean(values.public), author: session.user.id});
    toast(`Created ${trail.name}.`);
    await navigate(`/trail/${trail.id}/edit`, {force: true});
  });
  return form;
}

// Two tabs (WAI-ARIA tabs pattern: arrows move between them, one tab stop).
function tabs(label, items, selected) {
  const list = h('div', {class: 'tabs', role: 'tablist', 'aria-label': label});
  const panels = [];
  const buttons = items.map((item, index) => {
    const tabId = uniqueId('tab');
    const panelId = uniqueId('panel');
    const panel = h('div', {class: 'tab-panel', role: 'tabpanel', id: panelId, 'aria-labelledby': tabId}, item.panel);
    panels.push(panel);
    return h('button', {type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, class: 'tab', onClick: () => select(index, false)}, item.label);
  });
  function select(index, focus) {
    buttons.forEach((b, i) => {
      b.setAttribute('aria-selected', String(i === index));
      b.tabIndex = i === index ? 0 : -1;
      panels[i].hidden = i !== index;
    });
    if (focus) buttons[index].focus();
  }
  list.addEventListener('keydown', (event) => {
    const current = buttons.indexOf(document.activeElement);
    if (current < 0) return;
    const next = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: buttons.length - 1}[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select((next + buttons.length) % buttons.length, true);
  });
  list.append(...buttons);
  select(selected, false);
  return [list, ...panels];
}

export default {
  async render(ctx) {
    if (!ctx.requireUser()) return undefined;
    document.title = 'New trail · Cairn';
    const {categories, subcategories} = await categoryChoices().catch((error) => {
      console.error(error);
      return {categories: [], subcategories: null};
    });
    if (!ctx.isCurrent()) return undefined;
    const releases = [];
    const holdUnsaved = (isDirty) => releases.push(holdUnsavedWork(isDirty));
    ctx.view.append(
      h(
        'section',
        {class: 'page trail-new'},
        h('h1', null, 'New trail'),
        tabs(
          'How to add a trail',
          [
            {label: 'Upload GPS files', panel: uploadPanel(ctx)},
            {label: 'Create without a GPS file', panel: manualPanel({...ctx, categories, subcategories, holdUnsaved})},
          ],
          ctx.query.get('manual') ? 1 : 0,
        ),
      ),
    );
    const releaseDrops = guardWindowDrops();
    return () => {
      for (const release of releases) release();
      releaseDrops?.();
    };
  },
};
