// Import (/import, sign-in required): a whole export of another service (Strava, Garmin Connect,
// Komoot, …) becomes trails. Choose the service, drop its .zip; it uploads in pieces with a bar
// in bytes, then the server reads it while the page follows the job (each second) to its summary
// and the step that maps the export's activity types to categories. Earlier imports are listed
// below, each openable to its summary (/import?job=ID), unfinished ones with Cancel.
import {h, replace, toast, uniqueId, keepFocus} from '../../lib/dom.js';
import {archiveImports, plugins} from '../../lib/resources.js';
import {formatBytes, formatDate} from '../../lib/format.js';
import {holdUnsaved} from '../../lib/unsaved.js';
import {uploadInPieces} from '../../lib/piece_upload.js';
import {dropZone, guardWindowDrops} from '../trail-editor/drop_zone.js';
import {isFinished, jobSummary, progressOf, statusText} from './import_job.js';
import {remapStep} from './remap_table.js';

const POLL_MS = 1000;

// The plugins that read export archives.
export function importers(answer) {
  const items = Array.isArray(answer?.items) ? answer.items : [];
  return items.filter((plugin) => (plugin.capabilities || plugin.manifest?.capabilities || []).includes('import-archive'));
}

// One radio per importer, with its description under its name.
function pluginChooser(list) {
  const name = uniqueId('importer');
  const error = h('p', {class: 'field-error', id: `${name}-error`, role: 'alert'});
  const options = list.map((plugin) => {
    const id = uniqueId('importer-option');
    const help = plugin.manifest?.description ? h('p', {class: 'help', id: `${id}-help`}, plugin.manifest.description) : null;
    return h(
      'div',
      {class: 'importer-option'},
      h('label', {class: 'radio', for: id}, h('input', {type: 'radio', name, id, value: plugin.id, 'aria-describedby': help ? `${id}-help` : null}), h('span', {class: 'importer-name'}, plugin.name || plugin.id)),
      help,
    );
  });
  const element = h('fieldset', {class: 'radio-group importer-choice', 'aria-describedby': error.id}, h('legend', null, 'Where the export comes from'), options, error);
  element.addEventListener('change', () => {
    error.textContent = '';
    element.removeAttribute('aria-invalid');
  });
  return {
    element,
    selected: () => element.querySelector('input:checked')?.value || '',
    complain(message) {
      error.textContent = message;
      element.querySelector('input')?.focus();
    },
  };
}

// One import on the page: its name, state, a bar, Cancel while it works, then its summary and
// (for a finished one with trails) the category step. update(job) redraws it.
function jobPanel({onCancel}) {
  const titleId = uniqueId('job-title');
  const title = h('h2', {id: titleId}, 'Import');
  const status = h('p', {class: 'import-status'});
  // Said once per phase (uploading, reading, done): the per-second numbers are not read out.
  const announce = h('p', {class: 'visually-hidden', role: 'status', 'aria-live': 'polite'});
  const bar = h('progress', {max: 1, 'aria-labelledby': titleId});
  const cancel = h('button', {type: 'button', class: 'button'}, 'Cancel import');
  const error = h('p', {class: 'field-error', role: 'alert'});
  const summary = h('div', {class: 'import-summary-slot'});
  const remap = h('div', {class: 'import-remap-slot'});
  const element = h('section', {class: 'import-job card-box', 'aria-labelledby': titleId}, title, status, bar, h('div', {class: 'row'}, cancel), error, announce, summary, remap);
  let phase = '';
  let shownFinished = false;

  cancel.addEventListener('click', async () => {
    error.textContent = '';
    const restoreFocus = keepFocus(cancel);
    cancel.disabled = true;
    try {
      await onCancel();
    } catch (failure) {
      error.textContent = `Cancelling failed: ${failure.message}`;
      cancel.disabled = false;
      restoreFocus();
    }
  });

  return {
    element,
    update(job, {sent} = {}) {
      title.textContent = `Import of ${job.source || 'the archive'}`;
      const shown = sent === undefined ? job : {...job, received: sent};
      status.textContent = statusText(shown);
      const {value, max} = progressOf(shown);
      bar.max = max;
      if (value === null) bar.removeAttribute('value');
      else bar.value = value;
      const now = job.status === 'running' || job.status === 'queued' ? 'reading' : job.status;
      if (now !== phase) {
        phase = now;
        const reading = Number(job.size) > 0 ? 'Upload complete; the server is reading the archive.' : 'The server is reading the activities.';
        announce.textContent = now === 'reading' ? reading : statusText(shown);
      }
      const finished = isFinished(job);
      cancel.hidden = finished;
      bar.hidden = finished;
      if (finished && !shownFinished) {
        shownFinished = true;
        replace(summary, jobSummary(job));
        if (job.status === 'done' && Number(job.imported) > 0) replace(remap, remapStep(job.id));
      }
    },
    fail(message) {
      error.textContent = message;
      cancel.hidden = true;
    },
  };
}

