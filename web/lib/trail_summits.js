// Summit logs of a trail: who did it when, their words, photos and (with a GPS file) their
// numbers; and for signed-in people who may see the trail, a form that sends everything in one
// multipart request (`PUT /summit-log/form`) with a progress bar.
import {h, replace, toast} from './dom.js';
import {api, upload, listAll, quote, fileUrl} from './api.js';
import {field, formError, onSubmit} from './forms.js';
import {confirmDialog} from './dialog.js';
import {formatDate, formatDistance, formatElevation, formatDuration, formatBytes} from './format.js';
import {photoGrid} from './trail_photos.js';

const LOG_FIELDS = 'id,collectionId,collectionName,author,date,text,distance,duration,elevation_gain,elevation_loss,gpx,photos,expand.author.username';
const TRACK_TYPES = '.gpx,.kml,.kmz,.tcx,.geojson,.json,.fit';

// summitSection({trail, session, canPost, signal}) -> <section>; `signal` aborting cancels an
// upload that is still running.
export function summitSection({trail, session, canPost, signal}) {
  const list = h('div', {class: 'summit-list', 'aria-busy': 'true'}, h('p', {class: 'muted'}, 'Loading summit logs…'));
  const count = h('span', {class: 'count muted'});
  const section = h('section', {class: 'trail-section trail-summits', 'aria-labelledby': 'summits-title'}, h('h2', {id: 'summits-title'}, 'Summit logs ', count));
  let logs = [];

  function render() {
    list.removeAttribute('aria-busy');
    count.textContent = logs.length ? `(${logs.length})` : '';
    if (!logs.length) replace(list, h('p', {class: 'muted'}, 'Nobody has logged this trail yet.'));
    else replace(list, h('ul', {class: 'entry-list'}, logs.map(logItem)));
  }

  function logItem(log) {
    const author = log.expand?.author?.username || 'Someone';
    const mayDelete = session.user && (log.author === session.user.id || trail.author === session.user.id);
    const error = h('p', {class: 'field-error', role: 'alert'});
    const remove = mayDelete ? h('button', {type: 'button', class: 'button small', 'aria-label': `Delete summit log of ${formatDate(log.date)} by ${author}`}, 'Delete') : null;
    remove?.addEventListener('click', async () => {
      const ok = await confirmDialog({title: 'Delete this summit log?', message: 'The log, its photos and its GPS file are removed.', confirmLabel: 'Delete summit log'});
      if (!ok) return;
      error.textContent = '';
      try {
        await api('DELETE', `/summit-log/${log.id}`);
        logs = logs.filter((l) => l.id !== log.id);
        render();
        toast('Summit log deleted.');
      } catch (err) {
        error.textContent = err.message;
      }
    });
    const photos = log.photos || [];
    return h(
      'li',
      {class: 'entry'},
      h(
        'div',
        {class: 'entry-head'},
        h('time', {datetime: formatDate(log.date)}, h('strong', null, formatDate(log.date))),
        h('span', {class: 'muted'}, author),
        h('span', {class: 'spacer'}),
        remove,
      ),
      log.text ? h('p', {class: 'pre-line entry-text'}, log.text) : null,
      log.gpx ? logStats(log, session.units) : null,
      photos.length ? photoGrid(log, photos, {thumb: '100x100', size: 'small', what: `photo of the summit log of ${formatDate(log.date)},`}) : null,
      error,
    );
  }

  section.append(list);
  if (canPost) section.append(logForm());
  else if (!session.signedIn) section.append(h('p', null, h('a', {href: `/login?next=${encodeURIComponent(location.pathname + location.search)}`}, 'Sign in to log a summit')));

  function logForm() {
    const toggle = h('button', {type: 'button', class: 'button', 'aria-expanded': 'false'}, 'Add a summit log');
    // The bar carries the numbers; only the start is announced, so screen readers are not
    // flooded with every percent (the end is announced by the toast or the error).
    const progress = h('progress', {max: 100, value: 0, 'aria-label': 'Upload progress'});
    const progressText = h('span', {role: 'status'});
    const cancel = h('button', {type: 'button', class: 'button small'}, 'Cancel upload');
    const status = h('div', {class: 'summit-upload', hidden: true}, progress, h('div', {class: 'row'}, progressText, cancel));
    const form = h(
      'form',
      {class: 'stack card-box summit-form', novalidate: true, hidden: true, 'aria-labelledby': 'summit-form-title'},
      h('h3', {id: 'summit-form-title'}, 'New summit log'),
      formError(),
      h(
        'div',
        {class: 'form-grid'},
        field({label: 'Summit date', name: 'date', type: 'date', required: true, value: today()}),
        field({label: 'Summit photos', name: 'photos', type: 'file', attrs: {multiple: true, accept: 'image/png,image/jpeg,image/webp,image/svg+xml'}}),
        field({label: 'Summit GPS file', name: 'gpx', type: 'file', help: 'GPX, KML, KMZ, TCX, GeoJSON or FIT: adds distance, time and elevation.', attrs: {accept: TRACK_TYPES}}),
      ),
      field({label: 'Summit notes', name: 'text', type: 'textarea', rows: 3, attrs: {maxlength: 20000}}),
      status,
      h('div', {class: 'row'}, h('button', {type: 'submit', class: 'button primary'}, 'Save summit log'), h('button', {type: 'button', class: 'button', onclick: () => setOpen(false)}, 'Close form')),
    );
    const setOpen = (open) => {
      form.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open) form.querySelector('input[name="date"]').focus();
      else toggle.focus();
    };
    toggle.addEventListener('click', () => setOpen(form.hidden));

    let running = null;
    cancel.addEventListener('click', () => running?.abort());
    signal?.addEventListener('abort', () => running?.abort());

    onSubmit(form, async (values) => {
      if (!values.date) throw {status: 400, message: '', fields: {date: 'Pick the day you did it.'}};
      const body = new FormData();
      body.append('date', values.date);
      body.append('text', values.text.trim());
      body.append('trail', trail.id);
      body.append('author', session.user.id);
      for (const file of values.photos || []) body.append('photos', file, file.name);
      if (values.gpx && values.gpx[0]) body.append('gpx', values.gpx[0], values.gpx[0].name);
      status.hidden = false;
      progress.value = 0;
      progressText.removeAttribute('aria-live');
      progressText.textContent = 'Uploading…';
      running = upload('PUT', '/summit-log/form', body, {
        query: {expand: 'author'},
        onProgress(loaded, total) {
          progress.value = Math.round((loaded / total) * 100);
          progressText.setAttribute('aria-live', 'off');
          progressText.textContent = `Uploading ${formatBytes(loaded)} of ${formatBytes(total)}`;
        },
      });
      try {
        const saved = await running.promise;
        if (!saved.expand?.author) saved.expand = {...saved.expand, author: session.user};
        logs = [saved, ...logs].sort((a, b) => String(b.date).localeCompare(String(a.date)));
        render();
        form.reset();
        form.querySelector('input[name="date"]').value = today();
        setOpen(false);
        toast('Summit log saved.');
      } catch (error) {
        // A cancelled upload keeps the form as it was, without an error.
        if (error.name === 'AbortError') return;
        throw error;
      } finally {
        running = null;
        status.hidden = true;
      }
    });
    return h('div', {class: 'summit-add'}, toggle, form);
  }

  listAll('/summit-log', {filter: `trail=${quote(trail.id)}`, sort: '-date', expand: 'author', fields: LOG_FIELDS}, 1000)
    .then((items) => {
      if (signal?.aborted) return;
      logs = items;
      render();
    })
    .catch((error) => {
      if (signal?.aborted || error.name === 'AbortError') return;
      list.removeAttribute('aria-busy');
      replace(list, h('p', {class: 'form-error', role: 'alert'}, `Summit logs could not be loaded: ${error.message}`));
    });
  return section;
}

function logStats(log, units) {
  const items = [
    ['Distance', formatDistance(log.distance, units)],
    ['Duration', formatDuration(log.duration)],
    ['Gain', formatElevation(log.elevation_gain, units)],
    ['Loss', formatElevation(log.elevation_loss, units)],
  ];
  return h(
    'div',
    {class: 'log-stats'},
    h('dl', {class: 'stats stats-small'}, items.map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value)))),
    h('a', {href: fileUrl(log, log.gpx, {download: true}), download: ''}, 'GPS file'),
  );
}

// Today in the viewer's own calendar, as the date input wants it.
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