// Earlier imports, newest first: where from, when, their state; each opens to its summary.
function earlierImports({names, onChanged}) {
  const list = h('ul', {class: 'import-list', 'aria-label': 'Earlier imports'});
  const note = h('p', {class: 'muted'}, 'Loading earlier imports…');
  const element = h('section', {class: 'import-earlier', 'aria-labelledby': 'import-earlier-title'}, h('h2', {id: 'import-earlier-title'}, 'Earlier imports'), note, list);

  function row(job) {
    const error = h('p', {class: 'field-error', role: 'alert'});
    const label = job.source || 'archive';
    const buttons = h('div', {class: 'row'});
    if (!isFinished(job)) {
      const cancel = h('button', {type: 'button', class: 'button small', 'aria-label': `Cancel the import of ${label}`}, 'Cancel');
      cancel.addEventListener('click', async () => {
        cancel.disabled = true;
        try {
          await archiveImports.remove(job.id);
          onChanged(job.id);
        } catch (failure) {
          cancel.disabled = false;
          error.textContent = failure.message;
        }
      });
      buttons.append(cancel);
    }
    return h(
      'li',
      {class: 'import-row', dataset: {status: job.status}},
      h(
        'div',
        {class: 'import-row-text'},
        h('a', {href: `/import?job=${encodeURIComponent(job.id)}`, class: 'import-row-name'}, label),
        // A sync of a connected service (Settings) is listed too; it has no archive, so no size.
        h('span', {class: 'muted'}, ` ${names.get(job.plugin) || job.plugin || ''} · ${formatDate(job.created)}${Number(job.size) > 0 ? ` · ${formatBytes(Number(job.size))}` : ''}`),
        h('p', {class: 'import-row-status'}, statusText(job)),
        error,
      ),
      buttons,
    );
  }

  return {
    element,
    async load() {
      try {
        const answer = await archiveImports.list();
        const jobs = Array.isArray(answer?.items) ? answer.items : [];
        note.hidden = jobs.length > 0;
        note.textContent = 'No imports yet.';
        list.replaceChildren(...jobs.map(row));
      } catch (failure) {
        note.hidden = false;
        note.textContent = `Earlier imports could not be loaded: ${failure.message}`;
      }
    },
  };
}

export default {
  async render(ctx) {
    const {view, query, isCurrent} = ctx;
    if (!ctx.requireUser()) return;
    document.title = 'Import · Cairn';
    const answer = await plugins.list();
    if (!isCurrent()) return;
    const list = importers(answer);
    const names = new Map((answer?.items || []).map((p) => [p.id, p.name || p.id]));

    // What cleanup stops: the poll timer, an upload in flight, the drop guard, the unsaved hold.
    let timer = null;
    let upload = null;
    let gone = false;
    const panels = new Map();
    const releases = [guardWindowDrops(), holdUnsaved(() => upload !== null)];

    // A job cancelled from the list: the list and, when it is open above, its panel.
    const earlier = earlierImports({
      names,
      onChanged(jobId) {
        earlier.load();
        const panel = panels.get(jobId);
        if (panel) archiveImports.show(jobId).then((job) => panel.update(job), () => panel.fail('The import was cancelled.'));
      },
    });
    const jobSlot = h('div', {class: 'import-job-slot'});

    // Polls the job each second until it finishes, drawing it on `panel`. A job opened from the
    // list that still waits for bytes another page was sending is shown once, not watched.
    function follow(jobId, panel, {watchUpload = true} = {}) {
      clearTimeout(timer);
      const tick = async () => {
        let job;
        try {
          job = await archiveImports.show(jobId);
        } catch (failure) {
          if (gone) return;
          if (failure.status === 404) {
            panel.fail('This import is gone (cancelled or forgotten).');
            earlier.load();
            return;
          }
          timer = setTimeout(tick, POLL_MS * 3); // a passing failure: try again a little later
          return;
        }
        if (gone) return;
        panel.update(job);
        if (isFinished(job)) earlier.load();
        else if (watchUpload || job.status !== 'uploading') timer = setTimeout(tick, POLL_MS);
      };
      tick();
    }

    function cancelJob(jobId) {
      return async () => {
        upload?.abort();
        await archiveImports.remove(jobId);
        clearTimeout(timer);
        toast('The import was cancelled.');
        earlier.load();
        const job = await archiveImports.show(jobId).catch(() => null);
        if (job) panels.get(jobId)?.update(job);
        else panels.get(jobId)?.fail('The import was cancelled.');
      };
    }
    const panelFor = (jobId) => {
      const panel = jobPanel({onCancel: cancelJob(jobId)});
      panels.set(jobId, panel);
      replace(jobSlot, panel.element);
      return panel;
    };

    async function start(file) {
      const plugin = chooser.selected();
      if (!plugin) {
        chooser.complain('Choose where the export comes from first.');
        return;
      }
      if (!file.size) {
        chooser.complain(`${file.name} is empty.`);
        return;
      }
      zone.setDisabled(true);
      let job;
      try {
        job = await archiveImports.start({plugin, name: file.name, size: file.size});
      } catch (failure) {
        zone.setDisabled(false);
        chooser.complain(`The import could not start: ${failure.message}`);
        return;
      }
      const panel = panelFor(job.id);
      panel.update(job, {sent: 0});
      panel.element.querySelector('h2').setAttribute('tabindex', '-1');
      panel.element.querySelector('h2').focus();
      upload = uploadInPieces({
        size: file.size,
        send: (from, to, onProgress) => archiveImports.sendPiece(job.id, from, file.slice(from, to), {onProgress: (loaded) => onProgress(loaded)}),
        onProgress: (sent) => panel.update(job, {sent}),
      });
      try {
        const last = await upload.promise;
        if (last) panel.update(last);
      } catch (failure) {
        upload = null;
        zone.setDisabled(false);
        if (failure.name !== 'AbortError') {
          panel.fail(`The upload failed: ${failure.message}`);
          earlier.load();
        }
        return;
      }
      upload = null;
      zone.setDisabled(false);
      if (gone) return;
      earlier.load();
      follow(job.id, panel);
    }

    const chooser = pluginChooser(list);
    const zone = dropZone({
      buttonText: 'Choose the archive',
      inputLabel: 'Export archive',
      accept: '.zip,application/zip',
      multiple: false,
      title: 'Drop the export’s .zip here',
      hint: 'The whole archive as the service gave it; large ones upload in pieces.',
      onFiles: ([file]) => start(file),
    });

    view.append(
      h(
        'div',
        {class: 'page import-page'},
        h('h1', null, 'Import an export'),
        h('p', {class: 'help'}, 'Bring your activities from another service: each activity with a GPS track becomes one of your trails. ', 'Services you connect for syncing and sending are in ', h('a', {href: '/settings'}, 'the settings'), '.'),
        list.length
          ? h('section', {class: 'import-start card-box stack', 'aria-label': 'New import'}, chooser.element, zone.element)
          : h('p', {class: 'empty'}, 'This server has no importers.'),
        jobSlot,
        earlier.element,
      ),
    );
    earlier.load();

    const opened = query.get('job');
    if (opened) follow(opened, panelFor(opened), {watchUpload: false});

    return () => {
      gone = true;
      clearTimeout(timer);
      upload?.abort();
      for (const release of releases) release();
    };
  },
};
